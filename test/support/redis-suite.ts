/**
 * For suites that start their own redis-server processes (to stop, freeze and restart them):
 * skipped with the reason where no redis-server can be had, except under REQUIRE_REDIS=1 (CI),
 * where that is a failure.
 */
import { describe, it } from 'vitest';
import { redisUnavailableReason } from './redis-server.js';

const reason = redisUnavailableReason();

if (reason !== undefined) {
  if (process.env.REQUIRE_REDIS === '1') {
    describe('Redis', () =>
      it(`REQUIRE_REDIS=1 but ${reason}`, () => {
        throw new Error(`REQUIRE_REDIS=1 but ${reason}`);
      }));
  } else {
    describe('skipped', () => it.skip(`Redis tests skipped: ${reason}`, () => {}));
  }
}

export const describeWithRedis = describe.skipIf(reason !== undefined);
