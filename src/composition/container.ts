import { Container, ContainerModule } from 'inversify';
import { AuthenticateToken } from '../application/auth/authenticate-token.js';
import { EnsureBootstrapToken } from '../application/auth/ensure-bootstrap-token.js';
import { IssueToken } from '../application/auth/issue-token.js';
import { ListTokens } from '../application/auth/list-tokens.js';
import { RevokeToken } from '../application/auth/revoke-token.js';
import { CheckReadiness } from '../application/health/check-readiness.js';
import { CreateCollection } from '../application/merchandising/create-collection.js';
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
import type { Token } from '../domain/shared/token.js';
import { SystemClock } from '../adapters/clock/system-clock.js';
import { NodeTokenSecrets } from '../adapters/crypto/node-token-secrets.js';
import { createLogger, LoggerToken, type Logger } from '../adapters/logging/logger.js';
import { InMemoryCollectionStore } from '../adapters/memory/in-memory-collection-store.js';
import { InMemoryProductStore } from '../adapters/memory/in-memory-product-store.js';
import { InMemoryProfileStore } from '../adapters/memory/in-memory-profile-store.js';
import { inMemoryReadiness } from '../adapters/memory/in-memory-readiness.js';
import { InMemoryTokenStore } from '../adapters/memory/in-memory-token-store.js';
import { CatalogSimilarity } from '../adapters/similarity/catalog-similarity.js';
import { bindClass, bindFactory, bindValue } from './binding.js';
import type { VitrineConfig } from './config.js';

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
  readonly readinessChecks?: readonly ReadinessCheck[];
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
  readinessChecks: ReadinessChecksToken,
};

/** Time, randomness, logging and the settings the domain reads. */
function platformModule(config: VitrineConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindFactory(bind, ClockToken, () => new SystemClock(), []);
    bindFactory(bind, TokenSecretsToken, () => new NodeTokenSecrets(), []);
    bindFactory(bind, LoggerToken, () => createLogger(config.logLevel), []);
    bindValue(bind, IdentifierPolicyToken, { defaultCountry: config.defaultCountry });
  });
}

/** The embedded default: every store in this process's memory. */
function memoryStoresModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindFactory(bind, ProfileStoreToken, () => new InMemoryProfileStore(), []);
    bindFactory(bind, ProductStoreToken, () => new InMemoryProductStore(), []);
    bindFactory(bind, CollectionStoreToken, () => new InMemoryCollectionStore(), []);
    bindFactory(bind, TokenStoreToken, () => new InMemoryTokenStore(), []);
    bindValue(bind, ReadinessChecksToken, [inMemoryReadiness]);
  });
}

function similarityModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindFactory(bind, SimilarityToken, (products: ProductStore) => new CatalogSimilarity(products), [ProductStoreToken]);
  });
}

/** One binding per use case, each built from the ports it names. */
function applicationModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindClass(bind, LookUpProfile, [ProfileStoreToken, IdentifierPolicyToken]);
    bindClass(bind, UpsertProfile, [ProfileStoreToken, IdentifierPolicyToken, ClockToken]);
    bindClass(bind, EraseProfile, [ProfileStoreToken]);

    bindClass(bind, FindSimilarProducts, [ProductStoreToken, SimilarityToken]);
    bindClass(bind, UpsertProduct, [ProductStoreToken, ClockToken]);
    bindClass(bind, GetProduct, [ProductStoreToken]);
    bindClass(bind, DeleteProduct, [ProductStoreToken]);

    bindClass(bind, CreateCollection, [CollectionStoreToken, ClockToken]);
    bindClass(bind, ListCollections, [CollectionStoreToken]);
    bindClass(bind, UpdateCollection, [CollectionStoreToken, ClockToken]);
    bindClass(bind, DeleteCollection, [CollectionStoreToken]);
    bindClass(bind, CreateSlice, [CollectionStoreToken, ClockToken]);
    bindClass(bind, GetSlice, [CollectionStoreToken, ProductStoreToken, ClockToken]);
    bindClass(bind, ReplaceSlice, [CollectionStoreToken, ClockToken]);
    bindClass(bind, DeleteSlice, [CollectionStoreToken]);
    bindClass(bind, ListSlices, [CollectionStoreToken, ClockToken]);
    bindClass(bind, GetActiveSlice, [CollectionStoreToken, ProductStoreToken, ClockToken]);

    bindClass(bind, AuthenticateToken, [TokenStoreToken, TokenSecretsToken, ClockToken]);
    bindClass(bind, IssueToken, [TokenStoreToken, TokenSecretsToken, ClockToken]);
    bindClass(bind, ListTokens, [TokenStoreToken]);
    bindClass(bind, RevokeToken, [TokenStoreToken]);
    bindClass(bind, EnsureBootstrapToken, [TokenStoreToken, TokenSecretsToken, ClockToken]);

    bindClass(bind, CheckReadiness, [ReadinessChecksToken]);
  });
}

/**
 * Builds the container from the configuration: one module per adapter family, then the use
 * cases. `overrides` replace single ports, e.g. a FakeClock in tests.
 */
export function createContainer(config: VitrineConfig, overrides: Overrides = {}): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(platformModule(config), memoryStoresModule(), similarityModule(), applicationModule());
  for (const key of Object.keys(overrides) as (keyof Overrides)[]) {
    const value = overrides[key];
    if (value !== undefined) container.rebind<unknown>(OVERRIDE_TOKENS[key]).toConstantValue(value);
  }
  return container;
}

/** Resolves what a token promises. */
export function resolve<T>(container: Container, id: Token<T>): T {
  return container.get<T>(id);
}
