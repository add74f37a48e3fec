import { Redis } from 'ioredis';
import {
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { QuotaState, RequestLimiter } from '../../application/auth/request-limiter.js';
import type { RateLimit } from '../../domain/auth/rate-limit.js';
import { token } from '../../domain/shared/token.js';
import type { Logger } from '../logging/logger.js';
import { FailurePause } from '../redis/failure-pause.js';

/** After this many failures in a row, the limiter counts in memory for a moment instead of waiting on the shared store. */

/**
 * Fixed windows of rate-limiter-flexible: one limiter per distinct limit, created when first
 * needed; and what this process has seen go over its limit, until its window ends.
 */
abstract class FlexibleLimiters {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  /** Buckets found over their limit, until when (process time). */
  private readonly over = new Map<string, { consumed: number; until: number }>();

  knownOver(bucket: string, limit: RateLimit): QuotaState | undefined {
    if (this.over.size === 0) return undefined;
    const key = `${limit.requests}/${limit.windowSeconds}:${bucket}`;
    const known = this.over.get(key);
    if (known === undefined) return undefined;
    const now = performance.now();
    if (now < known.until) return { consumed: known.consumed, resetMs: known.until - now };
    this.over.delete(key);
    return undefined;
  }

  /** Counts one request with rate-limiter-flexible, which rejects with the state when over. */
  protected count(bucket: string, limit: RateLimit): Promise<QuotaState> {
    return this.limiterFor(limit).consume(bucket).then(stateOf, stateOfRejection);
  }

  /** Remembers a bucket found over its limit (or forgets it once it is not). */
  protected learn(bucket: string, limit: RateLimit, state: QuotaState): QuotaState {
    const key = `${limit.requests}/${limit.windowSeconds}:${bucket}`;
    if (state.consumed >= limit.requests)
      this.over.set(key, { consumed: state.consumed, until: performance.now() + state.resetMs });
    else if (this.over.size > 0) this.over.delete(key);
    return state;
  }

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
 * are not shared (no Redis), and the insurance of the shared limiters while their store does not
 * answer.
 */
export class MemoryRequestLimiter extends FlexibleLimiters implements RequestLimiter {
  /** One step after rate-limiter-flexible's own: the count, learnt from. */
  consume(bucket: string, limit: RateLimit): Promise<QuotaState> {
    return this.limiterFor(limit)
      .consume(bucket)
      .then(
        (res) => this.learn(bucket, limit, stateOf(res)),
        (rejection: unknown) => this.learn(bucket, limit, stateOfRejection(rejection)),
      );
  }

  protected create(limit: RateLimit, keyPrefix: string): RateLimiterAbstract {
    return new RateLimiterMemory({ points: limit.requests, duration: limit.windowSeconds, keyPrefix });
  }
}

/**
 * Counts in a store shared with other processes, and in memory (the insurance) while that store
 * does not answer: each process then holds each bucket to the whole limit on its own. After a few
 * failures in a row it stops asking the shared store for a moment, so a store that hangs costs
 * requests no waiting. `knownOver` answers from what this process last learned: the count is
 * shared, and a bucket over its limit is known to a process from its first request that finds it
 * over.
 */
abstract class InsuredLimiters extends FlexibleLimiters implements RequestLimiter {
  private readonly insurance = new MemoryRequestLimiter();
  private readonly pause: FailurePause;

  constructor(logger: Logger, store: string) {
    super();
    this.pause = new FailurePause(logger, `${store} does not answer; rate limits are counted in this process until it does`);
  }

  async consume(bucket: string, limit: RateLimit): Promise<QuotaState> {
    let state: QuotaState;
    if (this.pause.paused) state = await this.insurance.consume(bucket, limit);
    else {
      try {
        state = await this.count(bucket, limit);
        this.pause.succeeded();
      } catch (error) {
        this.pause.failed(error);
        state = await this.insurance.consume(bucket, limit);
      }
    }
    return this.learn(bucket, limit, state);
  }

  protected logError(error: unknown): void {
    this.pause.logError(error);
  }
}

export interface RedisLimiterSettings {
  readonly url: string;
  readonly keyPrefix: string;
  readonly commandTimeoutMs: number;
}

/** Counts in Redis, so every instance shares each token's quota (REDIS_URL). */
export class RedisRequestLimiter extends InsuredLimiters {
  readonly name = 'redis-rate-limits';
  readonly required = false;
  private readonly redis: Redis;

  constructor(
    private readonly settings: RedisLimiterSettings,
    logger: Logger,
  ) {
    super(logger, 'Redis');
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
}

/** How long a worker waits for the primary's count before counting on its own. */
const CLUSTER_TIMEOUT_MS = 1_000;

/**
 * Counts in the primary process of a node:cluster (WORKERS without Redis), so the workers of an
 * instance share each token's quota. The primary runs rate-limiter-flexible's cluster master
 * (see `startRateLimitMaster`).
 */
export class ClusterRequestLimiter extends InsuredLimiters {
  constructor(logger: Logger) {
    super(logger, 'The primary process');
  }

  protected create(limit: RateLimit, keyPrefix: string): RateLimiterAbstract {
    return new RateLimiterCluster({
      points: limit.requests,
      duration: limit.windowSeconds,
      keyPrefix: `vitrine:${keyPrefix}`,
      timeoutMs: CLUSTER_TIMEOUT_MS,
    });
  }
}

/** In the primary process: the count the ClusterRequestLimiter of each worker asks for. */
export function startRateLimitMaster(): void {
  new RateLimiterClusterMaster();
}

function stateOfRejection(rejection: unknown): QuotaState {
  if (rejection instanceof RateLimiterRes) return stateOf(rejection);
  throw rejection;
}

function stateOf(res: RateLimiterRes): QuotaState {
  return { consumed: res.consumedPoints, resetMs: Math.max(0, res.msBeforeNext) };
}

export const RedisRequestLimiterToken = token<RedisRequestLimiter>('RedisRequestLimiter');
