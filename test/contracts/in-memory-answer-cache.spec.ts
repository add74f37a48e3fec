import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryAnswerCache } from '../../src/adapters/memory/in-memory-answer-cache.js';
import { answerCacheContract } from './answer-cache.contract.js';

answerCacheContract('in-memory', async () => {
  const clock = new FakeClock();
  const store = new InMemoryAnswerCache(clock);
  // One object is what every instance of a process sees.
  return { store, clock, settle: async () => {}, another: async () => store };
});
