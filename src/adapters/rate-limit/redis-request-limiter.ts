import type { Redis } from 'ioredis';
import type { QuotaState } from '../../domain/auth/request-limiter.js';
import type { RateLimit } from '../../domain/auth/rate-limit.js';
import { DEFAULT_QUOTA_LEASE_POLICY, leaseSize, refillDue, type QuotaLeasePolicy } from '../../domain/auth/quota-lease.js';
import type { Logger } from '../logging/logger.js';
import { InsuredLimiters } from './insured-limiters.js';
import type { RedisConnection } from '../redis/redis-connection.js';

/**
 * Grants up to ARGV[2] requests of the window of KEYS[1] (limit ARGV[1], window ARGV[3] ms),
 * never past the limit: answers what was granted, the window's count after it and the window's
 * milliseconds left. The window starts with its first grant and ends when its key expires.
 */
const LEASE = `
local limit = tonumber(ARGV[1])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local granted = math.min(tonumber(ARGV[2]), limit - count)
if granted > 0 then
  count = redis.call('INCRBY', KEYS[1], granted)
  if count == granted then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
else
  granted = 0
end
return {granted, count, redis.call('PTTL', KEYS[1])}
`;

type LeaseRedis = Redis & {
  quotaLease(key: string, limit: number, asked: number, windowMs: number): Promise<[number, number, number]>;
};

/** What this process holds of one bucket's current window. */
interface Lease {
  /** Requests granted to this process and not spent yet. */
  left: number;
  /** The window's shared count after this process' last grant (every instance's grants). */
  count: number;
  /** Requests refused since the window ran out: nothing is left in it for anyone. */
  overflow: number;
  exhausted: boolean;
  /** When the window ends (process time); 0 until the first grant tells. */
  endsAt: number;
  /** The size of the last lease asked for, and what was spent since it was asked for, since when. */
  size: number;
  spent: number;
  since: number;
  /** Requests waiting for a grant, and the grant under way. */
  waiting: number;
  fetching: Promise<void> | undefined;
}

/** How many buckets' lease keys are remembered (when full, all are forgotten at once). */
const REMEMBERED_KEYS = 10_000;

/** Buckets whose window ended are forgotten at most this often. */
const SWEEP_MS = 1_000;

/**
 * Counts in Redis, so every instance shares each token's quota (REDIS_URL), without a round trip
 * per request: each instance takes a lease of the window's requests (an atomic grant that never
 * goes past the limit), spends it in its own memory, and asks for more in the background once it
 * runs low (the policy of QuotaLeasePolicy). Whatever a lease leaves unspent expires with its window.
 * All the instances together admit at most the limit in a window while Redis answers; while it
 * does not, each counts in its own memory (fail-open, see InsuredLimiters).
 *
 * Where a bucket stands (`consumed`, hence the RateLimit headers) is the window's shared count as
 * this instance last saw it, less what this instance still holds of its lease: the requests every
 * instance took (spent or held), as of this instance's last grant.
 */
export class RedisRequestLimiter extends InsuredLimiters {
  private readonly redis: LeaseRedis;
  private readonly leases = new Map<string, Lease>();
  private readonly keys = new Map<string, { readonly requests: number; readonly windowSeconds: number; readonly key: string }>();
  private lastSweep = 0;

  constructor(
    private readonly connection: RedisConnection,
    logger: Logger,
    private readonly policy: QuotaLeasePolicy = DEFAULT_QUOTA_LEASE_POLICY,
  ) {
    super(logger, 'Redis');
    connection.commands.defineCommand('quotaLease', { numberOfKeys: 1, lua: LEASE });
    this.redis = connection.commands as LeaseRedis;
  }

  /** At once while this process holds some of the bucket's lease (or knows its window spent); else once Redis grants more. */
  protected count(bucket: string, limit: RateLimit): QuotaState | Promise<QuotaState> {
    const key = this.keyOf(bucket, limit);
    return this.spent(key, limit) ?? this.granted(key, limit);
  }

  protected override countAtOnce(bucket: string, limit: RateLimit): QuotaState | undefined {
    return this.spent(this.keyOf(bucket, limit), limit);
  }

  /** The lease key of a bucket under a limit, remembered: the same token asks on every request. */
  private keyOf(bucket: string, limit: RateLimit): string {
    const kept = this.keys.get(bucket);
    if (kept !== undefined && kept.requests === limit.requests && kept.windowSeconds === limit.windowSeconds) return kept.key;
    const key = `${limit.requests}/${limit.windowSeconds}:${bucket}`;
    if (this.keys.size >= REMEMBERED_KEYS && kept === undefined) this.keys.clear();
    this.keys.set(bucket, { requests: limit.requests, windowSeconds: limit.windowSeconds, key });
    return key;
  }

  /** The request counted in what this process holds of the bucket's window; undefined when it holds nothing yet. */
  private spent(key: string, limit: RateLimit): QuotaState | undefined {
    const now = performance.now();
    const lease = this.current(key, now);
    if (lease.left > 0) {
      lease.left--;
      lease.spent++;
      if (lease.fetching === undefined && !lease.exhausted && refillDue(lease.left, lease.size, this.policy))
        void this.fetch(key, lease, limit).catch(() => {});
      return { consumed: lease.count - lease.left, resetMs: lease.endsAt - now };
    }
    if (lease.exhausted) {
      lease.overflow++;
      return { consumed: lease.count + lease.overflow, resetMs: lease.endsAt - now };
    }
    return undefined;
  }

  /** The request counted once Redis has granted the bucket's lease (waiting for the grant under way, if any). */
  private async granted(key: string, limit: RateLimit): Promise<QuotaState> {
    for (;;) {
      const lease = this.current(key, performance.now());
      lease.waiting++;
      try {
        await (lease.fetching ?? this.fetch(key, lease, limit));
      } finally {
        lease.waiting--;
      }
      const state = this.spent(key, limit);
      if (state !== undefined) return state;
    }
  }

  /** The lease of the bucket's current window: a new one once the window it was of has ended. */
  private current(key: string, now: number): Lease {
    let lease = this.leases.get(key);
    if (lease === undefined || (lease.endsAt !== 0 && now >= lease.endsAt)) {
      if (now - this.lastSweep > SWEEP_MS) this.sweep(now);
      lease = {
        left: 0,
        count: 0,
        overflow: 0,
        exhausted: false,
        endsAt: 0,
        size: 0,
        spent: 0,
        since: now,
        waiting: 0,
        fetching: undefined,
      };
      this.leases.set(key, lease);
    }
    return lease;
  }

  /**
   * Asks Redis for the next lease of the bucket, sized to the rate it was spent at since the last
   * one. The window's end is counted from when the question was sent, so this process never
   * spends a lease after Redis has started the next window.
   */
  private fetch(key: string, lease: Lease, limit: RateLimit): Promise<void> {
    const sentAt = performance.now();
    const rate = lease.size === 0 ? 0 : (lease.spent * 1000) / Math.max(1, sentAt - lease.since);
    const asked = leaseSize(limit, rate, lease.waiting, this.policy);
    [lease.size, lease.spent, lease.since] = [asked, 0, sentAt];
    const windowMs = limit.windowSeconds * 1000;
    const fetching = this.redis
      .quotaLease(this.connection.key(`quota:${key}`), limit.requests, asked, windowMs)
      .then(([granted, count, ttl]) => {
        const endsAt = sentAt + (ttl > 0 ? ttl : windowMs);
        if (lease.endsAt === 0 || endsAt > lease.endsAt + windowMs / 2) {
          // The lease's first grant; or one of the next window (this one ended in Redis while the
          // question travelled): the lease starts over in it, what was left of the last one unspent.
          [lease.endsAt, lease.left, lease.count, lease.overflow] = [endsAt, 0, count, 0];
        }
        lease.left += granted;
        lease.count = Math.max(lease.count, count);
        lease.exhausted = granted < asked;
      });
    lease.fetching = fetching.finally(() => (lease.fetching = undefined));
    return lease.fetching;
  }

  /** Forgets the buckets whose window has ended. */
  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, lease] of this.leases) if (lease.endsAt !== 0 && now >= lease.endsAt) this.leases.delete(key);
  }
}
