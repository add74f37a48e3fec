export { InMemoryProfileStore } from './in-memory-profile-store.js';
export { InMemoryProductStore } from './in-memory-product-store.js';
export { InMemoryCollectionStore } from './in-memory-collection-store.js';
export { InMemoryTokenStore } from './in-memory-token-store.js';
export { InMemoryEventStore, type InMemoryEventStoreOptions } from './in-memory-event-store.js';
export { inMemoryReadiness } from './in-memory-readiness.js';
export { InMemorySharedCache } from './in-memory-shared-cache.js';
export { InMemoryRequestLimiter } from './in-memory-request-limiter.js';
export { InProcessCatalogNews } from './in-process-catalog-news.js';
