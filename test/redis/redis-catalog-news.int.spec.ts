import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { expect, it } from 'vitest';
import { RedisCatalogNews } from '../../src/adapters/redis/redis-catalog-news.js';
import { catalogNewsContract } from '../contracts/catalog-news.contract.js';
import { describeWithRedis } from '../support/redis-suite.js';
import { redisNewsEnds } from '../support/redis-news.js';

describeWithRedis('catalog news over Redis', () => {
  const {
    open,
    contractFixture,
    server: running,
  } = redisNewsEnds((connection, logger) => new RedisCatalogNews(connection, logger));

  catalogNewsContract('redis', contractFixture);

  it('keeps news it could not send while Redis was away, and sends it when Redis is back', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const [writer, reader] = [await open(prefix), await open(prefix)];
    const heard: string[][] = [];
    reader.news.subscribe({ changed: (ids) => heard.push([...ids]), missedSome: () => {} });
    // Only the writer loses Redis (a subscriber away meanwhile is told it missed some: another test),
    // so what it kept can only reach the reader when it is back.
    const ended = new Promise((done) => writer.connection.commands.once('end', done));
    writer.connection.commands.disconnect();
    await ended;
    await writer.news.publish(['P-1']);
    expect(heard).toEqual([]);
    await writer.connection.commands.connect();
    await expect.poll(() => heard, { timeout: 10_000 }).toEqual([['P-1']]);
  });

  it('tells a subscriber whose link dropped that it may have missed news, once when it drops and once when it is back', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const { news } = await open(prefix);
    let missed = 0;
    const resubscribed = new Promise<void>((done) => {
      news.subscribe({
        changed: () => {},
        missedSome: () => {
          if (++missed === 2) done();
        },
      });
    });
    await running().stop();
    await running().restart();
    await resubscribed;
    expect(missed).toBe(2);
  });

  it('sends news kept while Redis was frozen once it answers again, with no reconnection to prompt it', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const [writer, reader] = [await open(prefix), await open(prefix)];
    const heard: string[] = [];
    reader.news.subscribe({ changed: (ids) => heard.push(...ids), missedSome: () => {} });
    running().freeze();
    try {
      // Each times out (100 ms); after a few the writer leaves Redis alone and keeps what comes next.
      for (const id of ['P-1', 'P-2', 'P-3', 'P-4']) await writer.news.publish([id]);
    } finally {
      running().thaw();
    }
    // At least once: a publish that timed out may still have reached Redis, and is sent again.
    await expect.poll(() => [...new Set(heard)].sort(), { timeout: 10_000 }).toEqual(['P-1', 'P-2', 'P-3', 'P-4']);
  });

  it('publishes on a channel of its own under the deployment prefix, never as a cache key', async () => {
    const prefix = `shop-a:${randomUUID().slice(0, 8)}:`;
    const { news, connection } = await open(prefix);
    const channels: string[] = [];
    const subscriber = new Redis(running().url);
    await subscriber.psubscribe(`${prefix}*`);
    subscriber.on('pmessage', (_pattern: string, channel: string) => channels.push(channel));
    await news.publish(['P-1']);
    await expect.poll(() => channels, { timeout: 5_000 }).toEqual([`${prefix}catalog-news`]);
    expect(await connection.commands.keys(`${prefix}*`)).toEqual([]);
    subscriber.disconnect();
  });
});
