import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { expect, it } from 'vitest';
import { RedisEventNews } from '../../src/adapters/redis/redis-event-news.js';
import type { ShopperEvent } from '../../src/domain/events/shopper-event.js';
import { eventNewsContract } from '../contracts/event-news.contract.js';
import { describeWithRedis } from '../support/redis-suite.js';
import { redisNewsEnds } from '../support/redis-news.js';

describeWithRedis('event news over Redis', () => {
  const {
    open,
    contractFixture,
    server: running,
  } = redisNewsEnds((connection, logger) => new RedisEventNews(connection, logger));

  eventNewsContract('redis', contractFixture);

  const view = (productId: string): ShopperEvent => ({
    type: 'view',
    productId,
    sessionId: 'sess-1',
    at: new Date('2026-11-21T12:00:00.000Z'),
  });

  it('keeps events and erasures it could not send while Redis was away, and sends them when Redis is back', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const [writer, reader] = [await open(prefix), await open(prefix)];
    const heard: string[] = [];
    const erased: string[] = [];
    reader.news.subscribe({
      received: (events) => heard.push(...events.map((e) => e.productId)),
      erased: (userIds) => erased.push(...userIds),
      missedSome: () => {},
    });
    const ended = new Promise((done) => writer.connection.commands.once('end', done));
    writer.connection.commands.disconnect();
    await ended;
    await writer.news.publish([view('P-1')]);
    await writer.news.publishErased(['up_ana']);
    expect({ heard, erased }).toEqual({ heard: [], erased: [] });
    await writer.connection.commands.connect();
    await expect.poll(() => ({ heard, erased }), { timeout: 10_000 }).toEqual({ heard: ['P-1'], erased: ['up_ana'] });
  });

  it('tells what it kept while Redis was away in the order it happened: an erasure after the events it erased, before later ones', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const [writer, reader] = [await open(prefix), await open(prefix)];
    const told: string[] = [];
    reader.news.subscribe({
      received: (events) => told.push(...events.map((e) => `${e.type} ${e.productId} by ${e.userId}`)),
      erased: (userIds) => told.push(...userIds.map((userId) => `erased ${userId}`)),
      missedSome: () => {},
    });
    const ended = new Promise((done) => writer.connection.commands.once('end', done));
    writer.connection.commands.disconnect();
    await ended;
    // The shopper buys, is erased (what every instance remembers of them must go), then comes back.
    await writer.news.publish([{ ...view('P-1'), type: 'purchase', userId: 'up_ana' }]);
    await writer.news.publishErased(['up_ana']);
    await writer.news.publish([{ ...view('P-2'), userId: 'up_ana', at: new Date('2026-11-21T13:00:00.000Z') }]);
    await writer.connection.commands.connect();
    await expect.poll(() => told, { timeout: 10_000 }).toEqual(['purchase P-1 by up_ana', 'erased up_ana', 'view P-2 by up_ana']);
  });

  it('publishes on a channel of its own under the deployment prefix, never as a cache key', async () => {
    const prefix = `shop-a:${randomUUID().slice(0, 8)}:`;
    const { news, connection } = await open(prefix);
    const channels: string[] = [];
    const subscriber = new Redis(running().url);
    await subscriber.psubscribe(`${prefix}*`);
    subscriber.on('pmessage', (_pattern: string, channel: string) => channels.push(channel));
    await news.publish([view('P-1')]);
    await news.publishErased(['up_ana']);
    await expect.poll(() => channels, { timeout: 5_000 }).toEqual([`${prefix}shopper-events`, `${prefix}shopper-events`]);
    expect(await connection.commands.keys(`${prefix}*`)).toEqual([]);
    subscriber.disconnect();
  });

  it('ignores what it cannot read on the channel, and hears what follows', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const [writer, reader] = [await open(prefix), await open(prefix)];
    const heard: ShopperEvent[] = [];
    reader.news.subscribe({ received: (events) => heard.push(...events), erased: () => {}, missedSome: () => {} });
    const stranger = new Redis(running().url);
    const items = ['not json', '{"t":"like","p":"P-9","s":"s","a":0}', '{"t":"view","p":"P-9"}', '{"x":42}', 'null'];
    await stranger.publish(`${prefix}shopper-events`, JSON.stringify({ items, origin: 'another-version' }));
    await stranger.publish(`${prefix}shopper-events`, 'not a message at all');
    stranger.disconnect();
    await writer.news.publish([view('P-1')]);
    await expect.poll(() => heard.map((e) => e.productId), { timeout: 5_000 }).toEqual(['P-1']);
  });
});
