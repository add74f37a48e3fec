import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { createLogger } from '../../src/adapters/logging/logger.js';
import { RedisAnswerCache } from '../../src/adapters/redis/redis-answer-cache.js';
import { answerCacheContract } from '../contracts/answer-cache.contract.js';
import { describeWithRedis } from '../support/redis-suite.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';

describeWithRedis('the Redis answer cache', () => {
  let server: RedisServer;
  let probe: Redis;
  const opened: RedisAnswerCache[] = [];

  beforeAll(async () => {
    server = await startRedisServer();
    probe = new Redis(server.url);
  });
  afterAll(async () => {
    await Promise.all(opened.map((c) => c.stop()));
    probe.disconnect();
    await server.stop();
  });

  async function open(clock: FakeClock, prefix = `test:${randomUUID().slice(0, 8)}:`): Promise<RedisAnswerCache> {
    const cache = new RedisAnswerCache(
      { url: server.url, keyPrefix: prefix, commandTimeoutMs: 100 },
      clock,
      createLogger('silent'),
    );
    await cache.start();
    opened.push(cache);
    return cache;
  }

  answerCacheContract('redis', async () => {
    const clock = new FakeClock();
    const cache = await open(clock);
    return { store: cache, clock, settle: () => cache.settle(), dispose: () => cache.stop() };
  });

  it('lets Redis forget an entry when its validity ends, and keeps every key under the prefix', async () => {
    const clock = new FakeClock('2026-11-21T12:00:00.000Z');
    const cache = await open(clock, 'loja:prod:');
    const { stamp } = await cache.lookup('active:7');
    cache.store('active:7', '{"ok":true,"value":1}', { from: clock.now(), until: new Date('2026-11-21T12:00:05.000Z') }, stamp);
    await cache.settle();
    const ttl = await probe.pttl('loja:prod:answer:active:7');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
    await cache.invalidate(['active:7']);
    expect(await probe.keys('*active:7')).toEqual(['loja:prod:generation:active:7']);
    expect(await probe.ttl('loja:prod:generation:active:7')).toBeGreaterThan(0);
  });
});
