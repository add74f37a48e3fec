import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { createLogger } from '../../src/adapters/logging/logger.js';
import { RedisCatalogNews } from '../../src/adapters/redis/redis-catalog-news.js';
import { RedisConnection } from '../../src/adapters/redis/redis-connection.js';
import { RedisSharedCache } from '../../src/adapters/redis/redis-shared-cache.js';
import { RedisRequestLimiter } from '../../src/adapters/rate-limit/redis-request-limiter.js';
import { catalogNewsContract } from '../contracts/catalog-news.contract.js';
import { requestLimiterContract } from '../contracts/request-limiter.contract.js';
import { sharedCacheContract } from '../contracts/shared-cache.contract.js';
import { redisNewsEnds } from '../support/redis-news.js';
import { startRedisSentinel, type RedisSentinelServers } from '../support/redis-sentinel.js';
import { describeWithRedis } from '../support/redis-suite.js';

/**
 * The Redis adapters on a primary watched by Sentinel (REDIS_SENTINELS): the contracts, and a
 * failover under way, after which the primary the sentinel names is used.
 */
describeWithRedis('on a primary watched by Redis Sentinel', () => {
  let sentinel: RedisSentinelServers;
  const opened: RedisConnection[] = [];
  beforeAll(async () => {
    sentinel = await startRedisSentinel();
  }, 30_000);
  afterAll(async () => {
    await Promise.all(opened.map((connection) => connection.stop()));
    await sentinel?.stop();
  });

  function connect(prefix = `test:${randomUUID().slice(0, 8)}:`): RedisConnection {
    const connection = new RedisConnection(
      { target: sentinel.target, keyPrefix: prefix, commandTimeoutMs: 200 },
      createLogger('silent'),
    );
    opened.push(connection);
    return connection;
  }

  requestLimiterContract('redis sentinel', async () => {
    const connection = connect();
    const limiter = new RedisRequestLimiter(connection, createLogger('silent'));
    await connection.start();
    return { store: limiter };
  });

  sharedCacheContract('redis sentinel', async () => {
    const clock = new FakeClock();
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const open = async () => {
      const connection = connect(prefix);
      const cache = new RedisSharedCache(connection, clock, createLogger('silent'));
      await connection.start();
      return cache;
    };
    const cache = await open();
    return { store: cache, clock, settled: () => cache.settled(), another: open };
  });

  describe('catalog news', () => {
    const { contractFixture } = redisNewsEnds(
      (connection, logger) => new RedisCatalogNews(connection, logger),
      () => sentinel.target,
    );
    catalogNewsContract('redis sentinel', contractFixture);
  });

  it('counts quotas through a failover: in its own memory while the primary is away, on the promoted replica after', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const connection = connect(prefix);
    const limiter = new RedisRequestLimiter(connection, createLogger('silent'));
    await connection.start();
    const limit = { requests: 1_000, windowSeconds: 60 };
    expect((await limiter.consume('token:a', limit)).consumed).toBe(1);
    const promoted = await sentinel.killPrimary();
    const after = new Redis(promoted);
    let refused = 0;
    try {
      // Every request is answered throughout; once the connection follows the sentinel to the
      // promoted replica, the bucket's window is counted there again.
      await expect
        .poll(
          async () => {
            if ((await limiter.consume('token:b', limit).catch(() => ({ consumed: Infinity }))).consumed > limit.requests)
              refused++;
            return after.exists(`${prefix}quota:1000/60:token:b`);
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBe(1);
      expect(refused).toBe(0);
    } finally {
      after.disconnect();
    }
  }, 30_000);
});
