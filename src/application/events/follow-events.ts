import type { EventNews } from '../../domain/events/event-news.js';
import type { EventPosition, EventStore } from '../../domain/events/event-store.js';
import type { SimilarityFeed } from '../../domain/product/similarity.js';
import type { ShopperEvent } from '../../domain/events/shopper-event.js';
import type { Scheduler } from '../../domain/shared/scheduler.js';
import { token } from '../../domain/shared/token.js';
import { RecurringRun } from '../shared/recurring-run.js';

/** The one way recorded events reach what is learnt from them, here and on the other instances. */
export interface EventFeed {
  /** Events this instance has just stored: learnt here at once, and the other instances are told. */
  recorded(events: readonly ShopperEvent[]): Promise<void>;
  /** A shopper this instance erased: forgotten here at once, and the other instances are told. */
  erased(userId: string): Promise<void>;
}

export const EventFeedToken = token<EventFeed>('EventFeed');

/** What the event feed of this instance is made of FollowEvents (itself, or it with the shared records added). */
export const EventFeedExtensionToken = token<(feed: EventFeed) => EventFeed>('EventFeedExtension');

export interface BehaviourFollowSettings {
  /**
   * How often everything is learnt afresh from the store (BEHAVIOUR_RELEARN_HOURS): what the
   * retention removed leaves the answers then, and every instance comes back to exactly what the
   * store holds. Undefined: only at start and when news may have been missed.
   */
  readonly relearnEveryMs?: number | undefined;
  /** How long to wait before trying again when reading the store failed. Default 5 s. */
  readonly retryAfterMs?: number | undefined;
}

export const BehaviourFollowSettingsToken = token<BehaviourFollowSettings>('BehaviourFollowSettings');

/** Events per read of the history: learning one page holds the event loop a few milliseconds. */
const PAGE = 1_000;

/**
 * Keeps what is learnt from shoppers (the SimilarityFeed) following the event store, the one source
 * of truth: at start the whole history is learnt, in time order, a page at a time (the event loop
 * is given back between pages); each batch recorded here is learnt at once and sent to the other
 * instances through the event news; news from them is learnt as it comes. When news may have been
 * missed, and every `relearnEveryMs`, everything is learnt afresh from the store, beside what is
 * known (which goes on answering) until it is done.
 */
export class FollowEvents implements EventFeed {
  readonly name = 'behaviour';
  private readonly relearning: RecurringRun;

  constructor(
    private readonly events: EventStore,
    private readonly behaviour: SimilarityFeed,
    private readonly news: EventNews,
    private readonly scheduler: Scheduler,
    settings: BehaviourFollowSettings = {},
  ) {
    this.relearning = new RecurringRun(() => this.relearnOnce(), scheduler, {
      everyMs: settings.relearnEveryMs,
      retryAfterMs: settings.retryAfterMs,
    });
    news.subscribe({
      received: (heard) => behaviour.learn(heard),
      erased: (userIds) => userIds.forEach((userId) => behaviour.forgetUser(userId)),
      missedSome: () => void this.relearn().catch(() => undefined),
    });
  }

  /** Learns the history; then learns it afresh periodically when configured. */
  start(): Promise<void> {
    return this.relearning.start();
  }

  stop(): Promise<void> {
    return this.relearning.stop();
  }

  async recorded(events: readonly ShopperEvent[]): Promise<void> {
    if (events.length === 0) return;
    this.behaviour.learn(events);
    await this.news.publish(events);
  }

  async erased(userId: string): Promise<void> {
    this.behaviour.forgetUser(userId);
    await this.news.publishErased([userId]);
  }

  /** Learns everything afresh from the store. Concurrent calls share one run; a call during a run makes one more follow it. */
  relearn(): Promise<void> {
    return this.relearning.run();
  }

  private async relearnOnce(): Promise<void> {
    const learning = this.behaviour.relearn();
    try {
      let after: EventPosition | undefined;
      for (;;) {
        const page = await this.events.scan(after, PAGE);
        learning.learn(page.items);
        const last = page.items.at(-1);
        if (!page.more || last === undefined || this.relearning.stopped) break;
        after = { at: last.at, key: last.key };
        // A store in memory answers at once: the loop is given back to requests between pages.
        await this.scheduler.breathe();
      }
    } catch (error) {
      learning.abandon();
      throw error;
    }
    if (this.relearning.stopped) learning.abandon();
    else learning.finish();
  }
}
