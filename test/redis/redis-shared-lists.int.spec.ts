import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { LIST_SHARDS, shardOf } from '../../src/adapters/redis/redis-shared-lists.js';
import type { ListsNews } from '../../src/domain/product/shared-lists.js';
import { productLists, sharedListsContract } from '../contracts/shared-lists.contract.js';
import { openSharedLists, sharedListsFixture } from '../support/redis-lists.js';
import { aRedisServerForSuite, describeWithRedis } from '../support/redis-suite.js';

/** Holds this process's event loop for `ms`, as a long pause of it would. */
function holdTheLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describeWithRedis('the shared lists on Redis', () => {
  const { connect, probe } = aRedisServerForSuite();

  sharedListsContract('redis', () => sharedListsFixture(connect));

  it('keeps every key under the prefix: the lease under one hash tag, the lists in 16 shards with a fence each', async () => {
    const prefix = `shop-a:${randomUUID().slice(0, 8)}:`;
    const { lists } = await openSharedLists(connect, prefix);
    const lease = (await lists.claim('builder-a', 5_000))!;
    const listed = [productLists('P-1'), productLists('P-2')];
    await lists.publish(lease, {
      products: listed,
      removed: [],
      popular: [{ category: undefined, ids: ['P-1'], stamp: 1 }],
    });
    await lists.markComplete(lease);
    const shard = (name: string) => `${prefix}lists:{lists:${shardOf(name)}}`;
    expect((await probe().keys(`${prefix}*`)).sort()).toEqual(
      [
        `${prefix}lists:{lease}`,
        `${prefix}lists:{lease}:version`,
        `${prefix}lists:{lease}:complete`,
        ...Array.from({ length: LIST_SHARDS }, (_, n) => `${prefix}lists:{lists:${n}}:fence`),
        `${shard('P-1')}:product:P-1`,
        `${shard('P-1')}:card:P-1`,
        `${shard('P-2')}:product:P-2`,
        `${shard('P-2')}:card:P-2`,
        `${shard('')}:popular:`,
      ].sort(),
    );
    expect(await probe().get(`${prefix}lists:{lease}`)).toBe(`${lease.version}|builder-a`);
    const ttl = await probe().pttl(`${prefix}lists:{lease}`);
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
    for (let n = 0; n < LIST_SHARDS; n++)
      expect(await probe().get(`${prefix}lists:{lists:${n}}:fence`)).toBe(String(lease.version));
    expect(JSON.parse((await probe().get(`${shard('P-1')}:product:P-1`))!)).toEqual(listed[0]);
    // A card alone, for what a candidate is read for: a few bytes.
    expect(JSON.parse((await probe().get(`${shard('P-1')}:card:P-1`))!)).toEqual(listed[0]!.product);
    expect(await lists.cards(['P-1', 'GHOST'])).toEqual(new Map([['P-1', listed[0]!.product]]));
    await lists.publish(lease, { products: [], removed: ['P-1'], popular: [] });
    expect(await probe().exists(`${shard('P-1')}:product:P-1`, `${shard('P-1')}:card:P-1`)).toBe(0);
    expect(await probe().get(`${shard('')}:popular:`)).toBe('{"ids":["P-1"],"stamp":1}');
    // Lists are kept until rewritten or removed: no expiry.
    expect(await probe().pttl(`${shard('P-2')}:product:P-2`)).toBe(-1);
  });

  it("reads again, once, what timed out only because this process's event loop was held past the timeout", async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const builder = await openSharedLists(connect, prefix);
    const lease = (await builder.lists.claim('builder-a', 5_000))!;
    await builder.lists.publish(lease, { products: [productLists('P-1')], removed: [], popular: [] });
    const { lists, connection } = await openSharedLists(connect, prefix);
    const read = lists.products(['P-1']);
    await new Promise((sent) => setImmediate(sent)); // the MGET on its way: Redis answers within a millisecond
    holdTheLoop(connection.commandTimeoutMs + 200); // a long pause of this process (a full collection, say)
    expect([...(await read).keys()]).toEqual(['P-1']);
  });

  it('does not read again what timed out on time: a Redis that does not answer', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const { lists, connection } = await openSharedLists(connect, prefix);
    await probe().call('CLIENT', 'PAUSE', String(connection.commandTimeoutMs * 2), 'ALL');
    const started = performance.now();
    await expect(lists.products(['P-1'])).rejects.toThrow('Command timed out');
    // Sent again, it would have been answered once the pause ended, after twice the timeout.
    expect(performance.now() - started).toBeLessThan(connection.commandTimeoutMs * 2);
    await probe().call('CLIENT', 'UNPAUSE');
  });

  it('spreads product ids over the shards by a stable hash', () => {
    // FNV-1a, 32 bits: the same shard on every instance and every version of Vitrine.
    expect(['', 'P-1', 'P-2', 'shoes', 'ação'].map(shardOf)).toEqual([5, 5, 12, 3, 9]);
    const counts = new Array<number>(LIST_SHARDS).fill(0);
    for (let i = 0; i < 1_600; i++) counts[shardOf(`SKU-${i}`)]!++;
    for (const count of counts) expect(count).toBeGreaterThan(50);
  });

  it('refuses a publication when any shard it touches was fenced for a later lease, and tells what landed before', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const [builder, reader] = [await openSharedLists(connect, prefix), await openSharedLists(connect, prefix)];
    const [own, other] = [[] as ListsNews[], [] as ListsNews[]];
    builder.lists.subscribe({ changed: (news) => own.push(news), missedSome: () => {} });
    reader.lists.subscribe({ changed: (news) => other.push(news), missedSome: () => {} });
    const lease = (await builder.lists.claim('builder-a', 5_000))!;
    // A later lease's claim that raised only this shard's fence so far.
    await probe().set(`${prefix}lists:{lists:${shardOf('P-2')}}:fence`, String(lease.version + 1));
    const change = { products: [productLists('P-1'), productLists('P-2')], removed: [], popular: [] };
    expect(await builder.lists.publish(lease, change)).toBe(false);
    const read = await reader.lists.products(['P-1', 'P-2']);
    expect([...read.keys()]).toEqual(['P-1']);
    expect(own).toEqual([{ products: ['P-1'], popular: [] }]);
    await expect.poll(() => other, { timeout: 5_000 }).toEqual([{ products: ['P-1'], popular: [] }]);
  });

  it('raises the fences again on the next claim when a claim could not raise them all', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const [first, second] = [await openSharedLists(connect, prefix), await openSharedLists(connect, prefix)];
    const old = (await first.lists.claim('builder-a', 100))!;
    await new Promise((done) => setTimeout(done, 150));
    // The second instance's claim reaches the lease, then Redis fails before the fences are raised.
    const failing = second.connection.commands as unknown as { listsRaiseFence: () => Promise<number> };
    const raise = failing.listsRaiseFence;
    failing.listsRaiseFence = () => Promise.reject(new Error('connection lost'));
    await expect(second.lists.claim('builder-b', 5_000)).rejects.toThrow('connection lost');
    failing.listsRaiseFence = raise;
    const taken = (await second.lists.claim('builder-b', 5_000))!;
    expect(taken.version).toBeGreaterThan(old.version);
    expect(await first.lists.publish(old, { products: [productLists('P-1')], removed: [], popular: [] })).toBe(false);
    expect(await second.lists.publish(taken, { products: [productLists('P-1')], removed: [], popular: [] })).toBe(true);
  });

  it('writes and tells a publication bigger than one script and one message, whole', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const [builder, reader] = [await openSharedLists(connect, prefix), await openSharedLists(connect, prefix)];
    const heard = new Set<string>();
    reader.lists.subscribe({ changed: (news) => news.products.forEach((id) => heard.add(id)), missedSome: () => {} });
    const lease = (await builder.lists.claim('builder-a', 5_000))!;
    const many = Array.from({ length: 12_000 }, (_, i) => productLists(`SKU-${i}`));
    // Removed after it was written, in a later script of its shard's than its writing.
    expect(await builder.lists.publish(lease, { products: many, removed: ['SKU-11998'], popular: [] })).toBe(true);
    const read = await reader.lists.products(many.map((lists) => lists.product.id));
    expect(read.size).toBe(11_999);
    expect(read.get('SKU-11999')).toEqual(many[11_999]);
    expect(read.has('SKU-11998')).toBe(false);
    await expect.poll(() => heard.size, { timeout: 10_000 }).toBe(12_000);
  }, 30_000);

  it('never holds the event loop long writing and reading 20,000 lists of 60 ids each', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const [builder, reader] = [await openSharedLists(connect, prefix), await openSharedLists(connect, prefix)];
    const lease = (await builder.lists.claim('builder-a', 30_000))!;
    const twenty = (id: string, what: string) => Array.from({ length: 20 }, (_, i) => `${id}-${what}${i}`);
    const many = Array.from({ length: 20_000 }, (_, n) => {
      const id = `SKU-${n}`;
      return productLists(id, {
        catalog: { ids: twenty(id, 'c'), source: 'content' },
        category: twenty(id, 'k'),
        behaviour: { ids: twenty(id, 'b'), scores: twenty(id, 'b').map((_, i) => 1 / (i + 1)) },
      });
    });
    const published = await longestTurn(() => builder.lists.publish(lease, { products: many, removed: [], popular: [] }));
    expect(published.result).toBe(true);
    const read = await longestTurn(() => reader.lists.products(many.map((lists) => lists.product.id)));
    expect(read.result.size).toBe(20_000);
    expect(read.result.get('SKU-19999')).toEqual(many[19_999]);
    // A turn does a few ms of this work, plus the collections of what the test itself holds
    // (2.4 million ids): 10 to 35 ms on a 2-core machine. Done in one go, either would hold the
    // loop for a second or more.
    expect(published.longest).toBeLessThan(100);
    expect(read.longest).toBeLessThan(100);
  }, 60_000);

  it('rejects reads and writes while Redis is away, and serves again when it is back', async () => {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const { lists, connection } = await openSharedLists(connect, prefix);
    const lease = (await lists.claim('builder-a', 5_000))!;
    const ended = new Promise((done) => connection.commands.once('end', done));
    connection.commands.disconnect();
    await ended;
    await expect(lists.products(['P-1'])).rejects.toThrow();
    await expect(lists.publish(lease, { products: [productLists('P-1')], removed: [], popular: [] })).rejects.toThrow();
    await expect(lists.claim('builder-a', 5_000)).rejects.toThrow();
    await connection.commands.connect();
    await expect
      .poll(() => lists.publish(lease, { products: [productLists('P-1')], removed: [], popular: [] }).catch(() => false), {
        timeout: 10_000,
      })
      .toBe(true);
    expect((await lists.products(['P-1'])).get('P-1')).toEqual(productLists('P-1'));
  });
});

/**
 * What `work` answers, and the longest the process ran without letting the event loop turn
 * meanwhile (ms): the lesser of the clock's time and the CPU time between two turns, so that
 * neither time spent waiting for a core on a shared machine nor the garbage collector's helper
 * threads count as the loop held.
 */
async function longestTurn<T>(work: () => Promise<T>): Promise<{ result: T; longest: number }> {
  let longest = 0;
  let [lastCpu, lastClock] = [process.cpuUsage(), performance.now()];
  let timer: NodeJS.Timeout | undefined;
  const beat = () => {
    const cpu = process.cpuUsage(lastCpu);
    longest = Math.max(longest, Math.min((cpu.user + cpu.system) / 1_000, performance.now() - lastClock));
    [lastCpu, lastClock] = [process.cpuUsage(), performance.now()];
    timer = setTimeout(beat, 0);
  };
  timer = setTimeout(beat, 0);
  try {
    const result = await work();
    // The beat due when the work ended measures its last stretch.
    await new Promise((done) => setTimeout(done, 0));
    if (process.env.SHOW_TURNS === '1') console.log('longest turn', longest.toFixed(1), 'ms');
    return { result, longest };
  } finally {
    clearTimeout(timer);
  }
}
