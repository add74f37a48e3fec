import { AnswerCache } from '../../src/application/caching/answer-cache.js';
import type { Clock } from '../../src/domain/shared/clock.js';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';

/** Use cases' caching without a shared cache: every read computes (single flight still applies). */
export function uncached(clock: Clock = new FakeClock()): AnswerCache {
  return AnswerCache.withoutCache(clock);
}
