import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { QuotaState, RequestLimiter } from '../../domain/auth/request-limiter.js';
import type { RateLimit } from '../../domain/auth/rate-limit.js';
import { FlexibleLimiters } from './flexible-limiters.js';
import { KnownOverLimits } from './known-over-limits.js';

/**
 * Counts in this process' memory: the embedded default, one instance's own count when the limits
 * are not shared (no Redis), and the insurance of the shared limiters while their store does not
 * answer.
 */
export class InMemoryRequestLimiter extends KnownOverLimits implements RequestLimiter {
  private readonly limiters = new FlexibleLimiters(
    (limit, keyPrefix) => new RateLimiterMemory({ points: limit.requests, duration: limit.windowSeconds, keyPrefix }),
  );

  /** One step after rate-limiter-flexible's own: the count, learnt from. */
  consume(bucket: string, limit: RateLimit): Promise<QuotaState> {
    return this.limiters.count(bucket, limit).then((state) => this.learn(bucket, limit, state));
  }
}
