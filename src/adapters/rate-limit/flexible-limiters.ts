import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { QuotaState } from '../../domain/auth/request-limiter.js';
import type { RateLimit } from '../../domain/auth/rate-limit.js';

/**
 * Fixed windows of rate-limiter-flexible: one limiter per distinct limit, created when first
 * needed; and what this process has seen go over its limit, until its window ends.
 */
export abstract class FlexibleLimiters {
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

  /** Remembers a bucket found over its limit, more than its requests counted (or forgets it once it is not). */
  protected learn(bucket: string, limit: RateLimit, state: QuotaState): QuotaState {
    const key = `${limit.requests}/${limit.windowSeconds}:${bucket}`;
    if (state.consumed > limit.requests)
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

export function stateOfRejection(rejection: unknown): QuotaState {
  if (rejection instanceof RateLimiterRes) return stateOf(rejection);
  throw rejection;
}

export function stateOf(res: RateLimiterRes): QuotaState {
  return { consumed: res.consumedPoints, resetMs: Math.max(0, res.msBeforeNext) };
}
