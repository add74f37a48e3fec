import { MongoBulkWriteError, ObjectId, type Filter } from 'mongodb';
import type { AppendOutcome, EventPosition, EventStore, RecordedEvent } from '../../domain/events/event-store.js';
import type { EventSource, EventType, ShopperEvent } from '../../domain/events/shopper-event.js';
import type { Page } from '../../domain/shared/page.js';
import { COLLECTIONS, type MongoDatabase } from './mongo-database.js';

/** An event as stored: optional fields are absent, never null (the sparse eventId index relies on it). */
interface EventDocument {
  _id: ObjectId;
  eventId?: string;
  type: EventType;
  productId: string;
  sessionId: string;
  userId?: string;
  at: Date;
  recommendationId?: string;
  source?: EventSource;
}

const DUPLICATE_KEY = 11000;

function toRecorded({ _id, ...rest }: EventDocument): RecordedEvent {
  return { key: _id.toHexString(), ...rest };
}

function toDocument(event: ShopperEvent): Omit<EventDocument, '_id'> & { _id: ObjectId } {
  return { _id: new ObjectId(), ...event };
}

/** Shopper events on MongoDB, in the `events` collection (its indexes: ensureEventIndexes, run at start). */
export class MongoEventStore implements EventStore {
  constructor(private readonly database: MongoDatabase) {}

  private get events() {
    return this.database.collection<EventDocument>(COLLECTIONS.events);
  }

  async append(events: readonly ShopperEvent[]): Promise<AppendOutcome> {
    const duplicates: number[] = [];
    const firstWith = new Set<string>();
    const sent: { index: number; doc: EventDocument }[] = [];
    events.forEach((event, index) => {
      if (event.eventId !== undefined && firstWith.has(event.eventId)) {
        duplicates.push(index);
        return;
      }
      if (event.eventId !== undefined) firstWith.add(event.eventId);
      sent.push({ index, doc: toDocument(event) });
    });
    if (sent.length === 0) return { duplicates };
    try {
      await this.database.run((maxTimeMS) =>
        this.events.insertMany(
          sent.map((s) => s.doc),
          { ordered: false, maxTimeMS },
        ),
      );
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError)) throw error;
      for (const index of duplicateIndexes(error)) duplicates.push(sent[index]!.index);
    }
    return { duplicates: duplicates.sort((a, b) => a - b) };
  }

  async scan(after: EventPosition | undefined, limit: number): Promise<Page<RecordedEvent>> {
    return this.page(after === undefined ? {} : beyond(after), limit);
  }

  /** Served by the `events_time_order` index ({ at, _id }): a range of it, read in its order (the sort is that of the index). */
  async scanWindow(from: Date, until: Date, after: EventPosition | undefined, limit: number): Promise<Page<RecordedEvent>> {
    const window: Filter<EventDocument> = { at: { $gte: from, $lt: until } };
    return this.page(after === undefined ? window : { $and: [window, beyond(after)] }, limit);
  }

  /** At most `limit` of the events the filter keeps, in time order, and whether more follow. */
  private async page(filter: Filter<EventDocument>, limit: number): Promise<Page<RecordedEvent>> {
    const docs = await this.database.run((maxTimeMS) =>
      this.events
        .find(filter, { maxTimeMS })
        .sort({ at: 1, _id: 1 })
        .limit(limit + 1)
        .toArray(),
    );
    return { items: docs.slice(0, limit).map(toRecorded), more: docs.length > limit };
  }

  count(): Promise<number> {
    return this.database.run((maxTimeMS) => this.events.estimatedDocumentCount({ maxTimeMS }));
  }

  async eraseUser(userId: string): Promise<number> {
    const own = { userId: { $eq: userId, $exists: true } };
    // A session is its shopper's from its start: its events without a user go with theirs.
    const sessions = await this.database.run((maxTimeMS) => this.events.distinct('sessionId', own, { maxTimeMS }));
    const { deletedCount } = await this.database.run((maxTimeMS) =>
      this.events.deleteMany(
        sessions.length === 0 ? own : { $or: [own, { sessionId: { $in: sessions }, userId: { $exists: false } }] },
        { maxTimeMS },
      ),
    );
    return deletedCount;
  }
}

/** The events after a position, in time order (ties by _id). */
function beyond(after: EventPosition): Filter<EventDocument> {
  return { $or: [{ at: { $gt: after.at } }, { at: after.at, _id: { $gt: ObjectId.createFromHexString(after.key) } }] };
}

/**
 * The positions of the documents refused as duplicates of a stored eventId. Any other refusal
 * fails the append with an error that names the codes only: the driver's error carries the
 * refused documents, which must never reach a log (they may hold a userId).
 */
function duplicateIndexes(error: MongoBulkWriteError): number[] {
  const refused = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  const other = refused.filter((w) => w.code !== DUPLICATE_KEY);
  if (other.length > 0 || error.err !== undefined) {
    const codes = [...new Set(other.map((w) => w.code))].join(', ') || 'write concern';
    throw new Error(`MongoDB refused ${other.length} events of an append (codes: ${codes})`);
  }
  return refused.map((w) => w.index);
}
