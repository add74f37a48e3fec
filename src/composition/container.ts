import { Container } from 'inversify';
import { httpModule } from './adapters/http.js';
import { lifecycleModule } from './adapters/lifecycle.js';
import { platformModule } from './adapters/platform.js';
import { redisModule, withoutRedisModule } from './adapters/sharing.js';
import { similarityModule } from './adapters/similarity.js';
import { instrumentStores, memoryStoresModule, mongoStoresModule } from './adapters/stores.js';
import type { VitrineConfig } from './config.js';
import { authModule } from './features/auth.js';
import { eventsModule } from './features/events.js';
import { merchandisingModule } from './features/merchandising.js';
import { operationsModule } from './features/operations.js';
import { productModule } from './features/product.js';
import { profileModule } from './features/profile.js';
import { webhooksModule } from './features/webhooks.js';
import type { Overrides } from './overrides.js';

export { override, type Override, type Overrides } from './overrides.js';

/** The features, each a module binding its use cases and its routes. */
export const FEATURE_MODULES = [
  profileModule,
  productModule,
  merchandisingModule,
  eventsModule,
  authModule,
  webhooksModule,
  operationsModule,
] as const;

/**
 * Builds the container from the configuration: the adapter modules it picks (the stores on MongoDB
 * or in memory; Redis shared by the instances, or nothing shared), then every feature module and
 * the HTTP pipeline over them. `overrides` replace single ports, e.g. a FakeClock in tests.
 */
export function createContainer(config: VitrineConfig, overrides: Overrides = []): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  const { mongodbUri, redis } = config;
  container.load(
    platformModule(config),
    mongodbUri === undefined ? memoryStoresModule(config) : mongoStoresModule({ ...config, mongodbUri }),
    redis === undefined ? withoutRedisModule(config) : redisModule({ ...config, redis }),
    similarityModule(config),
    lifecycleModule(config),
    ...FEATURE_MODULES,
    httpModule,
  );
  for (const { token, value } of overrides) container.rebind<unknown>(token).toConstantValue(value);
  instrumentStores(container);
  return container;
}
