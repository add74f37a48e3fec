export {
  MemoryRequestLimiter,
  RedisRequestLimiter,
  RedisRequestLimiterToken,
  type RedisLimiterSettings,
} from './flexible-request-limiter.js';
