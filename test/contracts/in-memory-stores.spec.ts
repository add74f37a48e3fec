import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryCollectionStore } from '../../src/adapters/memory/in-memory-collection-store.js';
import { InMemoryEventStore } from '../../src/adapters/memory/in-memory-event-store.js';
import { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';
import { InMemoryProfileStore } from '../../src/adapters/memory/in-memory-profile-store.js';
import { InMemoryTokenStore } from '../../src/adapters/memory/in-memory-token-store.js';
import { collectionStoreContract } from './collection-store.contract.js';
import { EVENTS_CONTRACT_NOW, eventStoreContract } from './event-store.contract.js';
import { productStoreContract } from './product-store.contract.js';
import { profileStoreContract } from './profile-store.contract.js';
import { tokenStoreContract } from './token-store.contract.js';
import { webhookStoreContract } from './webhook-store.contract.js';
import { InMemoryWebhookStore } from '../../src/adapters/memory/in-memory-webhook-store.js';

profileStoreContract('in-memory', async () => ({ store: new InMemoryProfileStore() }));
productStoreContract('in-memory', async () => ({ store: new InMemoryProductStore() }));
collectionStoreContract('in-memory', async () => ({ store: new InMemoryCollectionStore() }));
tokenStoreContract('in-memory', async () => ({ store: new InMemoryTokenStore() }));
eventStoreContract('in-memory', async () => ({
  store: new InMemoryEventStore({ maxEvents: 1000, policy: { retentionDays: 90 } }, new FakeClock(EVENTS_CONTRACT_NOW)),
}));
webhookStoreContract('in-memory', async () => ({ store: new InMemoryWebhookStore() }));
