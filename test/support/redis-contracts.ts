import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { createLogger } from '../../src/adapters/logging/logger.js';
import { RedisCatalogNews } from '../../src/adapters/redis/redis-catalog-news.js';
import { RedisConnection, type RedisTarget } from '../../src/adapters/redis/redis-connection.js';
import { RedisEventNews } from '../../src/adapters/redis/redis-event-news.js';
import { RedisSharedCache } from '../../src/adapters/redis/redis-shared-cache.js';
import { RedisRequestLimiter } from '../../src/adapters/rate-limit/redis-request-limiter.js';
import { leaseCap } from '../../src/domain/auth/quota-lease.js';
import { catalogNewsContract } from '../contracts/catalog-news.contract.js';
import { eventNewsContract } from '../contracts/event-news.contract.js';
import { requestLimiterContract } from '../contracts/request-limiter.contract.js';
import { sharedCacheContract } from '../contracts/shared-cache.contract.js';
import { sharedListsContract } from '../contracts/shared-lists.contract.js';
import { shopperRecordsContract } from '../contracts/shopper-records.contract.js';
import { hammerQuota } from './quota-hammers.js';
import { sharedListsFixture, shopperRecordsFixture } from './redis-lists.js';
import { redisNewsEnds } from './redis-news.js';

/**
 * The contract suites of every Redis adapter (request limiter, shared cache, catalog news, event
 * news, shared lists, shopper records) on the Redis `target()` names (a cluster, a Sentinel-watched primary), each instance on a
 * connection of its own. Call inside a describe whose beforeAll starts that Redis.
 */
export function redisAdapterContracts(name: string, target: () => RedisTarget): void {
  const opened: RedisConnection[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((connection) => connection.stop()));
  });
  // Long enough for a busy machine: a publish that times out is sent again later, after the news
  // published next (the contracts check the order news arrives in).
  const commandTimeoutMs = 500;
  function connect(prefix = `test:${randomUUID().slice(0, 8)}:`): RedisConnection {
    const connection = new RedisConnection({ target: target(), keyPrefix: prefix, commandTimeoutMs }, createLogger('silent'));
    opened.push(connection);
    return connection;
  }

  requestLimiterContract(name, async () => {
    const connection = connect();
    const limiter = new RedisRequestLimiter(connection, createLogger('silent'));
    await connection.start();
    return { store: limiter };
  });

  sharedCacheContract(name, async () => {
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
    const { contractFixture } = redisNewsEnds((connection, logger) => new RedisCatalogNews(connection, logger), target, {
      commandTimeoutMs,
    });
    catalogNewsContract(name, contractFixture);
  });

  describe('event news', () => {
    const { contractFixture } = redisNewsEnds((connection, logger) => new RedisEventNews(connection, logger), target, {
      commandTimeoutMs,
    });
    eventNewsContract(name, contractFixture);
  });

  sharedListsContract(name, () => sharedListsFixture(connect));

  shopperRecordsContract(name, (limits) => shopperRecordsFixture(connect, limits));
}

/**
 * Three processes hammering one token's quota (3,000 a minute) through `target` at once, 2,000
 * requests each, 50 at a time: together they admit no more than the limit, and at most one lease
 * each less (what a process still held when it stopped).
 */
export async function expectQuotaHeldAcrossProcesses(target: RedisTarget): Promise<{ admitted: number }[]> {
  const limit = { requests: 3_000, windowSeconds: 60 };
  const results = await hammerQuota(target, `test:${randomUUID().slice(0, 8)}:`, limit, {
    processes: 3,
    requests: 2_000,
    concurrency: 50,
  });
  const admitted = results.reduce((sum, r) => sum + r.admitted, 0);
  expect(admitted).toBeLessThanOrEqual(limit.requests);
  expect(admitted).toBeGreaterThanOrEqual(limit.requests - 3 * leaseCap(limit));
  return results;
}
