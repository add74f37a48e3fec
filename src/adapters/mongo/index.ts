export { MongoDatabase, MongoDatabaseToken, COLLECTIONS, type MongoSettings } from './mongo-database.js';
export { MongoProfileStore } from './mongo-profile-store.js';
export { MongoProductStore } from './mongo-product-store.js';
export { MongoCollectionStore } from './mongo-collection-store.js';
export { MongoTokenStore } from './mongo-token-store.js';
export { MongoEventStore } from './mongo-event-store.js';
export { MongoWebhookStore } from './mongo-webhook-store.js';
