import { Container } from 'inversify';
import { RequestLimiterToken, type RequestLimiter } from '../application/auth/request-limiter.js';
import { SharedCacheToken, type SharedCache } from '../application/caching/shared-cache.js';
import { CacheObserverToken, type CacheObserver } from '../application/caching/answer-cache.js';
import { TokenSecretsToken, type TokenSecrets } from '../domain/auth/token-secrets.js';
import { TokenStoreToken, type TokenStore } from '../domain/auth/token-store.js';
import { ReadinessChecksToken, type ReadinessCheck } from '../domain/health/readiness-check.js';
import { CollectionStoreToken, type CollectionStore } from '../domain/merchandising/collection-store.js';
import { EventStoreToken, type EventStore } from '../domain/events/event-store.js';
import { CatalogNewsToken, type CatalogNews } from '../domain/product/catalog-news.js';
import { EventNewsToken, type EventNews } from '../domain/events/event-news.js';
import { ProductStoreToken, type ProductStore } from '../domain/product/product-store.js';
import { ProfileStoreToken, type ProfileStore } from '../domain/profile/profile-store.js';
import { ClockToken, type Clock } from '../domain/shared/clock.js';
import { SchedulerToken, type Scheduler } from '../domain/shared/scheduler.js';
import type { Token } from '../domain/shared/token.js';
import { LoggerToken, type Logger } from '../adapters/logging/logger.js';
import { instrumentStore } from '../adapters/metrics/instrument-store.js';
import { MetricsToken } from '../adapters/metrics/prometheus-metrics.js';
import { httpModule } from './adapters/http.js';
import { lifecycleModule } from './adapters/lifecycle.js';
import { platformModule } from './adapters/platform.js';
import { redisModule, withoutRedisModule } from './adapters/sharing.js';
import type { SimilarityEngine } from '../adapters/similarity/similarity-engine.js';
import { EngineTuningToken, SimilarityEngineToken, similarityModule, type EngineTuning } from './adapters/similarity.js';
import { SimilarityPolicyToken, type SimilarityPolicy } from '../domain/product/similarity-policy.js';
import { memoryStoresModule, mongoStoresModule } from './adapters/stores.js';
import type { VitrineConfig } from './config.js';
import { authModule } from './features/auth.js';
import { eventsModule } from './features/events.js';
import { merchandisingModule } from './features/merchandising.js';
import { operationsModule } from './features/operations.js';
import { productModule } from './features/product.js';
import { profileModule } from './features/profile.js';
import { ResourcesToken, type Resource } from './lifecycle.js';
import { resolve } from './resolve.js';

/** The features, each a module binding its use cases and its routes. */
export const FEATURE_MODULES = [
  profileModule,
  productModule,
  merchandisingModule,
  eventsModule,
  authModule,
  operationsModule,
] as const;

/** Replacements for what the configuration would pick: a fake clock, a prepared store, a test logger. */
export interface Overrides {
  readonly clock?: Clock;
  readonly scheduler?: Scheduler;
  readonly logger?: Logger;
  readonly tokenSecrets?: TokenSecrets;
  readonly profileStore?: ProfileStore;
  readonly productStore?: ProductStore;
  readonly collectionStore?: CollectionStore;
  readonly tokenStore?: TokenStore;
  readonly eventStore?: EventStore;
  readonly similarityEngine?: SimilarityEngine;
  /** The numbers similar-products answers follow (the evaluation's variants); default the domain's, BEHAVIOUR_MIN_EVIDENCE aside. */
  readonly similarityPolicy?: SimilarityPolicy;
  readonly sharedCache?: SharedCache;
  readonly cacheObserver?: CacheObserver;
  readonly catalogNews?: CatalogNews;
  readonly eventNews?: EventNews;
  /** The engine's way of working (tests: lists computed when asked, not in the background). */
  readonly engineTuning?: EngineTuning;
  readonly requestLimiter?: RequestLimiter;
  readonly readinessChecks?: readonly ReadinessCheck[];
  readonly resources?: readonly Resource[];
}

const OVERRIDE_TOKENS: { readonly [K in keyof Required<Overrides>]: Token<Required<Overrides>[K]> } = {
  clock: ClockToken,
  scheduler: SchedulerToken,
  logger: LoggerToken,
  tokenSecrets: TokenSecretsToken,
  profileStore: ProfileStoreToken,
  productStore: ProductStoreToken,
  collectionStore: CollectionStoreToken,
  tokenStore: TokenStoreToken,
  eventStore: EventStoreToken,
  similarityEngine: SimilarityEngineToken,
  similarityPolicy: SimilarityPolicyToken,
  sharedCache: SharedCacheToken,
  cacheObserver: CacheObserverToken,
  catalogNews: CatalogNewsToken,
  eventNews: EventNewsToken,
  engineTuning: EngineTuningToken,
  requestLimiter: RequestLimiterToken,
  readinessChecks: ReadinessChecksToken,
  resources: ResourcesToken,
};

/**
 * Builds the container from the configuration: the adapter modules it picks (the stores on MongoDB
 * or in memory; Redis shared by the instances, or nothing shared), then every feature module and
 * the HTTP pipeline over them. `overrides` replace single ports, e.g. a FakeClock in tests.
 */
export function createContainer(config: VitrineConfig, overrides: Overrides = {}): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  const { mongodbUri, redisUrl } = config;
  container.load(
    platformModule(config),
    mongodbUri === undefined ? memoryStoresModule(config) : mongoStoresModule({ ...config, mongodbUri }),
    redisUrl === undefined ? withoutRedisModule(config) : redisModule({ ...config, redisUrl }),
    similarityModule(config),
    lifecycleModule(config),
    ...FEATURE_MODULES,
    httpModule,
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
    [EventStoreToken, 'events'],
  ];
  for (const [storeToken, name] of stores) {
    container.onActivation<object>(storeToken, (_context, store) =>
      instrumentStore(store, name, resolve(container, MetricsToken)),
    );
  }
}
