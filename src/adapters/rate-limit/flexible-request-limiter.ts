import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { QuotaState, RequestLimiter } from '../../application/auth/request-limiter.js';
import type { RateLimit } from '../../domain/auth/rate-limit.js';
import { token } from '../../domain/shared/token.js';
import type { Logger } from '../logging/logger.js';

/** After this many Redis failures in a row, the limiter counts in memory for a moment instead of waiting on Redis. */
const FAILURES_BEFORE_PAUSE = 3;
const PAUSE_MS = 1_000;
const ERROR_LOG_INTERVAL_MS = 5_000;

/** Fixed windows of rate-limiter-flexible: one limiter per distinct limit, created when first needed. */
abstract class FlexibleLimiters {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  protected limiterFor(limit: RateLimit): RateLimiterAbstract {
    const key = `${limit.requests}/${limit.windowSeconds}`;
    let limiter = this.limiters.get(key);
    if (limiter === undefined) {
      limiter = this.create(limit, `${key}:`);
      this.limiters.set(key, limiter);
    }
    return limiter;
  }

  protected abstract create(limit: RateLimit, keyPrefix: string): RateLimiterAbstract;
}

/**
 * Counts in this process' memory: the embedded default, one instance's own count when the limits
 * are not shared (no Redis), and the insurance of the Redis limiter while Redis does not answer.
 */
export class MemoryRequestLimiter extends FlexibleLimiters implements RequestLimiter {
  async consume(bucket: string, limit: RateLimit): Promise<QuotaState> {
    return stateOf(await settle(this.limiterFor(limit).consume(bucket)));
  }

  async peek(bucket: string, limit: RateLimit): Promise<QuotaState> {
    const found = await this.limiterFor(limit).get(bucket);
    return found === null ? { consumed: 0, resetMs: 0 } : stateOf(found);
  }

  protected create(limit: RateLimit, keyPrefix: string): RateLimiterAbstract {
    return new RateLimiterMemory({ points: limit.requests, duration: limit.windowSeconds, keyPrefix });
  }
}

export interface RedisLimiterSettings {
  readonly url: string;
  readonly keyPrefix: string;
  readonly commandTimeoutMs: number;
}

/**
 * Counts in Redis, so every instance shares each token's quota. While Redis does not answer, it
 * counts in memory (the insurance: each instance then holds each token to the whole limit on its
 * own), and after a few failures in a row it stops asking Redis for a moment, so a frozen Redis
 * costs requests no waiting. `peek` answers from what this instance last learned: the count is
 * shared, a client address over its limit is refused by an instance from the first failure of
 * its own that finds it over.
 */
export class RedisRequestLimiter extends FlexibleLimiters implements RequestLimiter {
  readonly name = 'redis-rate-limits';
  readonly required = false;
  private readonly redis: Redis;
  private readonly insurance = new MemoryRequestLimiter();
  /** Buckets known to be over their limit, until when (process time). */
  private readonly over = new Map<string, { consumed: number; until: number }>();
  private consecutiveFailures = 0;
  private pausedUntil = 0;
  private lastErrorLog = 0;

  constructor(
    private readonly settings: RedisLimiterSettings,
    private readonly logger: Logger,
  ) {
    super();
    this.redis = new Redis(settings.url, {
      enableOfflineQueue: false,
      commandTimeout: settings.commandTimeoutMs,
      connectTimeout: 1_000,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(50 * 2 ** Math.min(attempt, 6), 2_000),
      enableAutoPipelining: true,
      lazyConnect: true,
    });
    this.redis.on('error', (error: Error) => this.logError(error));
  }

  async consume(bucket: string, limit: RateLimit): Promise<QuotaState> {
    if (performance.now() < this.pausedUntil) return this.insurance.consume(bucket, limit);
    let state: QuotaState;
    try {
      state = stateOf(await settle(this.limiterFor(limit).consume(bucket)));
      this.consecutiveFailures = 0;
    } catch (error) {
      this.failed(error);
      return this.insurance.consume(bucket, limit);
    }
    const key = `${limit.requests}/${limit.windowSeconds}:${bucket}`;
    if (state.consumed >= limit.requests)
      this.over.set(key, { consumed: state.consumed, until: performance.now() + state.resetMs });
    else this.over.delete(key);
    return state;
  }

  async peek(bucket: string, limit: RateLimit): Promise<QuotaState> {
    const key = `${limit.requests}/${limit.windowSeconds}:${bucket}`;
    const known = this.over.get(key);
    const now = performance.now();
    if (known !== undefined && now < known.until) return { consumed: known.consumed, resetMs: known.until - now };
    if (known !== undefined) this.over.delete(key);
    return performance.now() < this.pausedUntil ? this.insurance.peek(bucket, limit) : { consumed: 0, resetMs: 0 };
  }

  /** Connects without waiting long: while Redis is away, the insurance counts. */
  async start(): Promise<void> {
    await this.redis.connect().catch((error: unknown) => this.logError(error));
  }

  async stop(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }

  /** Readiness: whether Redis answers (not required: the insurance counts meanwhile). */
  async check(): Promise<void> {
    await this.redis.ping();
  }

  protected create(limit: RateLimit, keyPrefix: string): RateLimiterAbstract {
    return new RateLimiterRedis({
      storeClient: this.redis,
      points: limit.requests,
      duration: limit.windowSeconds,
      keyPrefix: `${this.settings.keyPrefix}ratelimit:${keyPrefix}`,
      rejectIfRedisNotReady: true,
    });
  }

  private failed(error: unknown): void {
    if (++this.consecutiveFailures >= FAILURES_BEFORE_PAUSE) {
      this.pausedUntil = performance.now() + PAUSE_MS;
      this.consecutiveFailures = 0;
    }
    this.logError(error);
  }

  private logError(error: unknown): void {
    const now = performance.now();
    if (now - this.lastErrorLog < ERROR_LOG_INTERVAL_MS) return;
    this.lastErrorLog = now;
    this.logger.warn({ err: error }, 'Redis does not answer; rate limits are counted in this instance until it does');
  }
}

/** A consumption's outcome, over the limit or not: rate-limiter-flexible rejects with the state when over. */
async function settle(consumption: Promise<RateLimiterRes>): Promise<RateLimiterRes> {
  try {
    return await consumption;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection;
    throw rejection;
  }
}

function stateOf(res: RateLimiterRes): QuotaState {
  return { consumed: res.consumedPoints, resetMs: Math.max(0, res.msBeforeNext) };
}

export const RedisRequestLimiterToken = token<RedisRequestLimiter>('RedisRequestLimiter');
