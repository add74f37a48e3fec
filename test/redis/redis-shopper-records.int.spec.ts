import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { DEFAULT_SHOPPER_RECORD_LIMITS } from '../../src/domain/product/shopper-records.js';
import { shopperRecordsContract } from '../contracts/shopper-records.contract.js';
import { anEvent, T0 } from '../support/mothers.js';
import { openShopperRecords, shopperRecordsFixture } from '../support/redis-lists.js';
import { aRedisServerForSuite, describeWithRedis } from '../support/redis-suite.js';

describeWithRedis('the shopper records on Redis', () => {
  const { connect, probe } = aRedisServerForSuite();

  shopperRecordsContract('redis', (limits) => shopperRecordsFixture(connect, limits));

  it('keeps a session in one key and a shopper under one hash tag, compact and expiring, under the prefix', async () => {
    const prefix = `shop-a:${randomUUID().slice(0, 8)}:`;
    const { records } = await openShopperRecords(connect, prefix);
    await records.append([anEvent({ type: 'purchase' })]);
    expect((await probe().keys(`${prefix}*`)).sort()).toEqual([
      `${prefix}rec:{s:s-1}`,
      `${prefix}rec:{s:s-1}:owner`,
      `${prefix}rec:{u:up_ana}:bought`,
      `${prefix}rec:{u:up_ana}:recent`,
      `${prefix}rec:{u:up_ana}:sessions`,
    ]);
    expect(await probe().lrange(`${prefix}rec:{s:s-1}`, 0, -1)).toEqual([`{"p":"P-1","t":"purchase","a":${T0.getTime()}}`]);
    expect(await probe().smembers(`${prefix}rec:{u:up_ana}:sessions`)).toEqual(['s-1']);
    expect(await probe().get(`${prefix}rec:{s:s-1}:owner`)).toBe('up_ana');
    expect(await probe().pttl(`${prefix}rec:{s:s-1}:owner`)).toBeGreaterThan(DEFAULT_SHOPPER_RECORD_LIMITS.sessionTtlMs - 5_000);
    const session = await probe().pttl(`${prefix}rec:{s:s-1}`);
    expect(session).toBeGreaterThan(DEFAULT_SHOPPER_RECORD_LIMITS.sessionTtlMs - 5_000);
    expect(session).toBeLessThanOrEqual(DEFAULT_SHOPPER_RECORD_LIMITS.sessionTtlMs);
    for (const part of ['recent', 'bought', 'sessions']) {
      const ttl = await probe().pttl(`${prefix}rec:{u:up_ana}:${part}`);
      expect(ttl).toBeGreaterThan(DEFAULT_SHOPPER_RECORD_LIMITS.shopperTtlMs - 5_000);
      expect(ttl).toBeLessThanOrEqual(DEFAULT_SHOPPER_RECORD_LIMITS.shopperTtlMs);
    }
    await records.erase('up_ana');
    expect(await probe().keys(`${prefix}*`)).toEqual([]);
  });

  it('rejects while Redis is away', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const { records, connection } = await openShopperRecords(connect, prefix);
    const ended = new Promise((done) => connection.commands.once('end', done));
    connection.commands.disconnect();
    await ended;
    await expect(records.append([anEvent()])).rejects.toThrow();
    await expect(records.session('s-1')).rejects.toThrow();
    await expect(records.shopper('up_ana')).rejects.toThrow();
    await expect(records.erase('up_ana')).rejects.toThrow();
  });
});
