import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/logging/logger.js';
import { RedisRequestLimiter } from '../../src/adapters/rate-limit/flexible-request-limiter.js';
import { requestLimiterContract } from '../contracts/request-limiter.contract.js';
import { describeWithRedis } from '../support/redis-suite.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';

describeWithRedis('the Redis request limiter', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(() => server.stop());

  async function open(prefix = `test:${randomUUID().slice(0, 8)}:`): Promise<RedisRequestLimiter> {
    const limiter = new RedisRequestLimiter(
      { url: server.url, keyPrefix: prefix, commandTimeoutMs: 100 },
      createLogger('silent'),
    );
    await limiter.start();
    return limiter;
  }

  requestLimiterContract('redis', async () => {
    const limiter = await open();
    return { store: limiter, dispose: () => limiter.stop() };
  });

  it('shares each count between instances', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const [first, second] = [await open(prefix), await open(prefix)];
    try {
      const limit = { requests: 5, windowSeconds: 60 };
      await first.consume('token:a', limit);
      await second.consume('token:a', limit);
      expect((await first.consume('token:a', limit)).consumed).toBe(3);
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});
