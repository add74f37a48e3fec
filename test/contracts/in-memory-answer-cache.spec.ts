import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryAnswerCache } from '../../src/adapters/memory/in-memory-answer-cache.js';
import { answerCacheContract } from './answer-cache.contract.js';

answerCacheContract('in-memory', async () => {
  const clock = new FakeClock();
  return { store: new InMemoryAnswerCache(clock), clock, settle: async () => {} };
});
