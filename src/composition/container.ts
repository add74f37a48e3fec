import cluster from 'node:cluster';
import { Container, ContainerModule } from 'inversify';
import { AdmitRequest } from '../application/auth/admit-request.js';
import { AuthenticateToken } from '../application/auth/authenticate-token.js';
import { RateLimitSettingsToken, RequestLimiterToken, type RequestLimiter } from '../application/auth/request-limiter.js';
import { EnsureBootstrapToken } from '../application/auth/ensure-bootstrap-token.js';
import { IssueToken } from '../application/auth/issue-token.js';
import { ListTokens } from '../application/auth/list-tokens.js';
import { RevokeToken } from '../application/auth/revoke-token.js';
import {
  AnswerCacheToken,
  CacheObserverToken,
  CacheSettingsToken,
  NO_ANSWER_CACHE,
  type AnswerCache,
} from '../application/caching/answer-cache.js';
import { CachedAnswers } from '../application/caching/cached-answers.js';
import { CheckReadiness } from '../application/health/check-readiness.js';
import { CreateAiSlice, RegenerateAiSlice } from '../application/merchandising/ai-slices.js';
import { CreateCollection } from '../application/merchandising/create-collection.js';
import { EditSliceProducts } from '../application/merchandising/edit-slice-products.js';
import { GetTimeline } from '../application/merchandising/get-timeline.js';
import { PreviewActiveSlice } from '../application/merchandising/preview-active-slice.js';
import { SliceWriter } from '../application/merchandising/slice-writer.js';
import { CreateSpreadsheetSlice, ReplaceSliceProductsFromSpreadsheet } from '../application/merchandising/spreadsheet-slices.js';
import { CreateSlice } from '../application/merchandising/create-slice.js';
import { DeleteCollection } from '../application/merchandising/delete-collection.js';
import { DeleteSlice } from '../application/merchandising/delete-slice.js';
import { GetActiveSlice } from '../application/merchandising/get-active-slice.js';
import { GetSlice } from '../application/merchandising/get-slice.js';
import { ListCollections } from '../application/merchandising/list-collections.js';
import { ListSlices } from '../application/merchandising/list-slices.js';
import { ReplaceSlice } from '../application/merchandising/replace-slice.js';
import { UpdateCollection } from '../application/merchandising/update-collection.js';
import { DeleteProduct } from '../application/product/delete-product.js';
import { FindSimilarProducts } from '../application/product/find-similar-products.js';
import { GetProduct } from '../application/product/get-product.js';
import { UpsertProduct } from '../application/product/upsert-product.js';
import { EraseProfile } from '../application/profile/erase-profile.js';
import { LookUpProfile } from '../application/profile/look-up-profile.js';
import { UpsertProfile } from '../application/profile/upsert-profile.js';
import { TokenSecretsToken, type TokenSecrets } from '../domain/auth/token-secrets.js';
import { TokenStoreToken, type TokenStore } from '../domain/auth/token-store.js';
import { ReadinessChecksToken, type ReadinessCheck } from '../domain/health/readiness-check.js';
import { CollectionStoreToken, type CollectionStore } from '../domain/merchandising/collection-store.js';
import { ProductStoreToken, type ProductStore } from '../domain/product/product-store.js';
import { SimilarityToken, type Similarity } from '../domain/product/similarity.js';
import { IdentifierPolicyToken } from '../domain/profile/identifiers.js';
import { ProfileStoreToken, type ProfileStore } from '../domain/profile/profile-store.js';
import { ClockToken, type Clock } from '../domain/shared/clock.js';
import { token, type Token } from '../domain/shared/token.js';
import { SystemClock } from '../adapters/clock/system-clock.js';
import { NodeTokenSecrets } from '../adapters/crypto/node-token-secrets.js';
import { createLogger, LoggerToken, type Logger } from '../adapters/logging/logger.js';
import { instrumentStore } from '../adapters/metrics/instrument-store.js';
import { MetricsToken, PrometheusMetrics } from '../adapters/metrics/prometheus-metrics.js';
import { InMemoryCollectionStore } from '../adapters/memory/in-memory-collection-store.js';
import { InMemoryProductStore } from '../adapters/memory/in-memory-product-store.js';
import { InMemoryProfileStore } from '../adapters/memory/in-memory-profile-store.js';
import { inMemoryReadiness } from '../adapters/memory/in-memory-readiness.js';
import { InMemoryTokenStore } from '../adapters/memory/in-memory-token-store.js';
import { MongoCollectionStore } from '../adapters/mongo/mongo-collection-store.js';
import { MongoDatabase, MongoDatabaseToken } from '../adapters/mongo/mongo-database.js';
import { MongoProductStore } from '../adapters/mongo/mongo-product-store.js';
import { MongoProfileStore } from '../adapters/mongo/mongo-profile-store.js';
import { MongoTokenStore } from '../adapters/mongo/mongo-token-store.js';
import { HttpSettingsToken } from '../adapters/http/http-settings.js';
import { WorkerMetricsSource } from '../adapters/metrics/cluster-metrics.js';
import { MetricsSourceToken, type MetricsSource } from '../adapters/metrics/metrics-source.js';
import {
  ClusterRequestLimiter,
  MemoryRequestLimiter,
  RedisRequestLimiter,
  RedisRequestLimiterToken,
} from '../adapters/rate-limit/flexible-request-limiter.js';
import { RedisAnswerCache, RedisAnswerCacheToken } from '../adapters/redis/redis-answer-cache.js';
import { NeighbourEngine } from '../adapters/similarity/neighbour-engine.js';
import { DeleteProducts, UpsertProducts } from '../application/product/batch-products.js';
import { CatalogFollowSettingsToken, FollowCatalog } from '../application/product/follow-catalog.js';
import { UpsertProfiles } from '../application/profile/upsert-profiles.js';
import { bindClass, bindFactory, bindList, bindValue } from './binding.js';
import type { VitrineConfig } from './config.js';
import { ResourcesToken, type Resource } from './lifecycle.js';
import { resolve } from './resolve.js';

export { resolve };

/** Replacements for what the configuration would pick: a fake clock, a prepared store, a test logger. */
export interface Overrides {
  readonly clock?: Clock;
  readonly logger?: Logger;
  readonly tokenSecrets?: TokenSecrets;
  readonly profileStore?: ProfileStore;
  readonly productStore?: ProductStore;
  readonly collectionStore?: CollectionStore;
  readonly tokenStore?: TokenStore;
  readonly similarity?: Similarity;
  readonly answerCache?: AnswerCache;
  readonly requestLimiter?: RequestLimiter;
  readonly readinessChecks?: readonly ReadinessCheck[];
  readonly resources?: readonly Resource[];
}

const OVERRIDE_TOKENS: { readonly [K in keyof Required<Overrides>]: Token<Required<Overrides>[K]> } = {
  clock: ClockToken,
  logger: LoggerToken,
  tokenSecrets: TokenSecretsToken,
  profileStore: ProfileStoreToken,
  productStore: ProductStoreToken,
  collectionStore: CollectionStoreToken,
  tokenStore: TokenStoreToken,
  similarity: SimilarityToken,
  answerCache: AnswerCacheToken,
  requestLimiter: RequestLimiterToken,
  readinessChecks: ReadinessChecksToken,
  resources: ResourcesToken,
};

const InMemoryReadinessToken = token<ReadinessCheck>('InMemoryReadiness');

/** Whether this process is one of several workers (WORKERS) sharing what only one process can hold. */
function inWorker(config: VitrineConfig): boolean {
  return config.workers > 1 && cluster.isWorker;
}

/** Time, randomness, logging and the settings the domain and the use cases read. */
function platformModule(config: VitrineConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindFactory(bind, ClockToken, () => new SystemClock(), []);
    bindFactory(bind, TokenSecretsToken, () => new NodeTokenSecrets(), []);
    bindFactory(bind, LoggerToken, () => createLogger(config.logLevel), []);
    bindValue(bind, IdentifierPolicyToken, { defaultCountry: config.defaultCountry });
    bindValue(bind, CacheSettingsToken, { ttlMs: config.cacheTtlMs, localEntries: config.cacheLocalEntries });
    bindValue(bind, RateLimitSettingsToken, { perToken: config.rateLimit, failedAuthentications: config.authFailureLimit });
    bindValue(bind, HttpSettingsToken, { trustedProxies: config.trustProxy });
    bindFactory(bind, MetricsToken, () => new PrometheusMetrics(), []);
    if (inWorker(config)) {
      bindFactory(
        bind,
        MetricsSourceToken,
        (metrics: PrometheusMetrics, logger: Logger): MetricsSource => new WorkerMetricsSource(metrics, logger),
        [MetricsToken, LoggerToken],
      );
    } else {
      bindFactory(bind, MetricsSourceToken, (metrics: PrometheusMetrics): MetricsSource => metrics, [MetricsToken]);
    }
    bindFactory(bind, CacheObserverToken, (metrics: PrometheusMetrics) => metrics, [MetricsToken]);
  });
}

/** The embedded default: every store in this process's memory. */
function memoryStoresModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindFactory(bind, ProfileStoreToken, () => new InMemoryProfileStore(), []);
    bindFactory(bind, ProductStoreToken, () => new InMemoryProductStore(), []);
    bindFactory(bind, CollectionStoreToken, () => new InMemoryCollectionStore(), []);
    bindFactory(bind, TokenStoreToken, () => new InMemoryTokenStore(), []);
    bindValue(bind, InMemoryReadinessToken, inMemoryReadiness);
  });
}

/** Every store on one MongoDB database (MONGODB_URI). */
function mongoStoresModule(config: VitrineConfig & { mongodbUri: string }): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindFactory(
      bind,
      MongoDatabaseToken,
      (logger: Logger) =>
        new MongoDatabase(
          {
            uri: config.mongodbUri,
            dbName: config.mongodbDb,
            timeoutMs: config.mongodbTimeoutMs,
            maxPoolSize: config.mongodbPoolSize,
          },
          logger,
        ),
      [LoggerToken],
    );
    bindFactory(bind, ProfileStoreToken, (db: MongoDatabase) => new MongoProfileStore(db), [MongoDatabaseToken]);
    bindFactory(bind, ProductStoreToken, (db: MongoDatabase) => new MongoProductStore(db), [MongoDatabaseToken]);
    bindFactory(bind, CollectionStoreToken, (db: MongoDatabase) => new MongoCollectionStore(db), [MongoDatabaseToken]);
    bindFactory(bind, TokenStoreToken, (db: MongoDatabase) => new MongoTokenStore(db), [MongoDatabaseToken]);
  });
}

/** The shared answer cache on Redis (REDIS_URL); without it, every read is computed. */
function cacheModule(config: VitrineConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const { redisUrl } = config;
    if (redisUrl === undefined) {
      bindValue(bind, AnswerCacheToken, NO_ANSWER_CACHE);
      if (inWorker(config)) {
        bindFactory(bind, RequestLimiterToken, (logger: Logger): RequestLimiter => new ClusterRequestLimiter(logger), [
          LoggerToken,
        ]);
      } else {
        bindFactory(bind, RequestLimiterToken, (): RequestLimiter => new MemoryRequestLimiter(), []);
      }
      return;
    }
    bindFactory(
      bind,
      RedisRequestLimiterToken,
      (logger: Logger) =>
        new RedisRequestLimiter(
          { url: redisUrl, keyPrefix: config.redisKeyPrefix, commandTimeoutMs: config.redisCommandTimeoutMs },
          logger,
        ),
      [LoggerToken],
    );
    bindFactory(bind, RequestLimiterToken, (limiter: RedisRequestLimiter): RequestLimiter => limiter, [RedisRequestLimiterToken]);
    bindFactory(
      bind,
      RedisAnswerCacheToken,
      (clock: Clock, logger: Logger) =>
        new RedisAnswerCache(
          { url: redisUrl, keyPrefix: config.redisKeyPrefix, commandTimeoutMs: config.redisCommandTimeoutMs },
          clock,
          logger,
        ),
      [ClockToken, LoggerToken],
    );
    bindFactory(bind, AnswerCacheToken, (cache: RedisAnswerCache): AnswerCache => cache, [RedisAnswerCacheToken]);
  });
}

/** The similarity engine's loading of the catalog, started after the stores and the cache. */
const CatalogResourceToken = token<Resource>('CatalogResource');

/** What readiness reports and what is opened at start and closed at stop: whatever was configured. */
function operationsModule(config: VitrineConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const stores = config.mongodbUri === undefined ? [] : [MongoDatabaseToken];
    const cache = config.redisUrl === undefined ? [] : [RedisAnswerCacheToken];
    const limits = config.redisUrl === undefined ? [] : [RedisRequestLimiterToken];
    bindList<ReadinessCheck>(bind, ReadinessChecksToken, [...(stores.length > 0 ? stores : [InMemoryReadinessToken]), ...cache]);
    bindFactory(bind, CatalogResourceToken, (catalog: FollowCatalog): Resource => catalog, [FollowCatalog]);
    bindList<Resource>(bind, ResourcesToken, [...stores, ...cache, ...limits, CatalogResourceToken]);
  });
}

/**
 * The similarity engine, in this process, following the catalog. When other processes write to a
 * shared store and no Redis carries news of their writes, it compares itself with the store every
 * CACHE_TTL.
 */
function similarityModule(config: VitrineConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindFactory(
      bind,
      SimilarityToken,
      (metrics: PrometheusMetrics): Similarity => {
        const engine = new NeighbourEngine();
        metrics.observeSimilarity(() => engine.stats);
        return engine;
      },
      [MetricsToken],
    );
    bindValue(bind, CatalogFollowSettingsToken, {
      reconcileEveryMs: config.mongodbUri !== undefined && config.redisUrl === undefined ? config.cacheTtlMs : undefined,
    });
  });
}

/** One binding per use case, each built from the ports it names. */
function applicationModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindClass(bind, CachedAnswers, [AnswerCacheToken, ClockToken, CacheSettingsToken, CacheObserverToken]);

    bindClass(bind, LookUpProfile, [ProfileStoreToken, IdentifierPolicyToken, CachedAnswers]);
    bindClass(bind, UpsertProfile, [ProfileStoreToken, IdentifierPolicyToken, ClockToken, CachedAnswers]);
    bindClass(bind, UpsertProfiles, [UpsertProfile]);
    bindClass(bind, EraseProfile, [ProfileStoreToken, CachedAnswers]);

    bindClass(bind, FollowCatalog, [ProductStoreToken, SimilarityToken, AnswerCacheToken, CatalogFollowSettingsToken]);
    bindClass(bind, FindSimilarProducts, [SimilarityToken, FollowCatalog]);
    bindClass(bind, UpsertProduct, [ProductStoreToken, ClockToken, SimilarityToken, FollowCatalog]);
    bindClass(bind, UpsertProducts, [ProductStoreToken, ClockToken, SimilarityToken, FollowCatalog]);
    bindClass(bind, GetProduct, [ProductStoreToken]);
    bindClass(bind, DeleteProduct, [ProductStoreToken, FollowCatalog]);
    bindClass(bind, DeleteProducts, [ProductStoreToken, FollowCatalog]);

    bindClass(bind, CreateCollection, [CollectionStoreToken, ClockToken, CachedAnswers]);
    bindClass(bind, ListCollections, [CollectionStoreToken]);
    bindClass(bind, UpdateCollection, [CollectionStoreToken, ClockToken, CachedAnswers]);
    bindClass(bind, DeleteCollection, [CollectionStoreToken, CachedAnswers]);
    bindClass(bind, SliceWriter, [CollectionStoreToken, ClockToken, CachedAnswers]);
    bindClass(bind, CreateSlice, [SliceWriter]);
    bindClass(bind, GetSlice, [CollectionStoreToken, ProductStoreToken, ClockToken]);
    bindClass(bind, ReplaceSlice, [SliceWriter]);
    bindClass(bind, DeleteSlice, [SliceWriter]);
    bindClass(bind, EditSliceProducts, [SliceWriter]);
    bindClass(bind, CreateSpreadsheetSlice, [SliceWriter]);
    bindClass(bind, ReplaceSliceProductsFromSpreadsheet, [SliceWriter]);
    bindClass(bind, CreateAiSlice, [SliceWriter, ProductStoreToken, SimilarityToken]);
    bindClass(bind, RegenerateAiSlice, [SliceWriter, ProductStoreToken, SimilarityToken]);
    bindClass(bind, ListSlices, [CollectionStoreToken, ClockToken]);
    bindClass(bind, GetActiveSlice, [CollectionStoreToken, ProductStoreToken, ClockToken, CachedAnswers]);
    bindClass(bind, PreviewActiveSlice, [CollectionStoreToken, ProductStoreToken]);
    bindClass(bind, GetTimeline, [CollectionStoreToken]);

    bindClass(bind, AuthenticateToken, [TokenStoreToken, TokenSecretsToken, ClockToken, CachedAnswers]);
    bindClass(bind, AdmitRequest, [AuthenticateToken, RequestLimiterToken, RateLimitSettingsToken]);
    bindClass(bind, IssueToken, [TokenStoreToken, TokenSecretsToken, ClockToken]);
    bindClass(bind, ListTokens, [TokenStoreToken]);
    bindClass(bind, RevokeToken, [TokenStoreToken, CachedAnswers]);
    bindClass(bind, EnsureBootstrapToken, [TokenStoreToken, TokenSecretsToken, ClockToken]);

    bindClass(bind, CheckReadiness, [ReadinessChecksToken]);
  });
}

/**
 * Builds the container from the configuration: one module per adapter family (the stores on
 * MongoDB or in memory, the cache on Redis or none), then the use cases. `overrides` replace
 * single ports, e.g. a FakeClock in tests.
 */
export function createContainer(config: VitrineConfig, overrides: Overrides = {}): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  const { mongodbUri } = config;
  container.load(
    platformModule(config),
    mongodbUri === undefined ? memoryStoresModule() : mongoStoresModule({ ...config, mongodbUri }),
    cacheModule(config),
    operationsModule(config),
    similarityModule(config),
    applicationModule(),
  );
  for (const key of Object.keys(overrides) as (keyof Overrides)[]) {
    const value = overrides[key];
    if (value !== undefined) container.rebind<unknown>(OVERRIDE_TOKENS[key]).toConstantValue(value);
  }
  instrumentStores(container);
  return container;
}

/** Every store, whichever adapter (or override) it is, reports each call's latency and failure to the metrics. */
function instrumentStores(container: Container): void {
  const stores: readonly [Token<object>, string][] = [
    [ProfileStoreToken, 'profiles'],
    [ProductStoreToken, 'products'],
    [CollectionStoreToken, 'collections'],
    [TokenStoreToken, 'tokens'],
  ];
  for (const [storeToken, name] of stores) {
    container.onActivation<object>(storeToken, (_context, store) =>
      instrumentStore(store, name, resolve(container, MetricsToken)),
    );
  }
}
