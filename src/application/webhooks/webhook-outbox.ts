import type { WebhookEventType } from '../../domain/webhooks/webhook.js';
import type { WebhookCrypto } from '../../domain/webhooks/webhook-crypto.js';
import { messageBody, type WebhookEvent } from '../../domain/webhooks/webhook-message.js';
import type { WebhookStore } from '../../domain/webhooks/webhook-store.js';
import type { Clock } from '../../domain/shared/clock.js';

/**
 * The most writes whose events a process keeps when the store cannot take them after the write
 * happened; past it the oldest are dropped (and counted), so a long outage cannot fill the memory.
 */
export const MAX_KEPT_EVENTS = 10_000;

/** A write's events, or how to find them once the store answers. */
export type EventsOfAWrite = readonly WebhookEvent[] | (() => Promise<readonly WebhookEvent[]>);
type KeptWork = () => Promise<readonly WebhookEvent[]>;

/** The subscriptions to one event type, by id. */
export interface Subscribers {
  readonly type: WebhookEventType;
  readonly ids: readonly string[];
}

/**
 * Where events become deliveries: each event a message with the id its key makes, kept once for
 * each subscription to its type, due at once. Whoever enqueued is told (the sender here starts at
 * once); the other instances find the deliveries when they next look.
 */
export class WebhookOutbox {
  private readonly listeners: (() => void)[] = [];
  private kept: KeptWork[] = [];
  private droppedCount = 0;

  constructor(
    private readonly store: WebhookStore,
    private readonly crypto: WebhookCrypto,
    private readonly clock: Clock,
  ) {}

  /** Calls `listener` after every enqueue of this process. */
  onEnqueued(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * The subscriptions that want events of this type, read once: none, and what such an event
   * costs to compute can be skipped; some, and `publish` takes them instead of reading them again.
   */
  async subscribers(type: WebhookEventType): Promise<Subscribers> {
    return { type, ids: (await this.store.subscribersOf(type)).map((s) => s.id) };
  }

  /** Writes that happened whose events are not enqueued yet, and how many were dropped. */
  get backlog(): { readonly kept: number; readonly dropped: number } {
    return { kept: this.kept.length, dropped: this.droppedCount };
  }

  /**
   * Enqueues the events of a write that has already happened, and never fails it: when the store
   * does not answer, the events are kept (MAX_KEPT_EVENTS writes at most) and enqueued by
   * `flushKept`, which the sender calls on each of its rounds. `events` may be a function, for
   * events that need a read the store could not answer yet. Message ids come from the events' keys,
   * so an event enqueued twice is one message.
   */
  async publishAfterWrite(events: EventsOfAWrite, known?: Subscribers): Promise<void> {
    const work = typeof events === 'function' ? events : async () => events;
    try {
      await this.publish(await work(), known);
    } catch {
      this.keep([work]);
    }
  }

  /** Enqueues what was kept (subscribers read again); what the store still cannot take stays kept. */
  async flushKept(): Promise<void> {
    const kept = this.kept;
    this.kept = [];
    for (const [n, work] of kept.entries()) {
      try {
        await this.publish(await work());
      } catch (failure) {
        this.keep(kept.slice(n));
        throw failure;
      }
    }
  }

  private keep(work: readonly KeptWork[]): void {
    this.kept.push(...work);
    const excess = this.kept.length - MAX_KEPT_EVENTS;
    if (excess > 0) {
      this.kept.splice(0, excess);
      this.droppedCount += excess;
    }
  }

  /** Enqueues the events for the subscriptions to their types (those of `known` as read just before). */
  async publish(events: readonly WebhookEvent[], known?: Subscribers): Promise<void> {
    if (events.length === 0) return;
    const subscribers = new Map<WebhookEventType, readonly string[]>();
    for (const type of new Set(events.map((e) => e.type))) {
      subscribers.set(type, known?.type === type ? known.ids : (await this.subscribers(type)).ids);
    }
    const entries = events.flatMap((event) => {
      const subscriptionIds = subscribers.get(event.type) ?? [];
      if (subscriptionIds.length === 0) return [];
      const message = {
        id: this.crypto.messageId(event.key),
        type: event.type,
        timestamp: event.timestamp,
        body: messageBody(event),
      };
      return [{ message, subscriptionIds }];
    });
    if (entries.length === 0) return;
    await this.store.enqueue(entries, this.clock.now());
    for (const listener of this.listeners) listener();
  }
}
