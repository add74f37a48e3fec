import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemorySharedCache } from '../../src/adapters/memory/in-memory-shared-cache.js';
import { sharedCacheContract } from './shared-cache.contract.js';

sharedCacheContract('in-memory', async () => {
  const clock = new FakeClock();
  const store = new InMemorySharedCache(clock);
  // One object is what every instance of a process sees.
  return { store, clock, settled: async () => {}, another: async () => store };
});
