import type { WebhookEventType } from '../../domain/webhooks/webhook.js';
import type { WebhookCrypto } from '../../domain/webhooks/webhook-crypto.js';
import { messageBody, type WebhookEvent } from '../../domain/webhooks/webhook-message.js';
import type { WebhookStore } from '../../domain/webhooks/webhook-store.js';
import type { Clock } from '../../domain/shared/clock.js';

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

  /** Whether any subscription wants events of this type (what an event costs to compute can wait for it). */
  async wants(type: WebhookEventType): Promise<boolean> {
    return (await this.store.subscribersOf(type)).length > 0;
  }

  async publish(events: readonly WebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    const subscribers = new Map<WebhookEventType, string[]>();
    for (const type of new Set(events.map((e) => e.type))) {
      subscribers.set(
        type,
        (await this.store.subscribersOf(type)).map((s) => s.id),
      );
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
