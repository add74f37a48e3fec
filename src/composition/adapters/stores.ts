import { ContainerModule, type Container } from 'inversify';
import { TokenStoreToken } from '../../domain/auth/token-store.js';
import { EventStoreToken } from '../../domain/events/event-store.js';
import type { ReadinessCheck } from '../../domain/health/readiness-check.js';
import { CollectionStoreToken } from '../../domain/merchandising/collection-store.js';
import { ProductStoreToken } from '../../domain/product/product-store.js';
import { ProfileStoreToken } from '../../domain/profile/profile-store.js';
import { ClockToken, type Clock } from '../../domain/shared/clock.js';
import { token } from '../../domain/shared/token.js';
import { LoggerToken, type Logger } from '../../adapters/logging/logger.js';
import { InMemoryCollectionStore } from '../../adapters/memory/in-memory-collection-store.js';
import { InMemoryEventStore } from '../../adapters/memory/in-memory-event-store.js';
import { InMemoryProductStore } from '../../adapters/memory/in-memory-product-store.js';
import { InMemoryProfileStore } from '../../adapters/memory/in-memory-profile-store.js';
import { inMemoryReadiness } from '../../adapters/memory/in-memory-readiness.js';
import { InMemoryTokenStore } from '../../adapters/memory/in-memory-token-store.js';
import { MongoCollectionStore } from '../../adapters/mongo/mongo-collection-store.js';
import { MongoDatabase, MongoDatabaseToken } from '../../adapters/mongo/mongo-database.js';
import { MongoEventStore } from '../../adapters/mongo/mongo-event-store.js';
import { MongoProductStore } from '../../adapters/mongo/mongo-product-store.js';
import { MongoProfileStore } from '../../adapters/mongo/mongo-profile-store.js';
import { MongoTokenStore } from '../../adapters/mongo/mongo-token-store.js';
import { MongoWebhookStore } from '../../adapters/mongo/mongo-webhook-store.js';
import { InMemoryWebhookStore } from '../../adapters/memory/in-memory-webhook-store.js';
import { WebhookStoreToken } from '../../domain/webhooks/webhook-store.js';
import { instrumentStore } from '../../adapters/metrics/instrument-store.js';
import { MetricsToken } from '../../adapters/metrics/prometheus-metrics.js';
import type { Token } from '../../domain/shared/token.js';
import { bindFactory, bindValue } from '../binding.js';
import type { VitrineConfig } from '../config.js';

export const InMemoryReadinessToken = token<ReadinessCheck>('InMemoryReadiness');

/** The stores, by the name their metrics carry. */
const STORES: readonly (readonly [Token<object>, string])[] = [
  [ProfileStoreToken, 'profiles'],
  [ProductStoreToken, 'products'],
  [CollectionStoreToken, 'collections'],
  [TokenStoreToken, 'tokens'],
  [EventStoreToken, 'events'],
  [WebhookStoreToken, 'webhooks'],
];

/**
 * Every store, whichever adapter (or override) it is, reports each call's latency and failure to
 * the metrics. On the container, not in a module: an override replaces the module's binding.
 */
export function instrumentStores(container: Container): void {
  for (const [storeToken, name] of STORES) {
    container.onActivation<object>(storeToken, (context, store) => instrumentStore(store, name, context.get(MetricsToken)));
  }
}

/** The embedded default: every store in this process's memory (shopper events bounded by MAX_EMBEDDED_EVENTS). */
export function memoryStoresModule(config: VitrineConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindFactory(bind, ProfileStoreToken, () => new InMemoryProfileStore(), []);
    bindFactory(bind, ProductStoreToken, () => new InMemoryProductStore(), []);
    bindFactory(bind, CollectionStoreToken, () => new InMemoryCollectionStore(), []);
    bindFactory(bind, TokenStoreToken, () => new InMemoryTokenStore(), []);
    bindFactory(bind, WebhookStoreToken, () => new InMemoryWebhookStore(), []);
    bindFactory(
      bind,
      EventStoreToken,
      (clock: Clock) =>
        new InMemoryEventStore(
          { maxEvents: config.maxEmbeddedEvents, policy: { retentionDays: config.eventRetentionDays } },
          clock,
        ),
      [ClockToken],
    );
    bindValue(bind, InMemoryReadinessToken, inMemoryReadiness);
  });
}

/** Every store on one MongoDB database (MONGODB_URI). */
export function mongoStoresModule(config: VitrineConfig & { mongodbUri: string }): ContainerModule {
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
            eventRetentionDays: config.eventRetentionDays,
          },
          logger,
        ),
      [LoggerToken],
    );
    bindFactory(bind, ProfileStoreToken, (db: MongoDatabase) => new MongoProfileStore(db), [MongoDatabaseToken]);
    bindFactory(bind, ProductStoreToken, (db: MongoDatabase) => new MongoProductStore(db), [MongoDatabaseToken]);
    bindFactory(bind, CollectionStoreToken, (db: MongoDatabase) => new MongoCollectionStore(db), [MongoDatabaseToken]);
    bindFactory(bind, TokenStoreToken, (db: MongoDatabase) => new MongoTokenStore(db), [MongoDatabaseToken]);
    bindFactory(bind, EventStoreToken, (db: MongoDatabase) => new MongoEventStore(db), [MongoDatabaseToken]);
    bindFactory(bind, WebhookStoreToken, (db: MongoDatabase) => new MongoWebhookStore(db), [MongoDatabaseToken]);
  });
}
