import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/logging/logger.js';
import { RedisConnection } from '../../src/adapters/redis/redis-connection.js';
import { RedisRequestLimiter } from '../../src/adapters/rate-limit/redis-request-limiter.js';
import { redisAdapterContracts } from '../support/redis-contracts.js';
import { startRedisSentinel, type RedisSentinelServers } from '../support/redis-sentinel.js';
import { describeWithRedis } from '../support/redis-suite.js';

/**
 * The Redis adapters on a primary watched by Sentinel (REDIS_SENTINELS): the contracts, and a
 * failover under way, after which the primary the sentinel names is used.
 */
describeWithRedis('on a primary watched by Redis Sentinel', () => {
  let sentinel: RedisSentinelServers;
  beforeAll(async () => {
    sentinel = await startRedisSentinel();
  }, 30_000);
  afterAll(async () => {
    await sentinel?.stop();
  });

  redisAdapterContracts('redis sentinel', () => sentinel.target);

  it('counts quotas through a failover: in its own memory while the primary is away, on the promoted replica after', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const connection = new RedisConnection(
      { target: sentinel.target, keyPrefix: prefix, commandTimeoutMs: 200 },
      createLogger('silent'),
    );
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
      await connection.stop();
    }
  }, 30_000);
});
