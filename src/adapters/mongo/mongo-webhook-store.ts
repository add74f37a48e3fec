import type { AnyBulkWriteOperation, Filter } from 'mongodb';
import { DomainError } from '../../domain/shared/errors.js';
import type { Page } from '../../domain/shared/page.js';
import type { WebhookEventType, WebhookSubscription } from '../../domain/webhooks/webhook.js';
import {
  newDelivery,
  type AttemptOutcome,
  type ClaimedDelivery,
  type DeliveryAttempt,
  type DeliveryPosition,
  type DeliveryStatus,
  type OutboxMessage,
  type WebhookDelivery,
  type WebhookStore,
} from '../../domain/webhooks/webhook-store.js';
import { COLLECTIONS, isDuplicateKey, withDomainId, type MongoDatabase } from './mongo-database.js';

type SubscriptionDocument = Omit<WebhookSubscription, 'id' | 'events'> & { _id: string; events: WebhookEventType[] };

interface DeliveryDocument {
  _id: string;
  subscriptionId: string;
  messageId: string;
  type: WebhookEventType;
  timestamp: Date;
  body: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  nextAttemptAt?: Date;
  createdAt: Date;
  finishedAt?: Date;
  /** Who holds the delivery, and until when, while it is sent. */
  claim?: string;
  claimedUntil?: Date;
}

interface CheckpointDocument {
  _id: string;
  at: Date;
}

function toSubscription(doc: SubscriptionDocument): WebhookSubscription {
  return withDomainId(doc);
}

function toDelivery(doc: DeliveryDocument): WebhookDelivery {
  const { _id, claim: _claim, claimedUntil: _until, ...rest } = doc;
  return { id: _id, ...rest };
}

/**
 * Webhooks on MongoDB: a delivery is one document whose `_id` is its message's id and its
 * subscription's, so enqueueing it again (another instance, a restart) changes nothing; a claim is
 * one findOneAndUpdate, so two instances never hold one delivery at once.
 */
export class MongoWebhookStore implements WebhookStore {
  constructor(private readonly database: MongoDatabase) {}

  private get subscriptions() {
    return this.database.collection<SubscriptionDocument>(COLLECTIONS.webhooks);
  }

  private get deliveries() {
    return this.database.collection<DeliveryDocument>(COLLECTIONS.webhookDeliveries);
  }

  private get checkpoints() {
    return this.database.collection<CheckpointDocument>(COLLECTIONS.webhookCheckpoints);
  }

  async addSubscription(subscription: WebhookSubscription): Promise<void> {
    const { id, ...rest } = subscription;
    try {
      await this.database.run(() => this.subscriptions.insertOne({ _id: id, ...rest, events: [...rest.events] }));
    } catch (error) {
      if (isDuplicateKey(error)) throw new DomainError('CONFLICT', 'A webhook subscription with this id exists already.');
      throw error;
    }
  }

  getSubscription(id: string): Promise<WebhookSubscription | undefined> {
    return this.database.findOne(this.subscriptions, { _id: id }, toSubscription);
  }

  async listSubscriptions(query: {
    readonly afterId?: string | undefined;
    readonly limit: number;
  }): Promise<Page<WebhookSubscription>> {
    const filter = query.afterId === undefined ? {} : { _id: { $gt: query.afterId } };
    const docs = await this.database.run((maxTimeMS) =>
      this.subscriptions
        .find(filter, { maxTimeMS })
        .sort({ _id: 1 })
        .limit(query.limit + 1)
        .toArray(),
    );
    return { items: docs.slice(0, query.limit).map(toSubscription), more: docs.length > query.limit };
  }

  async subscribersOf(type: WebhookEventType): Promise<readonly WebhookSubscription[]> {
    const docs = await this.database.run((maxTimeMS) =>
      this.subscriptions.find({ events: type }, { maxTimeMS }).sort({ _id: 1 }).toArray(),
    );
    return docs.map(toSubscription);
  }

  countSubscriptions(): Promise<number> {
    return this.database.run((maxTimeMS) => this.subscriptions.countDocuments({}, { maxTimeMS }));
  }

  /** The subscription first: a crash between the two leaves deliveries the sender drops (their subscription is gone). */
  async deleteSubscription(id: string): Promise<boolean> {
    const { deletedCount } = await this.database.run(() => this.subscriptions.deleteOne({ _id: id }));
    if (deletedCount === 0) return false;
    await this.database.run(() => this.deliveries.deleteMany({ subscriptionId: id }));
    return true;
  }

  async enqueue(
    entries: readonly { readonly message: OutboxMessage; readonly subscriptionIds: readonly string[] }[],
    at: Date,
  ): Promise<void> {
    const operations: AnyBulkWriteOperation<DeliveryDocument>[] = entries.flatMap(({ message, subscriptionIds }) =>
      subscriptionIds.map((subscriptionId) => {
        const { id, ...fields } = newDelivery(message, subscriptionId, at);
        return { updateOne: { filter: { _id: id }, update: { $setOnInsert: { ...fields, attempts: [] } }, upsert: true } };
      }),
    );
    if (operations.length === 0) return;
    try {
      await this.database.run(() => this.deliveries.bulkWrite(operations, { ordered: false }));
    } catch (error) {
      // Two instances enqueued the same delivery at once: the one that lost finds it there.
      if (!isDuplicateKey(error) && !allDuplicates(error)) throw error;
    }
  }

  async claimDue(now: Date, claim: string, until: Date): Promise<ClaimedDelivery | undefined> {
    const filter: Filter<DeliveryDocument> = {
      status: 'pending',
      nextAttemptAt: { $lte: now },
      $or: [{ claimedUntil: { $exists: false } }, { claimedUntil: { $lte: now } }],
    };
    const doc = await this.database.run((maxTimeMS) =>
      this.deliveries.findOneAndUpdate(
        filter,
        { $set: { claim, claimedUntil: until } },
        { sort: { nextAttemptAt: 1 }, returnDocument: 'after', maxTimeMS },
      ),
    );
    return doc === null ? undefined : { delivery: toDelivery(doc), claim, until };
  }

  async recordAttempt(deliveryId: string, claim: string, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<boolean> {
    const logged: DeliveryAttempt = {
      at: attempt.at,
      durationMs: attempt.durationMs,
      status: attempt.status,
      error: attempt.error,
    };
    const update =
      outcome.status === 'pending'
        ? { $push: { attempts: logged }, $set: { nextAttemptAt: outcome.nextAttemptAt }, $unset: { claim: '', claimedUntil: '' } }
        : {
            $push: { attempts: logged },
            $set: { status: outcome.status, finishedAt: attempt.at },
            $unset: { claim: '', claimedUntil: '', nextAttemptAt: '' },
          };
    const { matchedCount } = await this.database.run(() =>
      this.deliveries.updateOne({ _id: deliveryId, claim, status: 'pending' }, update as never),
    );
    return matchedCount === 1;
  }

  /** When each pending delivery may be claimed (its due time, or its live claim's end), the earliest. */
  async nextDueAt(): Promise<Date | undefined> {
    const [first] = await this.database.run((maxTimeMS) =>
      this.deliveries
        .aggregate<{ due: Date }>(
          [
            { $match: { status: 'pending' } },
            { $project: { _id: 0, due: { $max: ['$nextAttemptAt', { $ifNull: ['$claimedUntil', '$nextAttemptAt'] }] } } },
            { $sort: { due: 1 } },
            { $limit: 1 },
          ],
          { maxTimeMS },
        )
        .toArray(),
    );
    return first?.due;
  }

  async listDeliveries(
    subscriptionId: string | undefined,
    query: { readonly after?: DeliveryPosition | undefined; readonly limit: number },
  ): Promise<Page<WebhookDelivery>> {
    const after = query.after;
    const filter: Filter<DeliveryDocument> = {
      ...(subscriptionId === undefined ? {} : { subscriptionId }),
      ...(after === undefined
        ? {}
        : { $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $lt: after.id } }] }),
    };
    const docs = await this.database.run((maxTimeMS) =>
      this.deliveries
        .find(filter, { maxTimeMS })
        .sort({ createdAt: -1, _id: -1 })
        .limit(query.limit + 1)
        .toArray(),
    );
    return { items: docs.slice(0, query.limit).map(toDelivery), more: docs.length > query.limit };
  }

  async deleteFinishedBefore(at: Date): Promise<number> {
    const { deletedCount } = await this.database.run(() => this.deliveries.deleteMany({ finishedAt: { $lt: at } }));
    return deletedCount;
  }

  async getCheckpoint(name: string): Promise<Date | undefined> {
    return this.database.findOne(this.checkpoints, { _id: name }, (doc) => doc.at);
  }

  async advanceCheckpoint(name: string, at: Date): Promise<void> {
    try {
      await this.database.run(() => this.checkpoints.updateOne({ _id: name }, { $max: { at } }, { upsert: true }));
    } catch (error) {
      // Two instances made the checkpoint at once: the other's upsert won, move it on.
      if (!isDuplicateKey(error)) throw error;
      await this.database.run(() => this.checkpoints.updateOne({ _id: name }, { $max: { at } }));
    }
  }
}

/** A bulk write whose every error is a duplicate key. */
function allDuplicates(error: unknown): boolean {
  const errors = (error as { writeErrors?: unknown } | null)?.writeErrors;
  const list = Array.isArray(errors) ? errors : errors === undefined ? [] : [errors];
  return list.length > 0 && list.every((e) => (e as { code?: number }).code === 11000);
}
