import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { AnswerCache, CacheLookup, InvalidationListener, Validity } from '../../application/caching/answer-cache.js';
import type { Clock } from '../../domain/shared/clock.js';
import { token } from '../../domain/shared/token.js';
import type { Logger } from '../logging/logger.js';
import { FailurePause } from './failure-pause.js';

export interface RedisCacheSettings {
  readonly url: string;
  /** Every key starts with this, so several deployments can share one Redis. */
  readonly keyPrefix: string;
  /** How long one command may take before it counts as a miss. */
  readonly commandTimeoutMs: number;
}

/** Between the validity's bounds and the answer in a stored entry: `from|until|answer`. */
const SEPARATOR = '|';

/** How long a key's generation is kept after its last invalidation: far longer than any read takes. */
const GENERATION_TTL_SECONDS = 24 * 60 * 60;
/** After this many failures in a row, Redis is left alone for a moment instead of costing a timeout per request. */
/** How long a starting instance waits for Redis before serving without it. */
const START_WAIT_MS = 1_000;

/**
 * Stores `value` only if the key's generation is still the one the lookup saw: an invalidation
 * in between (a write) bumps the generation, and the answer computed before it is dropped.
 * KEYS: answer key, generation key. ARGV: generation seen ('' for none), value, ttl in ms.
 */
const STORE_IF_CURRENT = `
local generation = redis.call('GET', KEYS[2])
if (generation == false and ARGV[1] == '') or generation == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
`;

type CacheRedis = Redis & {
  storeIfCurrent(answerKey: string, generationKey: string, generation: string, value: string, ttlMs: number): Promise<number>;
};

/** What goes over the invalidation channel. */
interface InvalidationMessage {
  readonly origin: string;
  readonly keys: readonly string[];
}

/**
 * The shared answer cache on Redis, built to fail fast and open: no offline queue (a command
 * while disconnected fails at once), a short command timeout, bounded retries, and every error a
 * miss. After a few failures in a row it pauses its use of Redis briefly, so a frozen server costs
 * each request nothing. Invalidations that could not be delivered are kept and sent again, before
 * any lookup, as soon as Redis answers.
 *
 * Every invalidation is also published, in the same transaction, on a channel every instance
 * subscribes to (on a connection of its own), so the answers other instances keep in their own
 * memory go at once. Whenever that subscription (re)starts, news may have been missed, and the
 * watchers are told so.
 */
export class RedisAnswerCache implements AnswerCache {
  readonly enabled = true;
  readonly name = 'redis';
  readonly required = false;
  private readonly redis: CacheRedis;
  private readonly subscriber: Redis;
  /** Tells this instance's own messages from the others'. */
  private readonly origin = randomUUID();
  private readonly watchers: InvalidationListener[] = [];
  private readonly pendingInvalidations = new Set<string>();
  private onSubscribed: () => void = () => {};
  private readonly writes = new Set<Promise<unknown>>();
  private readonly pause: FailurePause;

  constructor(
    private readonly settings: RedisCacheSettings,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.pause = new FailurePause(logger, 'Redis does not answer; reads go to the stores until it does');
    const redis = new Redis(settings.url, {
      enableOfflineQueue: false,
      commandTimeout: settings.commandTimeoutMs,
      connectTimeout: 1_000,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(50 * 2 ** Math.min(attempt, 6), 2_000),
      enableAutoPipelining: true,
      lazyConnect: true,
    });
    redis.defineCommand('storeIfCurrent', { numberOfKeys: 2, lua: STORE_IF_CURRENT });
    redis.on('error', (error: Error) => this.logError(error));
    redis.on('ready', () => void this.flushPendingInvalidations());
    this.redis = redis as CacheRedis;

    this.subscriber = new Redis(settings.url, {
      enableOfflineQueue: false,
      connectTimeout: 1_000,
      retryStrategy: (attempt) => Math.min(50 * 2 ** Math.min(attempt, 6), 2_000),
      autoResubscribe: false,
      lazyConnect: true,
    });
    this.subscriber.on('error', (error: Error) => this.logError(error));
    this.subscriber.on('ready', () => void this.subscribe());
    this.subscriber.on('close', () => this.tellMissedSome());
    this.subscriber.on('message', (_channel: string, message: string) => this.received(message));
  }

  async lookup(key: string): Promise<CacheLookup> {
    if (!(await this.usable())) return { value: undefined, stamp: undefined };
    try {
      const [entry, generation] = await this.redis.mget(this.answerKey(key), this.generationKey(key));
      this.succeeded();
      const found = entry === null || entry === undefined ? undefined : this.unexpired(entry);
      return { value: found?.value, stamp: generation ?? '', validity: found?.validity };
    } catch (error) {
      this.failed(error);
      return { value: undefined, stamp: undefined };
    }
  }

  store(key: string, value: string, validity: Validity, stamp: unknown): void {
    // No stamp: the lookup did not reach Redis, so nothing says the answer is still current.
    if (typeof stamp !== 'string' || this.paused()) return;
    const ttlMs = validity.until.getTime() - this.clock.now().getTime();
    if (ttlMs < 1) return;
    const entry = `${validity.from.getTime()}${SEPARATOR}${validity.until.getTime()}${SEPARATOR}${value}`;
    const write = this.redis.storeIfCurrent(this.answerKey(key), this.generationKey(key), stamp, entry, ttlMs).then(
      () => this.succeeded(),
      (error: unknown) => this.failed(error),
    );
    this.writes.add(write);
    void write.then(() => this.writes.delete(write));
  }

  /** Resolves once every write-back sent so far has been answered (or has failed). */
  async settle(): Promise<void> {
    await Promise.all(this.writes);
  }

  async invalidate(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    if (this.paused() || !(await this.send(keys))) for (const key of keys) this.pendingInvalidations.add(key);
  }

  /**
   * An entry carries its validity as well as Redis' own TTL, and is served only within it by this
   * instance's clock: Redis' TTL frees the memory, the validity decides what is answered.
   */
  private unexpired(entry: string): { value: string; validity: Validity } | undefined {
    const first = entry.indexOf(SEPARATOR);
    const second = entry.indexOf(SEPARATOR, first + 1);
    if (first < 1 || second < 0) return undefined;
    const from = Number(entry.slice(0, first));
    const until = Number(entry.slice(first + 1, second));
    const now = this.clock.now().getTime();
    if (!(from <= now && now < until)) return undefined;
    return { value: entry.slice(second + 1), validity: { from: new Date(from), until: new Date(until) } };
  }

  watch(listener: InvalidationListener): void {
    this.watchers.push(listener);
  }

  /** Readiness: whether Redis answers (it is not required: without it every read is a miss). */
  async check(): Promise<void> {
    await this.redis.ping();
  }

  /**
   * Connects and subscribes to the others' invalidations, waiting at most a moment: an instance
   * whose Redis is down starts and serves without its cache, and picks it up when it comes
   * (ioredis keeps reconnecting).
   */
  async start(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((done) => (timer = setTimeout(done, START_WAIT_MS)));
    const ready = new Promise<void>((done) => this.redis.once('ready', done));
    const subscribed = new Promise<void>((done) => (this.onSubscribed = done));
    this.redis.connect().catch((error: unknown) => this.failed(error));
    this.subscriber.connect().catch((error: unknown) => this.logError(error));
    await Promise.race([Promise.all([ready, subscribed]), waited]);
    clearTimeout(timer);
  }

  async stop(): Promise<void> {
    await this.settle();
    for (const connection of [this.subscriber, this.redis]) {
      try {
        await connection.quit();
      } catch {
        connection.disconnect();
      }
    }
  }

  /** Subscribes (again) to the others' invalidations; what was kept before may have missed some. */
  private async subscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel());
      this.onSubscribed();
    } catch (error) {
      this.logError(error);
    }
    this.tellMissedSome();
  }

  private tellMissedSome(): void {
    for (const watcher of this.watchers) watcher.missedSome();
  }

  private received(text: string): void {
    let message: InvalidationMessage;
    try {
      message = JSON.parse(text) as InvalidationMessage;
    } catch {
      return;
    }
    if (message.origin === this.origin || !Array.isArray(message.keys)) return;
    const keys = message.keys.filter((key): key is string => typeof key === 'string');
    for (const watcher of this.watchers) watcher.invalidated(keys);
  }

  /** Bumps each key's generation, deletes its answer and tells the other instances, in one transaction. */
  private async send(keys: readonly string[]): Promise<boolean> {
    const batch = this.redis.multi();
    for (const key of keys) {
      const generationKey = this.generationKey(key);
      batch.incr(generationKey).expire(generationKey, GENERATION_TTL_SECONDS).del(this.answerKey(key));
    }
    const message: InvalidationMessage = { origin: this.origin, keys };
    batch.publish(this.channel(), JSON.stringify(message));
    try {
      const results = await batch.exec();
      if (results === null || results.some(([error]) => error !== null)) throw new Error('the invalidation was not applied');
      this.succeeded();
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    }
  }

  private async flushPendingInvalidations(): Promise<void> {
    if (this.pendingInvalidations.size === 0) return;
    const keys = [...this.pendingInvalidations];
    this.pendingInvalidations.clear();
    if (await this.send(keys)) this.logger.info({ keys: keys.length }, 'sent invalidations Redis missed while it was away');
    else for (const key of keys) this.pendingInvalidations.add(key);
  }

  /** Redis may be asked now: not paused, and no invalidation owed to it (else it could answer stale). */
  private async usable(): Promise<boolean> {
    if (this.paused()) return false;
    if (this.pendingInvalidations.size > 0) {
      await this.flushPendingInvalidations();
      return this.pendingInvalidations.size === 0;
    }
    return true;
  }

  private paused(): boolean {
    return this.pause.paused;
  }

  private succeeded(): void {
    this.pause.succeeded();
  }

  private failed(error: unknown): void {
    this.pause.failed(error);
  }

  private logError(error: unknown): void {
    this.pause.logError(error);
  }

  private channel(): string {
    return `${this.settings.keyPrefix}invalidations`;
  }

  private answerKey(key: string): string {
    return `${this.settings.keyPrefix}answer:${key}`;
  }

  private generationKey(key: string): string {
    return `${this.settings.keyPrefix}generation:${key}`;
  }
}

export const RedisAnswerCacheToken = token<RedisAnswerCache>('RedisAnswerCache');
