import { RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimit } from '../../domain/auth/rate-limit.js';
import type { Logger } from '../logging/logger.js';
import { InsuredLimiters } from './insured-limiters.js';
import type { RedisConnection } from '../redis/redis-connection.js';

/**
 * Counts in Redis, so every instance shares each token's quota (REDIS_URL); in this process's
 * memory while Redis does not answer.
 */
export class RedisRequestLimiter extends InsuredLimiters {
  constructor(
    private readonly connection: RedisConnection,
    logger: Logger,
  ) {
    super(logger, 'Redis');
    // rate-limiter-flexible defines its Lua script on the client when a limiter is made: made
    // now, before the shared client sends anything, every automatic pipeline knows it.
    this.limiterFor({ requests: 1, windowSeconds: 1 });
  }

  protected create(limit: RateLimit, keyPrefix: string): RateLimiterAbstract {
    return new RateLimiterRedis({
      storeClient: this.connection.commands,
      points: limit.requests,
      duration: limit.windowSeconds,
      keyPrefix: this.connection.key(`ratelimit:${keyPrefix}`),
      rejectIfRedisNotReady: true,
    });
  }
}
