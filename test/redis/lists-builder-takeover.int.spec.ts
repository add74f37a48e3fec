import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, it } from 'vitest';
import { killTheBuilder, TAKEOVER_TOKEN } from '../support/lists-takeover.js';
import { describeWithRedis } from '../support/redis-suite.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import type { VitrineProcess } from '../support/vitrine-process.js';

/**
 * Two instances sharing one Redis, each with the demo shop in its own memory: the builder killed,
 * the reader answers all along and takes over (test/mongodb/lists-builder-takeover.int.spec.ts:
 * the same on one MongoDB, where a mongod can be had).
 */
describeWithRedis('the shared lists when their builder dies', () => {
  let redis: RedisServer;
  const started: VitrineProcess[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop('SIGKILL')));
    await redis.stop();
  });

  it('loses no answer: the reader answers all along, takes the lease within its time and builds', async () => {
    const env = {
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `test:${randomUUID().slice(0, 8)}:`,
      SIMILAR_LISTS: 'shared',
      DEMO_DATA: 'true',
      BOOTSTRAP_ADMIN_TOKEN: TAKEOVER_TOKEN,
      RATE_LIMIT: 'off',
    };
    await killTheBuilder(env, env, started);
  });
});
