import { ContainerModule } from 'inversify';
import { RequestLimiterToken, type RequestLimiter } from '../../domain/auth/request-limiter.js';
import { NO_SHARED_CACHE, SharedCacheToken, type SharedCache } from '../../domain/caching/shared-cache.js';
import { CatalogNewsToken, type CatalogNews } from '../../domain/product/catalog-news.js';
import { ClockToken, type Clock } from '../../domain/shared/clock.js';
import { ClusterRequestLimiter } from '../../adapters/cluster/cluster-request-limiter.js';
import { LoggerToken, type Logger } from '../../adapters/logging/logger.js';
import { InMemoryRequestLimiter } from '../../adapters/rate-limit/in-memory-request-limiter.js';
import { InProcessCatalogNews } from '../../adapters/memory/in-process-catalog-news.js';
import { RedisCatalogNews } from '../../adapters/redis/redis-catalog-news.js';
import { RedisEventNews } from '../../adapters/redis/redis-event-news.js';
import { InProcessEventNews } from '../../adapters/memory/in-process-event-news.js';
import { EventNewsToken, type EventNews } from '../../domain/events/event-news.js';
import { RedisConnection, RedisConnectionToken, type RedisTarget } from '../../adapters/redis/redis-connection.js';
import { RedisRequestLimiter } from '../../adapters/rate-limit/redis-request-limiter.js';
import { RedisSharedCache } from '../../adapters/redis/redis-shared-cache.js';
import { RedisSharedLists } from '../../adapters/redis/redis-shared-lists.js';
import { RedisShopperRecords } from '../../adapters/redis/redis-shopper-records.js';
import { token } from '../../domain/shared/token.js';
import { SharedListsToken, type SharedLists } from '../../domain/product/shared-lists.js';
import { ShopperRecordsToken, type ShopperRecords } from '../../domain/product/shopper-records.js';
import { InMemorySharedLists } from '../../adapters/memory/in-memory-shared-lists.js';
import { InMemoryShopperRecords } from '../../adapters/memory/in-memory-shopper-records.js';
import { bindFactory, bindValue } from '../binding.js';
import type { VitrineConfig } from '../config.js';
import { inWorker } from './platform.js';

/** The Redis adapters of one instance, on one connection. */
interface RedisAdapters {
  readonly connection: RedisConnection;
  readonly sharedCache: SharedCache;
  readonly requestLimiter: RequestLimiter;
  readonly catalogNews: CatalogNews;
  readonly eventNews: EventNews;
  readonly sharedLists: SharedLists;
  readonly shopperRecords: ShopperRecords;
}

const RedisAdaptersToken = token<RedisAdapters>('RedisAdapters');

/**
 * What the instances of a deployment share through Redis (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS): the shared cache and its
 * invalidations, the rate-limit counts, catalog news and event news, and (SIMILAR_LISTS=shared)
 * the similar-products lists and the session and shopper records, all on one connection. They are built
 * together, before the connection sends anything: each defines its Lua scripts on the shared
 * client as it is built, and ioredis' automatic pipelines only know the scripts defined before
 * they were opened.
 */
export function redisModule(config: VitrineConfig & { redis: RedisTarget }): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindFactory(
      bind,
      RedisAdaptersToken,
      (clock: Clock, logger: Logger): RedisAdapters => {
        const settings = {
          target: config.redis,
          keyPrefix: config.redisKeyPrefix,
          commandTimeoutMs: config.redisCommandTimeoutMs,
        };
        const connection = new RedisConnection(settings, logger);
        return {
          connection,
          sharedCache: new RedisSharedCache(connection, clock, logger),
          requestLimiter: new RedisRequestLimiter(connection, logger),
          catalogNews: new RedisCatalogNews(connection, logger),
          eventNews: new RedisEventNews(connection, logger),
          sharedLists: new RedisSharedLists(connection, logger),
          shopperRecords: new RedisShopperRecords(connection, logger),
        };
      },
      [ClockToken, LoggerToken],
    );
    bindFactory(bind, RedisConnectionToken, (redis: RedisAdapters) => redis.connection, [RedisAdaptersToken]);
    bindFactory(bind, SharedCacheToken, (redis: RedisAdapters) => redis.sharedCache, [RedisAdaptersToken]);
    bindFactory(bind, RequestLimiterToken, (redis: RedisAdapters) => redis.requestLimiter, [RedisAdaptersToken]);
    bindFactory(bind, CatalogNewsToken, (redis: RedisAdapters) => redis.catalogNews, [RedisAdaptersToken]);
    bindFactory(bind, EventNewsToken, (redis: RedisAdapters) => redis.eventNews, [RedisAdaptersToken]);
    bindFactory(bind, SharedListsToken, (redis: RedisAdapters) => redis.sharedLists, [RedisAdaptersToken]);
    bindFactory(bind, ShopperRecordsToken, (redis: RedisAdapters) => redis.shopperRecords, [RedisAdaptersToken]);
  });
}

/**
 * Without Redis: no shared cache (each process keeps its own answers), rate limits counted in this
 * process (or by the primary, for WORKERS), and catalog and event news heard by no other instance (those on
 * a shared MongoDB compare their catalog every CACHE_TTL instead).
 */
export function withoutRedisModule(config: VitrineConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindValue(bind, SharedCacheToken, NO_SHARED_CACHE);
    // Shared with no other process: an embedder running several instances in one process gives them one of each (override).
    bindFactory(bind, SharedListsToken, (clock: Clock): SharedLists => new InMemorySharedLists(clock), [ClockToken]);
    bindFactory(bind, ShopperRecordsToken, (clock: Clock): ShopperRecords => new InMemoryShopperRecords(clock), [ClockToken]);
    bindFactory(
      bind,
      RequestLimiterToken,
      (logger: Logger): RequestLimiter => (inWorker(config) ? new ClusterRequestLimiter(logger) : new InMemoryRequestLimiter()),
      [LoggerToken],
    );
    bindFactory(bind, CatalogNewsToken, (): CatalogNews => new InProcessCatalogNews().endpoint(), []);
    bindFactory(bind, EventNewsToken, (): EventNews => new InProcessEventNews().endpoint(), []);
  });
}
