import {
  MongoClient,
  MongoClientClosedError,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  type Collection,
  type Db,
  type Document,
  type Filter,
  type WithId,
} from 'mongodb';
import { DEFAULT_EVENT_RETENTION_DAYS } from '../../domain/events/shopper-event.js';
import { DomainError } from '../../domain/shared/errors.js';
import { token } from '../../domain/shared/token.js';
import type { Logger } from '../logging/logger.js';

export interface MongoSettings {
  readonly uri: string;
  readonly dbName: string;
  /** The deadline of every operation, and of finding a server to run it on. */
  readonly timeoutMs: number;
  readonly maxPoolSize: number;
  /** How long shopper events are kept (the TTL index on `events`); default DEFAULT_EVENT_RETENTION_DAYS. */
  readonly eventRetentionDays?: number;
}

/** The collections Vitrine keeps in its database. */
export const COLLECTIONS = {
  profiles: 'profiles',
  products: 'products',
  collections: 'merchandising_collections',
  slices: 'slices',
  /** Past versions of slices (the current version is the slice document). */
  sliceVersions: 'slice_versions',
  tokens: 'tokens',
  counters: 'counters',
  /** One document per data migration done once for the whole database. */
  migrations: 'migrations',
  /** Shopper events, removed by a TTL index once older than the retention. */
  events: 'events',
  /** Webhook subscriptions, their deliveries (the outbox and its log), and the transitions' checkpoint. */
  webhooks: 'webhooks',
  webhookDeliveries: 'webhook_deliveries',
  webhookCheckpoints: 'webhook_checkpoints',
} as const;

/**
 * Server error codes that mean "not now" rather than "never": timeouts, a primary stepping down,
 * a server shutting down. They answer 503 so clients retry.
 */
const TRANSIENT_SERVER_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  50, // MaxTimeMSExpired
  64, // WriteConcernTimeout
  89, // NetworkTimeout
  91, // ShutdownInProgress
  189, // PrimarySteppedDown
  133, // FailedToSatisfyReadPreference
  134, // ReadConcernMajorityNotAvailableYet
  262, // ExceededTimeLimit
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/** Whether a driver error means the database cannot be reached or did not answer in time. */
export function isUnavailable(error: unknown): boolean {
  if (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoClientClosedError
  ) {
    return true;
  }
  if (error instanceof MongoError && (error.hasErrorLabel('SystemOverloadedError') || error.hasErrorLabel('RetryableError')))
    return true;
  if (error instanceof MongoServerError) return typeof error.code === 'number' && TRANSIENT_SERVER_CODES.has(error.code);
  const name = (error as { name?: unknown } | null)?.name;
  return (
    name === 'MongoWaitQueueTimeoutError' ||
    name === 'MongoPoolClosedError' ||
    name === 'MongoPoolClearedError' ||
    name === 'MongoServerClosedError'
  );
}

export function isDuplicateKey(error: unknown): error is MongoServerError & { keyValue?: Record<string, unknown> } {
  return error instanceof MongoServerError && error.code === 11000;
}

function unavailable(): DomainError {
  return new DomainError('UNAVAILABLE', 'The database does not answer right now. Try again shortly.');
}

/** How often at most an outage is logged: one line per interval is enough to see it, not to drown in it. */
const OUTAGE_LOG_INTERVAL_MS = 5_000;

/**
 * One MongoDB database and the client that reaches it, with the policies every store shares: a
 * deadline on every operation, outages turned into the domain's UNAVAILABLE (503), indexes
 * created at start, the connection closed at stop.
 */
export class MongoDatabase {
  readonly name = 'mongodb';
  readonly required = true;
  private readonly client: MongoClient;
  private readonly db: Db;
  private lastOutageLog = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly settings: MongoSettings,
    private readonly logger: Logger,
  ) {
    this.client = new MongoClient(settings.uri, {
      appName: 'vitrine',
      // Fail fast when no server answers: about the deadline, never the driver's 30 s default.
      serverSelectionTimeoutMS: settings.timeoutMs,
      connectTimeoutMS: settings.timeoutMs,
      waitQueueTimeoutMS: settings.timeoutMs,
      // A server that stops answering mid-operation frees its connection after a while; the
      // caller has long had its 503 from the operation's deadline by then.
      socketTimeoutMS: settings.timeoutMs * 5,
      maxPoolSize: settings.maxPoolSize,
      minPoolSize: 0,
      retryReads: true,
      retryWrites: true,
      // Optional fields left undefined are absent from documents, never stored as null.
      ignoreUndefined: true,
    });
    this.db = this.client.db(settings.dbName);
  }

  collection<T extends Document>(name: string): Collection<T> {
    return this.db.collection<T>(name);
  }

  /** The document `filter` finds in `collection`, as `read` makes it, or undefined; under the deadline. */
  async findOne<D extends Document, T>(
    collection: Collection<D>,
    filter: Filter<D>,
    read: (doc: WithId<D>) => T,
  ): Promise<T | undefined> {
    const doc = await this.run((maxTimeMS) => collection.findOne(filter, { maxTimeMS }));
    return doc === null ? undefined : read(doc);
  }

  /**
   * Runs one driver call under the deadline. `maxTimeMS` is handed to the call so the server stops
   * working on it; the deadline here bounds the wait on this side too (a frozen server answers
   * nothing). Outages become UNAVAILABLE; anything else is rethrown. A write cut off by the
   * deadline may still complete: the caller knows its outcome is unknown.
   */
  async run<T>(operation: (maxTimeMS: number) => Promise<T>): Promise<T> {
    const timeoutMs = this.settings.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DeadlineExceeded()), timeoutMs);
      });
      // Called inside the promise chain, so a synchronous throw is a rejection like any other.
      const work = Promise.resolve().then(() => operation(timeoutMs));
      // If the deadline wins, the late outcome of the call must not become an unhandled rejection.
      work.catch(() => {});
      return await Promise.race([work, deadline]);
    } catch (error) {
      if (error instanceof DeadlineExceeded || isUnavailable(error)) {
        this.logOutage(error);
        throw unavailable();
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Next value of a named sequence: ids that are never reused, even after deletes. */
  async nextId(sequence: string): Promise<number> {
    const counter = await this.run((maxTimeMS) =>
      this.collection<{ _id: string; seq: number }>(COLLECTIONS.counters).findOneAndUpdate(
        { _id: sequence },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after', maxTimeMS },
      ),
    );
    if (counter === null) throw new Error(`the ${sequence} counter did not come back from its upsert`);
    return counter.seq;
  }

  /**
   * Connects and makes sure every index exists; idempotent, so every instance runs it at start.
   * The maintenance runs on a client of its own without the request path's socket timeout: an
   * index build on a large collection may take long, and must not make the start fail.
   */
  async start(): Promise<void> {
    await this.client.connect();
    const maintenance = new MongoClient(this.settings.uri, {
      appName: 'vitrine-maintenance',
      serverSelectionTimeoutMS: this.settings.timeoutMs,
      connectTimeoutMS: this.settings.timeoutMs,
      maxPoolSize: 1,
      ignoreUndefined: true,
    });
    try {
      const db = maintenance.db(this.settings.dbName);
      await ensureIndexes(db);
      await ensureEventIndexes(db, this.settings.eventRetentionDays ?? DEFAULT_EVENT_RETENTION_DAYS);
      await backfillVersions(db);
      await removeOrphanSlices(db, this.logger);
      await removeOrphanVersions(db, this.logger);
    } finally {
      await maintenance.close();
    }
  }

  async stop(): Promise<void> {
    await this.client.close();
  }

  /** Readiness: the server answers a ping within the deadline. */
  async check(): Promise<void> {
    await this.run(() => this.db.command({ ping: 1 }));
  }

  /** A warning about the data itself, for the stores built on this database. */
  warn(details: Record<string, unknown>, message: string): void {
    this.logger.warn(details, message);
  }

  private logOutage(error: unknown): void {
    const now = performance.now();
    if (now - this.lastOutageLog < OUTAGE_LOG_INTERVAL_MS) return;
    this.lastOutageLog = now;
    this.logger.warn({ err: error }, 'MongoDB does not answer; requests that need it answer 503');
  }
}

async function ensureIndexes(db: Db): Promise<void> {
  // A phone, e-mail or document belongs to at most one profile: the database enforces it.
  // Sparse, and a profile without identifiers of a kind has no such field at all (an empty array
  // would be indexed, and two profiles without phones would collide).
  await db.collection(COLLECTIONS.profiles).createIndexes([
    { key: { phones: 1 }, name: 'profiles_phones_unique', unique: true, sparse: true },
    { key: { emails: 1 }, name: 'profiles_emails_unique', unique: true, sparse: true },
    { key: { documents: 1 }, name: 'profiles_documents_unique', unique: true, sparse: true },
  ]);
  await db.collection(COLLECTIONS.products).createIndexes([{ key: { category: 1 }, name: 'products_category' }]);
  // The active slice of a collection is one read of `slices_active`: equality on the collection,
  // a range on the start, sorted by start then id, the end filtered from the index keys.
  await db.collection(COLLECTIONS.slices).createIndexes([
    { key: { collectionId: 1, startsAt: -1, _id: -1, endsAt: 1 }, name: 'slices_active' },
    // The rule slices a refresh pass pages through, by id.
    { key: { type: 1, _id: 1 }, name: 'slices_rules' },
    { key: { collectionId: 1, endsAt: 1 }, name: 'slices_ends' },
    // Webhooks: the transitions of every collection, by start and by end.
    { key: { startsAt: 1 }, name: 'slices_by_start' },
    { key: { endsAt: 1 }, name: 'slices_by_end' },
  ]);
  // A slice's history is read newest first and dropped by slice (slice ids are unique across
  // collections); the start's orphan check reads its distinct slice ids from it too.
  await db
    .collection(COLLECTIONS.sliceVersions)
    .createIndexes([{ key: { sliceId: 1, version: -1 }, name: 'slice_versions_by_slice' }]);
  await db.collection(COLLECTIONS.tokens).createIndexes([{ key: { hash: 1 }, name: 'tokens_hash_unique', unique: true }]);
  await db.collection(COLLECTIONS.webhooks).createIndexes([{ key: { events: 1 }, name: 'webhooks_by_event' }]);
  // The sender claims the earliest due pending delivery; a subscription's log is read newest
  // first; finished deliveries are removed once older than the log's retention.
  await db.collection(COLLECTIONS.webhookDeliveries).createIndexes([
    { key: { status: 1, nextAttemptAt: 1 }, name: 'webhook_deliveries_due' },
    { key: { subscriptionId: 1, createdAt: -1, _id: -1 }, name: 'webhook_deliveries_log' },
    { key: { createdAt: -1, _id: -1 }, name: 'webhook_deliveries_all' },
    { key: { finishedAt: 1 }, name: 'webhook_deliveries_finished', sparse: true },
  ]);
}

/**
 * The `events` collection. A TTL index on `at` removes events once they are older than the
 * retention (MongoDB's TTL monitor runs about every minute, so an event may outlive it by that
 * much); a unique index on `eventId`, for the events that have one, makes an event sent twice, or
 * by two instances at once, stored once; the reads each have their index.
 */
export async function ensureEventIndexes(db: Db, retentionDays: number): Promise<void> {
  const events = db.collection(COLLECTIONS.events);
  const expireAfterSeconds = retentionDays * 86_400;
  try {
    await events.createIndex({ at: 1 }, { name: 'events_at_ttl', expireAfterSeconds });
  } catch (error) {
    // The index exists with another retention (EVENT_RETENTION_DAYS changed): change it in place.
    if (!(error instanceof MongoServerError) || (error.code !== 85 && error.codeName !== 'IndexOptionsConflict')) throw error;
    await db.command({ collMod: COLLECTIONS.events, index: { name: 'events_at_ttl', expireAfterSeconds } });
  }
  await events.createIndexes([
    // Sparse: events sent without an eventId hold no such field (never null), so they are left out.
    { key: { eventId: 1 }, name: 'events_event_id_unique', unique: true, sparse: true },
    { key: { at: 1, _id: 1 }, name: 'events_time_order' },
    // Erasure finds a shopper's events by userId (events without one hold no such field), then the
    // anonymous events of their sessions by sessionId.
    { key: { userId: 1 }, name: 'events_by_user_id', sparse: true },
    { key: { sessionId: 1 }, name: 'events_by_session_id' },
  ]);
  // Indexes of reads no longer made (a session's or a user's recent events, newest first): every
  // write paid for them. Dropped where an earlier version made them.
  for (const name of RETIRED_EVENT_INDEXES) await dropIndexIfPresent(events, name);
}

/** Names of indexes earlier versions made on `events`, which nothing reads any more. */
export const RETIRED_EVENT_INDEXES = ['events_by_session', 'events_by_user'] as const;

async function dropIndexIfPresent(collection: Collection, name: string): Promise<void> {
  try {
    await collection.dropIndex(name);
  } catch (error) {
    // 27: IndexNotFound; 26: NamespaceNotFound (the collection is not there yet).
    if (!(error instanceof MongoServerError) || (error.code !== 27 && error.code !== 26)) throw error;
  }
}

/**
 * Collections and slices written before versions existed get version 1 and an unknown author, so
 * their entity tags parse and versioned writes work on them. Done once per database (the query
 * reads every document: no index knows which lack a version), then remembered in `migrations`,
 * so later starts read one document instead. Every write since sets a version, so nothing can need
 * it again.
 */
export async function backfillVersions(db: Db): Promise<void> {
  const migrations = db.collection<{ _id: string; at: Date }>(COLLECTIONS.migrations);
  if ((await migrations.findOne({ _id: VERSIONS_BACKFILLED })) !== null) return;
  for (const name of [COLLECTIONS.collections, COLLECTIONS.slices]) {
    await db.collection(name).updateMany({ version: { $exists: false } }, { $set: { version: 1, updatedBy: 'unknown' } });
  }
  await migrations.updateOne({ _id: VERSIONS_BACKFILLED }, { $setOnInsert: { at: new Date() } }, { upsert: true });
}

const VERSIONS_BACKFILLED = 'versions-backfilled';

/**
 * A collection is deleted before its slices; a crash between the two would leave slices of no
 * collection. This removes them, starting from the slices' side: a slice is only ever added to a
 * collection seen to exist, and ids are never reused, so a collection id that slices name and that
 * is then found missing is gone for good, even while other instances create collections and slices.
 */
async function removeOrphanSlices(db: Db, logger: Logger): Promise<void> {
  const slices = db.collection<{ collectionId: number }>(COLLECTIONS.slices);
  const named = await slices.distinct('collectionId');
  if (named.length === 0) return;
  const alive = new Set(await db.collection<{ _id: number }>(COLLECTIONS.collections).distinct('_id', { _id: { $in: named } }));
  const missing = named.filter((id) => !alive.has(id));
  if (missing.length === 0) return;
  const { deletedCount } = await slices.deleteMany({ collectionId: { $in: missing } });
  logger.warn({ deletedCount }, 'removed slices left behind by an interrupted collection delete');
}

/**
 * A slice is deleted before its past versions, and so are a collection's slices; a crash between
 * the two leaves versions of no slice. Slice ids are never reused, so a slice id that versions
 * name and that is then found missing is gone for good: its versions are removed.
 */
async function removeOrphanVersions(db: Db, logger: Logger): Promise<void> {
  const versions = db.collection<{ sliceId: number }>(COLLECTIONS.sliceVersions);
  const named = await versions.distinct('sliceId');
  if (named.length === 0) return;
  const alive = new Set(await db.collection<{ _id: number }>(COLLECTIONS.slices).distinct('_id', { _id: { $in: named } }));
  const missing = named.filter((id) => !alive.has(id));
  if (missing.length === 0) return;
  const { deletedCount } = await versions.deleteMany({ sliceId: { $in: missing } });
  logger.warn({ deletedCount }, 'removed versions of slices deleted by an interrupted delete');
}

class DeadlineExceeded extends Error {
  override readonly name = 'DeadlineExceeded';

  constructor() {
    super('the database did not answer within the deadline');
  }
}

/** A stored document as the domain names it: its `_id` is its `id`. */
export function withDomainId<D extends { _id: string }>(doc: D): Omit<D, '_id'> & { id: string } {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

export const MongoDatabaseToken = token<MongoDatabase>('MongoDatabase');
