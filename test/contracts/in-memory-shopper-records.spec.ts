import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryShopperRecords } from '../../src/adapters/memory/in-memory-shopper-records.js';
import { shopperRecordsContract } from './shopper-records.contract.js';

shopperRecordsContract('in-memory', async (limits) => {
  const clock = new FakeClock();
  // One object is what every instance of a process sees.
  const store = new InMemoryShopperRecords(clock, limits);
  return { store, another: async () => store, pass: async (ms) => clock.advance(ms) };
});
