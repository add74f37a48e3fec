import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/logging/logger.js';
import { RedisConnection } from '../../src/adapters/redis/redis-connection.js';
import { RedisRequestLimiter } from '../../src/adapters/rate-limit/redis-request-limiter.js';
import { requestLimiterContract } from '../contracts/request-limiter.contract.js';
import { describeWithRedis } from '../support/redis-suite.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';

describeWithRedis('the Redis request limiter', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => server.stop());

  /** An instance's limiter, on a connection of its own. */
  async function open(
    prefix = `test:${randomUUID().slice(0, 8)}:`,
  ): Promise<{ limiter: RedisRequestLimiter; connection: RedisConnection }> {
    const logger = createLogger('silent');
    const connection = new RedisConnection({ url: server.url, keyPrefix: prefix, commandTimeoutMs: 100 }, logger);
    await connection.start();
    return { limiter: new RedisRequestLimiter(connection, logger), connection };
  }

  requestLimiterContract('redis', async () => {
    const { limiter, connection } = await open();
    return { store: limiter, dispose: () => connection.stop() };
  });

  it('shares each count between instances', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const [one, two] = [await open(prefix), await open(prefix)];
    const [first, second] = [one.limiter, two.limiter];
    try {
      const limit = { requests: 5, windowSeconds: 60 };
      await first.consume('token:a', limit);
      await second.consume('token:a', limit);
      expect((await first.consume('token:a', limit)).consumed).toBe(3);
    } finally {
      await one.connection.stop();
      await two.connection.stop();
    }
  });
});
