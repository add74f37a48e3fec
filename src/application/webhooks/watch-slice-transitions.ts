import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { Scheduler } from '../../domain/shared/scheduler.js';
import { MAX_TRANSITION_CATCH_UP_MS, MAX_TRANSITION_SLEEP_MS } from '../../domain/webhooks/delivery-policy.js';
import { transitionEvents } from '../../domain/webhooks/webhook-message.js';
import type { WebhookStore } from '../../domain/webhooks/webhook-store.js';
import { RecurringRun } from '../shared/recurring-run.js';
import type { WebhookOutbox } from './webhook-outbox.js';

/** The checkpoint of the transitions told: every instance shares it through the store. */
export const TRANSITIONS_CHECKPOINT = 'slice-transitions';
/** Slices per read of the transitions since the checkpoint. */
const TRANSITION_PAGE = 200;

/**
 * Tells subscriptions when slices become active or expire, at the instant: sleeps until the next
 * start or end of any slice (at most MAX_TRANSITION_SLEEP_MS, so that another instance's edits are
 * seen), then enqueues the transitions since the shared checkpoint and moves it on. A restart
 * finds what it missed from the checkpoint (within MAX_TRANSITION_CATCH_UP_MS); every instance
 * runs this, and the messages' ids, made from the transitions, keep each one once.
 */
export class WatchSliceTransitions {
  readonly name = 'slice-transitions';
  private readonly runs: RecurringRun;
  private cancelWake: (() => void) | undefined;
  private started = false;

  constructor(
    private readonly collections: CollectionStore,
    private readonly store: WebhookStore,
    private readonly outbox: WebhookOutbox,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
  ) {
    this.runs = new RecurringRun(() => this.catchUp(), scheduler);
  }

  async start(): Promise<void> {
    this.started = true;
    await this.runs.start().catch(() => undefined); // a store that does not answer now: tried again shortly
  }

  async stop(): Promise<void> {
    this.started = false;
    this.cancelWake?.();
    this.cancelWake = undefined;
    await this.runs.stop();
  }

  /** Slices changed here: the next transition may be sooner than the one slept until. */
  nudge(): void {
    if (this.started) void this.runs.run().catch(() => undefined);
  }

  /** Resolves once the run under way has ended. */
  settled(): Promise<void> {
    return this.runs.settled();
  }

  private async catchUp(): Promise<void> {
    const now = this.clock.now();
    const checkpoint = await this.store.getCheckpoint(TRANSITIONS_CHECKPOINT);
    if (checkpoint !== undefined && checkpoint < now) {
      const after = new Date(Math.max(checkpoint.getTime(), now.getTime() - MAX_TRANSITION_CATCH_UP_MS));
      let afterId: number | undefined;
      for (;;) {
        const page = await this.collections.listSlicesChangingIn(after, now, { afterId, limit: TRANSITION_PAGE });
        await this.outbox.publish(transitionEvents(page.items, after, now));
        afterId = page.items.at(-1)?.id;
        if (!page.more) break;
      }
    }
    await this.store.advanceCheckpoint(TRANSITIONS_CHECKPOINT, now);
    const next = await this.collections.findNextTransitionOfAny(now);
    // From the time it is now (the reads took some): a transition passed meanwhile is due at once.
    const untilNext = next === undefined ? MAX_TRANSITION_SLEEP_MS : next.getTime() - this.clock.now().getTime();
    const wait = Math.max(0, Math.min(untilNext, MAX_TRANSITION_SLEEP_MS));
    this.cancelWake?.();
    if (!this.runs.stopped) this.cancelWake = this.scheduler.after(wait, () => void this.runs.run().catch(() => undefined));
  }
}
