import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { QuotaState } from '../../domain/auth/request-limiter.js';
import type { RateLimit } from '../../domain/auth/rate-limit.js';

/**
 * Fixed windows of rate-limiter-flexible: one limiter per distinct limit, made by `create` when
 * first needed.
 */
export class FlexibleLimiters {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(private readonly create: (limit: RateLimit, keyPrefix: string) => RateLimiterAbstract) {}

  /** Counts one request with rate-limiter-flexible, which rejects with the state when over. */
  count(bucket: string, limit: RateLimit): Promise<QuotaState> {
    return this.limiterFor(limit).consume(bucket).then(stateOf, stateOfRejection);
  }

  private limiterFor(limit: RateLimit): RateLimiterAbstract {
    const key = `${limit.requests}/${limit.windowSeconds}`;
    let limiter = this.limiters.get(key);
    if (limiter === undefined) {
      limiter = this.create(limit, `${key}:`);
      this.limiters.set(key, limiter);
    }
    return limiter;
  }
}

function stateOfRejection(rejection: unknown): QuotaState {
  if (rejection instanceof RateLimiterRes) return stateOf(rejection);
  throw rejection;
}

function stateOf(res: RateLimiterRes): QuotaState {
  return { consumed: res.consumedPoints, resetMs: Math.max(0, res.msBeforeNext) };
}
