import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemorySharedLists } from '../../src/adapters/memory/in-memory-shared-lists.js';
import { sharedListsContract } from './shared-lists.contract.js';

sharedListsContract('in-memory', async () => {
  const clock = new FakeClock();
  // One object is the deployment's store: every instance is given it.
  const store = new InMemorySharedLists(clock);
  return {
    store,
    another: async () => store,
    pass: async (ms) => clock.advance(ms),
    dropLink: async () => store.dropNews(),
  };
});
