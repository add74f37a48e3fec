export { RedisConnection, type RedisSettings, type RedisTarget, type RedisNode } from './redis-connection.js';
export { RedisSharedCache } from './redis-shared-cache.js';
export { RedisCatalogNews } from './redis-catalog-news.js';
export { RedisRequestLimiter } from '../rate-limit/redis-request-limiter.js';
export { RedisEventNews } from './redis-event-news.js';
export { RedisSharedLists } from './redis-shared-lists.js';
export { RedisShopperRecords } from './redis-shopper-records.js';
