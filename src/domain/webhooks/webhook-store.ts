import type { Page } from '../shared/page.js';
import { token } from '../shared/token.js';
import type { WebhookEventType, WebhookSubscription } from './webhook.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One try of a delivery: what the receiver answered (its status), or why there was no answer. */
export interface DeliveryAttempt {
  readonly at: Date;
  readonly durationMs: number;
  readonly status?: number | undefined;
  readonly error?: string | undefined;
}

/** A message to send to one subscription: the outbox's row, and a line of the subscription's log. */
export interface WebhookDelivery {
  /** `<message id>.<subscription id>`: a message is delivered once to each subscription. */
  readonly id: string;
  readonly subscriptionId: string;
  readonly messageId: string;
  readonly type: WebhookEventType;
  readonly timestamp: Date;
  /** The body as sent, byte for byte (what is signed). */
  readonly body: string;
  readonly status: DeliveryStatus;
  /** Oldest first; at most one per retry of the policy. */
  readonly attempts: readonly DeliveryAttempt[];
  /** While pending: when it is due. */
  readonly nextAttemptAt?: Date | undefined;
  readonly createdAt: Date;
  /** Once delivered or failed: when. */
  readonly finishedAt?: Date | undefined;
}

/** A message handed to the outbox for some subscriptions. */
export interface OutboxMessage {
  readonly id: string;
  readonly type: WebhookEventType;
  readonly timestamp: Date;
  readonly body: string;
}

/** The delivery of a message to a subscription when it is enqueued: pending, due at once. */
export function newDelivery(message: OutboxMessage, subscriptionId: string, at: Date): WebhookDelivery {
  return {
    id: `${message.id}.${subscriptionId}`,
    subscriptionId,
    messageId: message.id,
    type: message.type,
    timestamp: message.timestamp,
    body: message.body,
    status: 'pending',
    attempts: [],
    nextAttemptAt: at,
    createdAt: at,
  };
}

/** A delivery an instance claimed: it may send it until `until`, and records the attempt with `claim`. */
export interface ClaimedDelivery {
  readonly delivery: WebhookDelivery;
  readonly claim: string;
  readonly until: Date;
}

/** What an attempt leaves: delivered, failed for good, or pending until `nextAttemptAt`. */
export type AttemptOutcome =
  { readonly status: 'delivered' | 'failed' } | { readonly status: 'pending'; readonly nextAttemptAt: Date };

/** Where a page of a subscription's log starts: after this delivery, newest first. */
export interface DeliveryPosition {
  readonly createdAt: Date;
  readonly id: string;
}

/**
 * Webhook subscriptions and their outbox. A message is kept once per subscription however often it
 * is enqueued (its id is what it is); an instance claims a due delivery for a while (a lease), so
 * that one instance sends it, and a dead instance's claim runs out for another to take.
 */
export interface WebhookStore {
  addSubscription(subscription: WebhookSubscription): Promise<void>;
  getSubscription(id: string): Promise<WebhookSubscription | undefined>;
  /** A page of subscriptions by id. */
  listSubscriptions(query: { readonly afterId?: string | undefined; readonly limit: number }): Promise<Page<WebhookSubscription>>;
  /** The subscriptions to `type` (at most MAX_WEBHOOKS exist). */
  subscribersOf(type: WebhookEventType): Promise<readonly WebhookSubscription[]>;
  countSubscriptions(): Promise<number>;
  /** Removes the subscription and its deliveries; false when there was none. */
  deleteSubscription(id: string): Promise<boolean>;

  /** Adds a pending delivery of each message to each of its subscriptions, due at `at`; one already there is left as it is. */
  enqueue(
    entries: readonly { readonly message: OutboxMessage; readonly subscriptionIds: readonly string[] }[],
    at: Date,
  ): Promise<void>;
  /** Takes one pending delivery due at `now` that no live claim holds (the earliest due first), until `until`. */
  claimDue(now: Date, claim: string, until: Date): Promise<ClaimedDelivery | undefined>;
  /** Records an attempt and what follows from it, if `claim` still holds the delivery; answers whether it did. */
  recordAttempt(deliveryId: string, claim: string, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<boolean>;
  /** The earliest instant a pending delivery may be claimed (its due time, or its claim's end); undefined: none pending. */
  nextDueAt(): Promise<Date | undefined>;
  /** A page of the deliveries, newest first: a subscription's, or (undefined) every subscription's. */
  listDeliveries(
    subscriptionId: string | undefined,
    query: { readonly after?: DeliveryPosition | undefined; readonly limit: number },
  ): Promise<Page<WebhookDelivery>>;
  /** Removes the deliveries delivered or failed before `at`; answers how many. */
  deleteFinishedBefore(at: Date): Promise<number>;

  /** A named instant this store keeps for all instances (how far slice transitions were sent). */
  getCheckpoint(name: string): Promise<Date | undefined>;
  /** Moves the checkpoint forward to `at`; never back. */
  advanceCheckpoint(name: string, at: Date): Promise<void>;
}

export const WebhookStoreToken = token<WebhookStore>('WebhookStore');
