import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { inject } from 'vitest';
import { MongoCollectionStore } from '../../src/adapters/mongo/mongo-collection-store.js';
import { MongoDatabase } from '../../src/adapters/mongo/mongo-database.js';
import { MongoEventStore } from '../../src/adapters/mongo/mongo-event-store.js';
import { MongoProductStore } from '../../src/adapters/mongo/mongo-product-store.js';
import { MongoProfileStore } from '../../src/adapters/mongo/mongo-profile-store.js';
import { MongoTokenStore } from '../../src/adapters/mongo/mongo-token-store.js';
import { createLogger } from '../../src/adapters/logging/logger.js';
import { collectionStoreContract } from '../contracts/collection-store.contract.js';
import { eventStoreContract } from '../contracts/event-store.contract.js';
import { productStoreContract } from '../contracts/product-store.contract.js';
import { profileStoreContract } from '../contracts/profile-store.contract.js';
import type { StoreFactory } from '../contracts/store-factory.js';
import { tokenStoreContract } from '../contracts/token-store.contract.js';
import { webhookStoreContract } from '../contracts/webhook-store.contract.js';
import { MongoWebhookStore } from '../../src/adapters/mongo/mongo-webhook-store.js';
import '../support/suite.js';

/** The same contract suites as the in-memory stores, each test on a fresh database. */
function onFreshDatabase<S>(make: (database: MongoDatabase) => S): StoreFactory<S> {
  return async () => {
    const uri = inject('mongoUri');
    const name = `vitrine_contract_${randomUUID().slice(0, 8)}`;
    const database = new MongoDatabase({ uri, dbName: name, timeoutMs: 5_000, maxPoolSize: 5 }, createLogger('silent'));
    await database.start();
    return {
      store: make(database),
      async dispose() {
        await database.stop();
        const client = new MongoClient(uri);
        await client.db(name).dropDatabase();
        await client.close();
      },
    };
  };
}

if (inject('skipReason') === undefined) {
  profileStoreContract(
    'mongodb',
    onFreshDatabase((db) => new MongoProfileStore(db)),
  );
  productStoreContract(
    'mongodb',
    onFreshDatabase((db) => new MongoProductStore(db)),
  );
  collectionStoreContract(
    'mongodb',
    onFreshDatabase((db) => new MongoCollectionStore(db)),
  );
  tokenStoreContract(
    'mongodb',
    onFreshDatabase((db) => new MongoTokenStore(db)),
  );
  eventStoreContract(
    'mongodb',
    onFreshDatabase((db) => new MongoEventStore(db)),
  );
  webhookStoreContract(
    'mongodb',
    onFreshDatabase((db) => new MongoWebhookStore(db)),
  );
}
