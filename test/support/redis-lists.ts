import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Cluster } from 'ioredis';
import { createLogger } from '../../src/adapters/logging/logger.js';
import type { RedisConnection } from '../../src/adapters/redis/redis-connection.js';
import { RedisSharedLists } from '../../src/adapters/redis/redis-shared-lists.js';
import { RedisShopperRecords } from '../../src/adapters/redis/redis-shopper-records.js';
import type { ShopperRecordLimits } from '../../src/domain/product/shopper-records.js';
import type { SharedListsFixture } from '../contracts/shared-lists.contract.js';
import type { ShopperRecordsFixture } from '../contracts/shopper-records.contract.js';

import type { Connect } from './redis-suite.js';

/** Cuts the instance's subscription from the server's side (every node's, on a cluster): ioredis connects again by itself. */
export async function dropSubscriptions(connection: RedisConnection): Promise<void> {
  const { commands } = connection;
  const nodes = commands instanceof Cluster ? commands.nodes('all') : [commands];
  await Promise.all(nodes.map((node) => node.call('CLIENT', 'KILL', 'TYPE', 'pubsub')));
}

/** An instance's shared lists on Redis, started. */
export async function openSharedLists(connect: Connect, prefix: string) {
  const connection = connect(prefix);
  const lists = new RedisSharedLists(connection, createLogger('silent'));
  await connection.start();
  return { lists, connection };
}

/** The SharedLists contract's fixture on the Redis `connect` reaches: real time passes. */
export async function sharedListsFixture(connect: Connect): Promise<SharedListsFixture> {
  const prefix = `test:${randomUUID().slice(0, 8)}:`;
  const { lists, connection } = await openSharedLists(connect, prefix);
  return {
    store: lists,
    another: async () => (await openSharedLists(connect, prefix)).lists,
    pass: (ms) => sleep(ms),
    dropLink: () => dropSubscriptions(connection),
  };
}

/** An instance's shopper records on Redis, started. */
export async function openShopperRecords(connect: Connect, prefix: string, limits?: ShopperRecordLimits) {
  const connection = connect(prefix);
  const records = new RedisShopperRecords(connection, createLogger('silent'), limits);
  await connection.start();
  return { records, connection };
}

/** The ShopperRecords contract's fixture on the Redis `connect` reaches: real time passes. */
export async function shopperRecordsFixture(connect: Connect, limits: ShopperRecordLimits): Promise<ShopperRecordsFixture> {
  const prefix = `test:${randomUUID().slice(0, 8)}:`;
  const { records } = await openShopperRecords(connect, prefix, limits);
  return {
    store: records,
    another: async () => (await openShopperRecords(connect, prefix, limits)).records,
    pass: (ms) => sleep(ms),
  };
}
