import type { Cluster, Redis } from 'ioredis';
import type { CacheLookup, InvalidationListener, SharedCache, Validity } from '../../domain/caching/shared-cache.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { Logger } from '../logging/logger.js';
import { FailurePause } from './failure-pause.js';
import { Outbox } from './outbox.js';
import type { RedisConnection } from './redis-connection.js';

/** Between the validity's bounds and the answer in a stored entry: `from|until|answer`. */
const SEPARATOR = '|';

/** How long a key's generation is kept after its last invalidation: far longer than any read takes. */
const GENERATION_TTL_SECONDS = 24 * 60 * 60;

/** The channel invalidations are told to the other instances on. */
const CHANNEL = 'invalidations';

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

/**
 * Bumps a key's generation (kept GENERATION_TTL_SECONDS) and deletes its answer.
 * KEYS: generation key, answer key. ARGV: the generation's TTL in seconds.
 */
const INVALIDATE = `
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2])
return 1
`;

type CacheRedis = (Redis | Cluster) & {
  storeIfCurrent(answerKey: string, generationKey: string, generation: string, value: string, ttlMs: number): Promise<number>;
  invalidateKey(generationKey: string, answerKey: string, ttlSeconds: number): Promise<number>;
};

/**
 * The shared cache on Redis, failing open: every error is a miss, and after a few failures
 * in a row it leaves Redis alone for a moment, so a frozen server costs each request nothing.
 * Invalidations that could not be delivered are kept and sent again, before any lookup, as soon as
 * Redis answers.
 *
 * Every invalidation is also published, once the generations are bumped, on a channel every instance
 * listens to, so the answers other instances keep in their own memory go at once. Whenever that
 * subscription (re)starts, news may have been missed, and the watchers are told so.
 */
export class RedisSharedCache implements SharedCache {
  readonly enabled = true;
  private readonly redis: CacheRedis;
  private readonly watchers: InvalidationListener[] = [];
  private readonly invalidations: Outbox;
  private readonly writes = new Set<Promise<unknown>>();
  private readonly pause: FailurePause;

  constructor(
    private readonly connection: RedisConnection,
    private readonly clock: Clock,
    logger: Logger,
  ) {
    this.pause = new FailurePause(logger, 'Redis does not answer; reads go to the stores until it does');
    this.invalidations = new Outbox(this.pause, (keys) => this.send(keys), logger, 'invalidations');
    connection.commands.defineCommand('storeIfCurrent', { numberOfKeys: 2, lua: STORE_IF_CURRENT });
    connection.commands.defineCommand('invalidateKey', { numberOfKeys: 2, lua: INVALIDATE });
    this.redis = connection.commands as CacheRedis;
    connection.whenReady(() => void this.invalidations.flush());
    connection.beforeStop(async () => {
      await this.settled();
      await this.invalidations.close();
    });
    connection.listen(CHANNEL, {
      received: (keys) => this.watchers.forEach((watcher) => watcher.invalidated(keys)),
      missedSome: () => this.watchers.forEach((watcher) => watcher.missedSome()),
    });
  }

  async lookup(key: string): Promise<CacheLookup> {
    if (!(await this.usable())) return { value: undefined, stamp: undefined };
    const sentAt = this.pause.now();
    try {
      const [entry, generation] = await this.redis.mget(this.answerKey(key), this.generationKey(key));
      this.pause.succeeded();
      const found = entry === null || entry === undefined ? undefined : this.unexpired(entry);
      return { value: found?.value, stamp: generation ?? '', validity: found?.validity };
    } catch (error) {
      this.pause.failed(error, sentAt);
      return { value: undefined, stamp: undefined };
    }
  }

  store(key: string, value: string, validity: Validity, stamp: unknown): void {
    // No stamp: the lookup did not reach Redis, so nothing says the answer is still current.
    if (typeof stamp !== 'string' || this.pause.paused) return;
    const ttlMs = validity.until.getTime() - this.clock.now().getTime();
    if (ttlMs < 1) return;
    const entry = `${validity.from.getTime()}${SEPARATOR}${validity.until.getTime()}${SEPARATOR}${value}`;
    const sentAt = this.pause.now();
    const write = this.redis.storeIfCurrent(this.answerKey(key), this.generationKey(key), stamp, entry, ttlMs).then(
      () => this.pause.succeeded(),
      (error: unknown) => this.pause.failed(error, sentAt),
    );
    this.writes.add(write);
    void write.then(() => this.writes.delete(write));
  }

  /** Resolves once every write-back sent so far has been answered (or has failed). */
  async settled(): Promise<void> {
    await Promise.all(this.writes);
  }

  invalidate(keys: readonly string[]): Promise<void> {
    return this.invalidations.deliver(keys);
  }

  watch(listener: InvalidationListener): void {
    this.watchers.push(listener);
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

  /**
   * Bumps each key's generation and deletes its answer (one script per key: a key's two entries
   * share a hash slot, different keys may not), then tells the other instances. A failure
   * anywhere sends the whole list again: bumping a generation twice is harmless.
   */
  private async send(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map((key) => this.redis.invalidateKey(this.generationKey(key), this.answerKey(key), GENERATION_TTL_SECONDS)),
    );
    await this.redis.publish(this.connection.key(CHANNEL), this.connection.message(keys));
  }

  /** Redis may be asked now: not paused, and no invalidation owed to it (else it could answer stale). */
  private async usable(): Promise<boolean> {
    if (this.pause.paused) return false;
    return this.invalidations.empty || (await this.invalidations.flush());
  }

  /**
   * A key's answer and generation are read together (MGET) and written together (scripts): their
   * names share a hash tag, so on a Redis Cluster they are in one slot. The tag never comes out
   * empty, whatever braces the key holds.
   */
  private answerKey(key: string): string {
    return this.connection.key(`answer:{k:${key}}`);
  }

  private generationKey(key: string): string {
    return this.connection.key(`generation:{k:${key}}`);
  }
}
