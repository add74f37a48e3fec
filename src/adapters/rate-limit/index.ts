export {
  ClusterRequestLimiter,
  MemoryRequestLimiter,
  RedisRequestLimiter,
  RedisRequestLimiterToken,
  startRateLimitMaster,
  type RedisLimiterSettings,
} from './flexible-request-limiter.js';
