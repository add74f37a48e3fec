import type { WebhookEventType } from '../../domain/webhooks/webhook.js';
import type { WebhookCrypto } from '../../domain/webhooks/webhook-crypto.js';
import { messageBody, type WebhookEvent } from '../../domain/webhooks/webhook-message.js';
import type { WebhookStore } from '../../domain/webhooks/webhook-store.js';
import type { Clock } from '../../domain/shared/clock.js';

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
