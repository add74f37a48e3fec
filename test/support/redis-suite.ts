/**
 * For suites that start their own redis-server processes (to stop, freeze and restart them):
 * skipped with the reason where no redis-server can be had, except under REQUIRE_REDIS=1 (CI),
 * where that is a failure.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createLogger } from '../../src/adapters/logging/logger.js';
import { RedisConnection } from '../../src/adapters/redis/redis-connection.js';
import { redisUnavailableReason, startRedisServer, type RedisServer } from './redis-server.js';

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

/** A connection of an instance of the deployment `prefix` names, not started yet (the caller stops it). */
export type Connect = (prefix: string) => RedisConnection;

/**
 * A redis-server of the calling suite's own (call inside a describe): a client to look into it
 * with, and connections of instances to it (commands time out after `commandTimeoutMs`), each on
 * its own as each instance has, stopped with it.
 */
export function aRedisServerForSuite(commandTimeoutMs = 500) {
  let server: RedisServer;
  let probe: Redis;
  const opened: RedisConnection[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
    probe = new Redis(server.url);
  });
  afterAll(async () => {
    await Promise.all(opened.map((connection) => connection.stop()));
    probe.disconnect();
    await server.stop();
  });
  const connect: Connect = (prefix) => {
    const connection = new RedisConnection(
      { target: { kind: 'server', url: server.url }, keyPrefix: prefix, commandTimeoutMs },
      createLogger('silent'),
    );
    opened.push(connection);
    return connection;
  };
  return { connect, probe: () => probe };
}
