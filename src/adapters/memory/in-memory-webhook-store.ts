import type { Page } from '../../domain/shared/page.js';
import type { WebhookEventType, WebhookSubscription } from '../../domain/webhooks/webhook.js';
import {
  newDelivery,
  type AttemptOutcome,
  type ClaimedDelivery,
  type DeliveryAttempt,
  type DeliveryPosition,
  type OutboxMessage,
  type WebhookDelivery,
  type WebhookStore,
} from '../../domain/webhooks/webhook-store.js';
import { DomainError } from '../../domain/shared/errors.js';
import { snapshot } from './snapshot.js';

interface Row {
  delivery: WebhookDelivery;
  claim?: string;
  claimedUntil?: Date;
}

export class InMemoryWebhookStore implements WebhookStore {
  private readonly subscriptions = new Map<string, WebhookSubscription>();
  private readonly deliveries = new Map<string, Row>();
  /** The deliveries still pending: what the sender looks through, never the finished ones of the log. */
  private readonly pending = new Map<string, Row>();
  /** Ids of finished deliveries in the order they finished: the oldest are dropped first. */
  private finished: string[] = [];
  private readonly checkpoints = new Map<string, Date>();

  async addSubscription(subscription: WebhookSubscription): Promise<void> {
    if (this.subscriptions.has(subscription.id))
      throw new DomainError('CONFLICT', 'A webhook subscription with this id exists already.');
    this.subscriptions.set(subscription.id, snapshot(subscription));
  }

  async getSubscription(id: string): Promise<WebhookSubscription | undefined> {
    return this.subscriptions.get(id);
  }

  async listSubscriptions(query: {
    readonly afterId?: string | undefined;
    readonly limit: number;
  }): Promise<Page<WebhookSubscription>> {
    const after = query.afterId;
    const ordered = [...this.subscriptions.values()].filter((s) => after === undefined || s.id > after).sort(byId);
    return { items: ordered.slice(0, query.limit), more: ordered.length > query.limit };
  }

  async subscribersOf(type: WebhookEventType): Promise<readonly WebhookSubscription[]> {
    return [...this.subscriptions.values()].filter((s) => s.events.includes(type)).sort(byId);
  }

  async countSubscriptions(): Promise<number> {
    return this.subscriptions.size;
  }

  async deleteSubscription(id: string): Promise<boolean> {
    if (!this.subscriptions.delete(id)) return false;
    for (const [key, row] of this.deliveries) {
      if (row.delivery.subscriptionId !== id) continue;
      this.deliveries.delete(key);
      this.pending.delete(key);
    }
    return true;
  }

  async enqueue(
    entries: readonly { readonly message: OutboxMessage; readonly subscriptionIds: readonly string[] }[],
    at: Date,
  ): Promise<void> {
    for (const { message, subscriptionIds } of entries) {
      for (const subscriptionId of subscriptionIds) {
        const delivery = newDelivery(message, subscriptionId, at);
        if (this.deliveries.has(delivery.id) || !this.subscriptions.has(subscriptionId)) continue;
        const row = { delivery: snapshot(delivery) };
        this.deliveries.set(delivery.id, row);
        this.pending.set(delivery.id, row);
      }
    }
  }

  async claimDue(now: Date, claim: string, until: Date): Promise<ClaimedDelivery | undefined> {
    let best: Row | undefined;
    for (const row of this.pending.values()) {
      const { status, nextAttemptAt } = row.delivery;
      if (status !== 'pending' || nextAttemptAt === undefined || nextAttemptAt > now) continue;
      if (row.claimedUntil !== undefined && row.claimedUntil > now) continue;
      if (best === undefined || nextAttemptAt < best.delivery.nextAttemptAt!) best = row;
    }
    if (best === undefined) return undefined;
    best.claim = claim;
    best.claimedUntil = until;
    return { delivery: best.delivery, claim, until };
  }

  async recordAttempt(deliveryId: string, claim: string, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<boolean> {
    const row = this.deliveries.get(deliveryId);
    if (row === undefined || row.claim !== claim || row.delivery.status !== 'pending') return false;
    const { nextAttemptAt: _due, ...rest } = row.delivery;
    row.delivery = snapshot({
      ...rest,
      attempts: [...rest.attempts, withoutUndefined(attempt)],
      status: outcome.status,
      ...(outcome.status === 'pending' ? { nextAttemptAt: outcome.nextAttemptAt } : { finishedAt: attempt.at }),
    });
    delete row.claim;
    delete row.claimedUntil;
    if (outcome.status !== 'pending') {
      this.pending.delete(deliveryId);
      this.finished.push(deliveryId);
    }
    return true;
  }

  async nextDueAt(): Promise<Date | undefined> {
    let next: number | undefined;
    for (const row of this.pending.values()) {
      if (row.delivery.status !== 'pending' || row.delivery.nextAttemptAt === undefined) continue;
      const at = Math.max(row.delivery.nextAttemptAt.getTime(), row.claimedUntil?.getTime() ?? 0);
      if (next === undefined || at < next) next = at;
    }
    return next === undefined ? undefined : new Date(next);
  }

  async listDeliveries(
    subscriptionId: string | undefined,
    query: { readonly after?: DeliveryPosition | undefined; readonly limit: number },
  ): Promise<Page<WebhookDelivery>> {
    const after = query.after;
    const ordered = [...this.deliveries.values()]
      .map((row) => row.delivery)
      .filter(
        (d) =>
          (subscriptionId === undefined || d.subscriptionId === subscriptionId) &&
          (after === undefined || newestFirst(d, after) > 0),
      )
      .sort(newestFirst);
    return { items: ordered.slice(0, query.limit), more: ordered.length > query.limit };
  }

  /** From the oldest finished: attempts are recorded at the clock's time, so they finish in time order. */
  async deleteFinishedBefore(at: Date): Promise<number> {
    let deleted = 0;
    let passed = 0;
    for (const id of this.finished) {
      const finishedAt = this.deliveries.get(id)?.delivery.finishedAt;
      if (finishedAt !== undefined && finishedAt >= at) break;
      if (this.deliveries.delete(id)) deleted++;
      passed++;
    }
    if (passed > 0) this.finished = this.finished.slice(passed);
    return deleted;
  }

  async getCheckpoint(name: string): Promise<Date | undefined> {
    return this.checkpoints.get(name);
  }

  async advanceCheckpoint(name: string, at: Date): Promise<void> {
    const current = this.checkpoints.get(name);
    if (current === undefined || current < at) this.checkpoints.set(name, new Date(at.getTime()));
  }
}

function byId(a: { readonly id: string }, b: { readonly id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Newest first: the later creation, then the larger id. */
function newestFirst(a: DeliveryPosition, b: DeliveryPosition): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id > b.id ? -1 : a.id < b.id ? 1 : 0);
}

function withoutUndefined(attempt: DeliveryAttempt): DeliveryAttempt {
  return Object.fromEntries(Object.entries(attempt).filter(([, value]) => value !== undefined)) as unknown as DeliveryAttempt;
}
