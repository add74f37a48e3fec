export { RedisAnswerCache, RedisAnswerCacheToken, type RedisCacheSettings } from './redis-answer-cache.js';
