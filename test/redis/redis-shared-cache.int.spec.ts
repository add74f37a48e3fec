import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { createLogger } from '../../src/adapters/logging/logger.js';
import { RedisSharedCache } from '../../src/adapters/redis/redis-shared-cache.js';
import { sharedCacheContract } from '../contracts/shared-cache.contract.js';
import { aRedisServerForSuite, describeWithRedis } from '../support/redis-suite.js';

describeWithRedis('the Redis shared cache', () => {
  const { connect, probe } = aRedisServerForSuite(100);

  /** An instance's cache: on a connection of its own, as each instance has. */
  async function open(clock: FakeClock, prefix = `test:${randomUUID().slice(0, 8)}:`): Promise<RedisSharedCache> {
    const connection = connect(prefix);
    const cache = new RedisSharedCache(connection, clock, createLogger('silent'));
    await connection.start();
    return cache;
  }

  sharedCacheContract('redis', async () => {
    const clock = new FakeClock();
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const cache = await open(clock, prefix);
    return { store: cache, clock, settled: () => cache.settled(), another: () => open(clock, prefix) };
  });

  it("does not echo an instance's own invalidations back to it", async () => {
    const clock = new FakeClock();
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const [first, second] = [await open(clock, prefix), await open(clock, prefix)];
    const heardByFirst: string[] = [];
    first.watch({ invalidated: (keys) => heardByFirst.push(...keys), missedSome: () => {} });
    const heardBySecond = new Promise<readonly string[]>((done) => second.watch({ invalidated: done, missedSome: () => {} }));
    await first.invalidate(['mine']);
    expect(await heardBySecond).toEqual(['mine']);
    // The second's message went out after the first's; by the time it arrives, any echo would have too.
    const secondOwn = new Promise<readonly string[]>((done) => first.watch({ invalidated: done, missedSome: () => {} }));
    await second.invalidate(['theirs']);
    expect(await secondOwn).toEqual(['theirs']);
    expect(heardByFirst).toEqual(['theirs']);
  });

  it('tells its watchers that news may have been missed when its subscription drops and comes back', async () => {
    const clock = new FakeClock();
    const cache = await open(clock);
    let missed = 0;
    const resubscribed = new Promise<void>((done) =>
      cache.watch({
        invalidated: () => {},
        missedSome: () => {
          if (++missed >= 2) done();
        },
      }),
    );
    await probe().call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    await resubscribed;
    expect(missed).toBeGreaterThanOrEqual(2);
  });

  it('lets Redis forget an entry when its validity ends, and keeps every key under the prefix', async () => {
    const clock = new FakeClock('2026-11-21T12:00:00.000Z');
    const cache = await open(clock, 'loja:prod:');
    const { stamp } = await cache.lookup('active:7');
    cache.store('active:7', '{"ok":true,"value":1}', { from: clock.now(), until: new Date('2026-11-21T12:00:05.000Z') }, stamp);
    await cache.settled();
    const ttl = await probe().pttl('loja:prod:answer:{k:active:7}');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
    await cache.invalidate(['active:7']);
    expect(await probe().keys('loja:prod:*active:7}')).toEqual(['loja:prod:generation:{k:active:7}']);
    expect(await probe().ttl('loja:prod:generation:{k:active:7}')).toBeGreaterThan(0);
  });
});
