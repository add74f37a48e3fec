import { CachedAnswers } from '../../src/application/caching/cached-answers.js';
import type { Clock } from '../../src/domain/shared/clock.js';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';

/** Use cases' caching without a shared cache: every read computes (single flight still applies). */
export function uncached(clock: Clock = new FakeClock()): CachedAnswers {
  return CachedAnswers.withoutCache(clock);
}
