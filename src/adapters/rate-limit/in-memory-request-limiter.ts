import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { QuotaState, RequestLimiter } from '../../domain/auth/request-limiter.js';
import type { RateLimit } from '../../domain/auth/rate-limit.js';
import { FlexibleLimiters, stateOf, stateOfRejection } from './flexible-limiters.js';

/**
 * Counts in this process' memory: the embedded default, one instance's own count when the limits
 * are not shared (no Redis), and the insurance of the shared limiters while their store does not
 * answer.
 */
export class InMemoryRequestLimiter extends FlexibleLimiters implements RequestLimiter {
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
