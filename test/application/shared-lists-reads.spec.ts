import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemorySharedLists } from '../../src/adapters/memory/in-memory-shared-lists.js';
import { InMemoryShopperRecords } from '../../src/adapters/memory/in-memory-shopper-records.js';
import { ListedSimilarity } from '../../src/adapters/similarity/listed-similarity.js';
import { SimilarityEngine } from '../../src/adapters/similarity/similarity-engine.js';
import { ListedReads } from '../../src/application/product/answer-reads.js';
import { BuilderFeed } from '../../src/application/product/builder-feed.js';
import type { CatalogFeed } from '../../src/application/product/catalog-feed.js';
import { ListsReadiness } from '../../src/application/product/lists-leadership.js';
import { PublishLists } from '../../src/application/product/publish-lists.js';
import { SimilarAnswers } from '../../src/application/product/similar-answers.js';
import { RecordingEventFeed } from '../../src/application/events/recording-event-feed.js';
import type { EventFeed } from '../../src/application/events/follow-events.js';
import type { ShopperEvent } from '../../src/domain/events/shopper-event.js';
import type { Product } from '../../src/domain/product/product.js';
import { LEASE_TTL_MS } from '../../src/domain/product/shared-lists.js';
import type { ShopperRecords } from '../../src/domain/product/shopper-records.js';
import { DEFAULT_SIMILARITY_POLICY } from '../../src/domain/product/similarity-policy.js';
import { aPlainProduct, anEvent, T0 } from '../support/mothers.js';

const POLICY = DEFAULT_SIMILARITY_POLICY;

/** A catalog feed over a store of these products (what a reader reads a product the lists do not hold yet from). */
function storeFeed(products: readonly Product[]): CatalogFeed & { reads: string[][] } {
  const reads: string[][] = [];
  const byId = new Map(products.map((p) => [p.id, p]));
  return {
    reads,
    saved: async () => {},
    removed: async () => {},
    readFromStore: async (ids) => {
      reads.push([...ids]);
      return new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : [])));
    },
    ensureKnown: async () => true,
    catchingUp: false,
    settled: async () => {},
  };
}

async function publishedWorld(products: readonly Product[], events: readonly ShopperEvent[] = []) {
  const clock = new FakeClock(T0);
  const shared = new InMemorySharedLists(clock);
  const engine = new SimilarityEngine({ background: false, policy: POLICY });
  engine.productsSaved(products);
  engine.learn(events);
  await new PublishLists(engine, engine, shared, POLICY, clock).pass((await shared.claim('builder', LEASE_TTL_MS))!);
  const records = new InMemoryShopperRecords(clock);
  // What the reader reads through: Redis can be made not to answer (`redis.up = false`).
  const redis = { up: true };
  const away = async () => Promise.reject(new Error('Command timed out'));
  const readsOf = <T extends object>(target: T, names: readonly (keyof T)[]): T => {
    const gated = Object.create(target) as T;
    for (const name of names) {
      const read = (target[name] as (...args: unknown[]) => unknown).bind(target);
      Object.assign(gated, { [name]: (...args: unknown[]) => (redis.up ? read(...args) : away()) });
    }
    return gated;
  };
  const index = new ListedSimilarity(
    readsOf(shared, ['products', 'cards', 'popular']),
    readsOf(records, ['session', 'shopper']),
    POLICY,
    { listsKept: 100, cardsKept: 100 },
  );
  return { clock, index, records, redis, shared, answers: new SimilarAnswers(index, POLICY) };
}

describe('answers read from the shared lists', () => {
  const catalog = ['A', 'B', 'C'].map((id) => aPlainProduct(id, { name: `Vestido linho ${id}`, category: 'vestidos' }));
  const popular = [
    ...['A', 'B'].map((productId) => anEvent({ productId, sessionId: 's-1', userId: undefined })),
    ...['A', 'B'].map((productId) => anEvent({ productId, sessionId: 's-2', userId: undefined })),
  ];

  it('answers a product written after the lists were published (read from the store) with the top-ups of its category', async () => {
    const { clock, index, answers } = await publishedWorld(catalog, popular);
    const fresh = aPlainProduct('NEW', { name: 'Vestido novo', category: 'vestidos' });
    const feed = storeFeed([...catalog, fresh]);
    const reads = new ListedReads(index, feed);
    expect(await reads.prepare({ productId: 'NEW' }, clock.now())).toBe(true);
    expect(feed.reads).toEqual([['NEW']]);
    const answer = answers.forShopper('NEW', 5, { now: clock.now() })!;
    expect(answer.ids).toEqual(['A', 'B']);
    expect(answer.from).toEqual(['popular', 'popular']);
    // Known now: asked again, the store is not read again.
    expect(await reads.prepare({ productId: 'NEW' }, clock.now())).toBe(true);
    expect(feed.reads).toHaveLength(1);
  });

  it('answers not found for a product neither the lists nor the store hold', async () => {
    const { clock, index } = await publishedWorld(catalog);
    expect(await new ListedReads(index, storeFeed(catalog)).prepare({ productId: 'GHOST' }, clock.now())).toBe(false);
  });

  it('answers at once only a question for everyone whose lists it holds: a session or a shopper is read first', async () => {
    const { clock, index } = await publishedWorld(catalog);
    const reads = new ListedReads(index, storeFeed(catalog));
    expect(reads.ready({ productId: 'A' })).toBe(false);
    await reads.prepare({ productId: 'A' }, clock.now());
    expect(reads.ready({ productId: 'A' })).toBe(true);
    expect(reads.ready({ productId: 'A', sessionId: 's-9' })).toBe(false);
    expect(reads.ready({ productId: 'A', userId: 'up_ana' })).toBe(false);
  });

  it("weighs what past sessions say of a session's product by the scores published for it, and keeps its card's words", async () => {
    const { clock, index, shared } = await publishedWorld(catalog, popular);
    const published = (await shared.products(['A'])).get('A')!.behaviour;
    expect(published.ids.length).toBeGreaterThan(0);
    await index.prepare({ productId: 'A' }, clock.now());
    const sessions = index.nearestSessions({ products: ['A'], weights: [2] });
    expect(sessions.products).toEqual(published.ids);
    expect([...sessions.similarity]).toEqual(published.scores.map((score) => 2 * Math.fround(score)));
    expect(index.productOf('A')).toEqual({ id: 'A', category: 'vestidos', brand: catalog[0]!.brand, name: 'Vestido linho A', available: true });
  });

  it("tells the shopper's moment from the shared records, the products named as the lists say", async () => {
    const { index, records } = await publishedWorld(catalog);
    await records.append([anEvent({ productId: 'B', sessionId: 's-5', userId: 'up_ana', at: T0 })]);
    expect(index.momentReady()).toBe(false);
    expect(index.momentOf('up_ana')).toBeUndefined();
    await index.loadMoment('up_ana');
    expect(index.momentOf('up_ana')?.recent.map((e) => e.productId)).toEqual(['B']);
    expect(index.productName('B')).toBe('Vestido linho B');
  });
});

describe('a reader while Redis does not answer', () => {
  const catalog = ['A', 'B', 'C'].map((id) => aPlainProduct(id, { name: `Vestido linho ${id}`, category: 'vestidos' }));

  it('answers from what it keeps, for everyone; a product it keeps nothing of is unavailable, never an error of its own', async () => {
    const { clock, index, redis, answers } = await publishedWorld(catalog);
    await index.prepare({ productId: 'A' }, clock.now());
    const kept = answers.forShopper('A', 5, { now: clock.now() });
    redis.up = false;
    await index.prepare({ productId: 'A', sessionId: 's-1', userId: 'up_ana' }, clock.now());
    expect(answers.forShopper('A', 5, { sessionId: 's-1', userId: 'up_ana', now: clock.now() })).toEqual(kept);
    await expect(index.prepare({ productId: 'B' }, clock.now())).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await index.loadMoment('up_ana');
    expect(index.momentOf('up_ana')).toBeUndefined();
  });
});

describe('the builder feed', () => {
  it('feeds the engine only while the instance leads; an erasure always', () => {
    const engine = new SimilarityEngine({ background: false, policy: POLICY });
    const feed = new BuilderFeed(engine);
    feed.productsSaved([aPlainProduct('A')]);
    expect(engine.has('A')).toBe(false);
    expect([...feed.known()]).toEqual([]);
    feed.lead();
    feed.productsSaved([aPlainProduct('A')]);
    expect(feed.has('A')).toBe(true);
    feed.learn([anEvent({ productId: 'A', userId: 'up_ana' })]);
    expect(engine.shopper('up_ana')).toBeDefined();
    feed.stepDown();
    expect(feed.has('A')).toBe(false);
    feed.forgetUser('up_ana');
    expect(engine.shopper('up_ana')).toBeUndefined();
  });
});

describe('events recorded where the records are shared', () => {
  function feeds(records: Partial<ShopperRecords>) {
    const told: string[] = [];
    const inner: EventFeed = {
      recorded: async (events) => void told.push(`recorded ${events.length}`),
      erased: async (userId) => void told.push(`erased ${userId}`),
    };
    return { told, feed: new RecordingEventFeed(inner, records as ShopperRecords) };
  }

  it('adds every recorded event to the shared records, and erases a shopper there', async () => {
    const clock = new FakeClock(T0);
    const records = new InMemoryShopperRecords(clock);
    const { told, feed } = feeds(records);
    await feed.recorded([anEvent({ productId: 'A', sessionId: 's-1', userId: 'up_ana' })]);
    expect((await records.session('s-1')).map((e) => e.productId)).toEqual(['A']);
    await feed.erased('up_ana');
    expect(await records.shopper('up_ana')).toBeUndefined();
    expect(await records.session('s-1')).toEqual([]);
    expect(told).toEqual(['recorded 1', 'erased up_ana']);
  });

  it('records events whatever becomes of the shared records (Redis away): the store holds them', async () => {
    const { told, feed } = feeds({ append: async () => Promise.reject(new Error('Redis away')) });
    await expect(feed.recorded([anEvent()])).resolves.toBeUndefined();
    expect(told).toEqual(['recorded 1']);
  });
});

describe('readiness where the lists are shared', () => {
  it('is not ready until a builder made the lists whole, then stays ready', async () => {
    const clock = new FakeClock(T0);
    const shared = new InMemorySharedLists(clock);
    const readiness = new ListsReadiness(shared);
    await expect(readiness.check()).rejects.toThrow(/published for the first time/);
    await shared.markComplete((await shared.claim('builder', LEASE_TTL_MS))!);
    await expect(readiness.check()).resolves.toBeUndefined();
  });
});
