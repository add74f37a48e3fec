export * from './shared/errors.js';
export * from './shared/token.js';
export * from './shared/clock.js';
export * from './shared/scheduler.js';
export * from './shared/write-result.js';
export * from './shared/instant.js';

export * from './profile/customer-profile.js';
export * from './profile/identifiers.js';
export * from './profile/brazilian-documents.js';
export * from './profile/profile-store.js';

export * from './product/product.js';
export * from './product/product-store.js';
export * from './product/similarity.js';
export * from './product/catalog-news.js';
export * from './product/similarity-ranking.js';
export * from './product/neighbour-blend.js';
export * from './product/shopper-ranking.js';
export * from './product/session-neighbours.js';
export * from './product/similarity-policy.js';
export * from './product/catalog-search.js';
export * from './product/recommendation-counts.js';

export * from './merchandising/collection.js';
export * from './merchandising/slice.js';
export * from './merchandising/slice-filters.js';
export * from './merchandising/slice-rules.js';
export * from './merchandising/collection-store.js';
export * from './merchandising/brief.js';
export * from './merchandising/slice-history.js';

export * from './auth/scopes.js';
export * from './auth/api-token.js';
export * from './auth/rate-limit.js';
export * from './auth/token-store.js';
export * from './auth/token-secrets.js';
export * from './auth/request-limiter.js';

export * from './caching/shared-cache.js';
export * from './caching/cache-observer.js';

export * from './health/readiness-check.js';
export * from './merchandising/product-edits.js';
export * from './merchandising/schedule.js';
export * from './merchandising/spreadsheet-rows.js';

export * from './events/shopper-event.js';
export * from './events/event-store.js';
