import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/logging/logger.js';
import { RedisConnection } from '../../src/adapters/redis/redis-connection.js';
import { RedisRequestLimiter } from '../../src/adapters/rate-limit/redis-request-limiter.js';
import { requestLimiterContract } from '../contracts/request-limiter.contract.js';
import { expectQuotaHeldAcrossProcesses } from '../support/redis-contracts.js';
import { describeWithRedis } from '../support/redis-suite.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';

describeWithRedis('the Redis request limiter', () => {
  let server: RedisServer;
  let probe: Redis;
  beforeAll(async () => {
    server = await startRedisServer();
    probe = new Redis(server.url);
  });
  afterAll(async () => {
    probe.disconnect();
    await server.stop();
  });

  /** An instance's limiter, on a connection of its own. */
  async function open(
    prefix = `test:${randomUUID().slice(0, 8)}:`,
  ): Promise<{ limiter: RedisRequestLimiter; connection: RedisConnection }> {
    const logger = createLogger('silent');
    const connection = new RedisConnection(
      { target: { kind: 'server', url: server.url }, keyPrefix: prefix, commandTimeoutMs: 100 },
      logger,
    );
    await connection.start();
    return { limiter: new RedisRequestLimiter(connection, logger), connection };
  }

  requestLimiterContract('redis', async () => {
    const { limiter, connection } = await open();
    return { store: limiter, dispose: () => connection.stop() };
  });

  it('shares each quota between instances: together they admit no more than the limit', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const [one, two] = [await open(prefix), await open(prefix)];
    try {
      const limit = { requests: 5, windowSeconds: 60 };
      const consumed = [];
      for (let i = 0; i < 4; i++) {
        consumed.push((await one.limiter.consume('token:a', limit)).consumed);
        consumed.push((await two.limiter.consume('token:a', limit)).consumed);
      }
      expect(consumed.filter((count) => count <= limit.requests)).toHaveLength(5);
    } finally {
      await one.connection.stop();
      await two.connection.stop();
    }
  });

  it('counts at once only from a lease it holds: before the first grant it counts nothing and says so', async () => {
    const { limiter, connection } = await open();
    try {
      const limit = { requests: 1_000_000, windowSeconds: 60 };
      expect(limiter.consumeAtOnce('token:a', limit)).toBeUndefined();
      expect((await limiter.consume('token:a', limit)).consumed).toBe(1);
      // Leases grow with the rate they are spent at: once one is held, requests are counted from it at once.
      let first: number | undefined;
      for (let round = 0; round < 20 && first === undefined; round++) {
        await Promise.all(Array.from({ length: 50 }, () => limiter.consume('token:a', limit)));
        first = limiter.consumeAtOnce('token:a', limit)?.consumed;
      }
      const next = limiter.consumeAtOnce('token:a', limit)?.consumed;
      // Where the bucket stands is the window's count as of the last grant, less what is held: one more a request.
      expect([first !== undefined, next! - first!]).toEqual([true, 1]);
      expect((await limiter.consume('token:a', limit)).consumed).toBeGreaterThan(next!);
      expect(limiter.consumeAtOnce('token:a', { requests: 5, windowSeconds: 60 })).toBeUndefined();
    } finally {
      await connection.stop();
    }
  });

  it('asks Redis once per lease, not once per request', async () => {
    const { limiter, connection } = await open();
    try {
      const limit = { requests: 1_000_000, windowSeconds: 60 };
      const before = await commandsProcessed();
      for (let round = 0; round < 20; round++)
        await Promise.all(Array.from({ length: 50 }, () => limiter.consume('token:a', limit)));
      // 1,000 requests: a few dozen grants while the lease grows to the rate, not a thousand.
      expect((await commandsProcessed()) - before).toBeLessThan(100);
    } finally {
      await connection.stop();
    }
  });

  it('admits again once the window has ended: what a lease left unspent expired with it', async () => {
    const { limiter, connection } = await open();
    try {
      const limit = { requests: 3, windowSeconds: 1 };
      const counts = [];
      for (let i = 0; i < 4; i++) counts.push((await limiter.consume('token:a', limit)).consumed);
      expect(counts).toEqual([1, 2, 3, 4]);
      await new Promise((done) => setTimeout(done, 1_100));
      expect((await limiter.consume('token:a', limit)).consumed).toBe(1);
    } finally {
      await connection.stop();
    }
  });

  it('holds three processes hammering one token to its limit: never more, and at most one lease each less', async () => {
    const results = await expectQuotaHeldAcrossProcesses({ kind: 'server', url: server.url });
    // They started at once: each took a share.
    expect(results.every((r) => r.admitted > 0)).toBe(true);
  });

  async function commandsProcessed(): Promise<number> {
    const info = await probe.info('stats');
    return Number(/total_commands_processed:(\d+)/.exec(info)?.[1]);
  }
});
