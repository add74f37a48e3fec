import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemorySharedLists } from '../../src/adapters/memory/in-memory-shared-lists.js';
import { InMemoryShopperRecords } from '../../src/adapters/memory/in-memory-shopper-records.js';
import { ListedSimilarity } from '../../src/adapters/similarity/listed-similarity.js';
import { SimilarityEngine } from '../../src/adapters/similarity/similarity-engine.js';
import { ListsLeadership } from '../../src/application/product/lists-leadership.js';
import { FencedOut, PublishLists } from '../../src/application/product/publish-lists.js';
import { SimilarAnswers } from '../../src/application/product/similar-answers.js';
import type { ShopperEvent } from '../../src/domain/events/shopper-event.js';
import type { Product } from '../../src/domain/product/product.js';
import { LEASE_RENEW_MS, LEASE_TTL_MS, type ListsNews, type ProductLists } from '../../src/domain/product/shared-lists.js';
import { DEFAULT_SIMILARITY_POLICY } from '../../src/domain/product/similarity-policy.js';
import { aPlainProduct, anEvent, T0 } from '../support/mothers.js';

const POLICY = DEFAULT_SIMILARITY_POLICY;
const MINUTE = 60_000;

/** Three categories of products whose names share words, and sessions that see some of them together. */
function catalog(): Product[] {
  const words = ['linho', 'seda', 'couro', 'algodão', 'lã'];
  return Array.from({ length: 60 }, (_, i) =>
    aPlainProduct(`P${i}`, {
      name: `Peça ${words[i % 5]} ${words[(i * 7) % 5]} ${i % 3 === 0 ? 'clássica' : 'moderna'}`,
      category: `C${i % 3}`,
      brand: `B${i % 4}`,
      available: i !== 7,
    }),
  );
}

function sessionsOver(products: readonly Product[], count: number): ShopperEvent[] {
  const events: ShopperEvent[] = [];
  for (let s = 0; s < count; s++) {
    const length = 2 + (s % 4);
    for (let step = 0; step < length; step++) {
      const product = products[(s * 5 + step * 11) % products.length]!;
      events.push(
        anEvent({
          productId: product.id,
          sessionId: `S${s}`,
          userId: s % 5 === 0 ? `U${s % 7}` : undefined,
          at: new Date(T0.getTime() + s * MINUTE + step * 1000),
        }),
      );
    }
  }
  return events;
}

function deployment({ logChanges = false } = {}) {
  const clock = new FakeClock(T0);
  const shared = new InMemorySharedLists(clock);
  const records = new InMemoryShopperRecords(clock);
  const engine = new SimilarityEngine({ background: false, policy: POLICY, logChanges });
  const products = catalog();
  engine.productsSaved(products);
  const events = sessionsOver(products, 120);
  engine.learn(events);
  const publisher = new PublishLists(engine, engine, shared, POLICY, clock);
  const reader = () => new ListedSimilarity(shared, records, POLICY, { listsKept: 1000, cardsKept: 1000 });
  return { clock, shared, records, engine, products, events, publisher, reader };
}

describe('lists computed once and shared', () => {
  it("answers every product for everyone, on a reader, exactly as the builder's engine does", async () => {
    const { shared, engine, products, publisher, reader, clock } = deployment();
    const lease = (await shared.claim('builder', LEASE_TTL_MS))!;
    const report = await publisher.pass(lease);
    expect(report).toMatchObject({ looked: 60, published: 60, removed: 0 });
    expect(await shared.complete()).toBe(true);
    const index = reader();
    const onReader = new SimilarAnswers(index, POLICY);
    const onBuilder = new SimilarAnswers(engine, POLICY);
    for (const product of products) {
      await index.prepare({ productId: product.id }, clock.now());
      expect(onReader.forShopper(product.id, 20, { now: clock.now() }), product.id).toEqual(
        onBuilder.forShopper(product.id, 20, { now: clock.now() }),
      );
    }
  });

  it('writes again only the lists that changed, and removes the products gone', async () => {
    const { shared, engine, products, publisher } = deployment();
    const lease = (await shared.claim('builder', LEASE_TTL_MS))!;
    await publisher.pass(lease);
    // Nothing changed in the engine: the pass does not even look.
    expect(await publisher.pass(lease)).toMatchObject({ looked: 0, published: 0, removed: 0, popular: 0 });
    const heard: ListsNews[] = [];
    shared.subscribe({ changed: (news) => heard.push(news), missedSome: () => {} });
    // Stamps move (the product was written again, an event was learnt) but nothing published changes: nothing is written.
    // A visit of one product alone: its sessions' stamp moves, what past sessions say of any product does not.
    engine.learn([anEvent({ productId: 'P10', sessionId: 'ALONE', userId: undefined, at: new Date(T0.getTime() + 86_400_000) })]);
    expect(await publisher.pass(lease)).toMatchObject({ looked: 60, published: 0, removed: 0 });
    expect(heard.flatMap((news) => news.products)).toEqual([]);
    engine.productsSaved([{ ...products[10]!, brand: 'Nova' }]);
    engine.productsRemoved(['P11']);
    const report = await publisher.pass(lease);
    expect(report.removed).toBe(1);
    const written = heard.flatMap((news) => news.products);
    expect(written).toContain('P10');
    expect(written).toContain('P11');
    expect((await shared.products(['P10'])).get('P10')?.product.brand).toBe('Nova');
    expect((await shared.products(['P11'])).size).toBe(0);
  });

  it('once the lists are whole, looks only at the products changed since the last pass, and publishes what a walk of every product would', async () => {
    const { shared, engine, products, publisher, clock } = deployment({ logChanges: true });
    const lease = (await shared.claim('builder', LEASE_TTL_MS))!;
    expect(await publisher.pass(lease)).toMatchObject({ looked: 60, published: 60 });
    const later = T0.getTime() + 86_400_000;
    // A new visit of two products: their sessions changed, nobody else's.
    engine.learn([
      anEvent({ productId: 'P10', sessionId: 'NEW', userId: undefined, at: new Date(later) }),
      anEvent({ productId: 'P20', sessionId: 'NEW', userId: undefined, at: new Date(later + 1000) }),
    ]);
    const afterVisit = await publisher.pass(lease);
    expect(afterVisit.looked).toBeGreaterThanOrEqual(2);
    expect(afterVisit.looked).toBeLessThan(10);
    expect(afterVisit.published).toBeGreaterThan(0);
    await expectAsAWholeWalk();
    // A price written (its category's top-ups may change) and a product removed (its category's
    // too; in a catalog this small, every content list held them).
    engine.productsSaved([{ ...products[10]!, price: 999 }]);
    engine.productsRemoved(['P11']);
    expect((await publisher.pass(lease)).removed).toBe(1);
    await expectAsAWholeWalk();

    /** What a builder walking every product publishes, from the same engine: the same lists. */
    async function expectAsAWholeWalk() {
      const whole = new InMemorySharedLists(clock);
      await new PublishLists(engine, engine, whole, POLICY, clock).pass((await whole.claim('another', LEASE_TTL_MS))!);
      const ids = products.map((p) => p.id);
      const unstamped = (lists: ReadonlyMap<string, ProductLists>) =>
        new Map([...lists].map(([id, l]) => [id, { ...l, stamp: 0 }]));
      expect(unstamped(await shared.products(ids))).toEqual(unstamped(await whole.products(ids)));
      const categories = [undefined, 'C0', 'C1', 'C2'];
      expect(await shared.popular(categories)).toEqual(await whole.popular(categories));
    }
  });

  it('after catalog writes, looks at the products whose category list a written product ranks in, and publishes what a walk of every product would', async () => {
    const clock = new FakeClock(T0);
    const shared = new InMemorySharedLists(clock);
    const engine = new SimilarityEngine({ background: false, policy: POLICY, logChanges: true });
    const tags = ['linho', 'seda', 'festa', 'praia', 'básico', 'verão', 'noite', 'tricô'];
    const catalog = new Map<string, Product>();
    for (let i = 0; i < 1000; i++) {
      const product = aPlainProduct(`Q${i}`, {
        name: `Peça ${tags[i % 8]} ${tags[(i * 3) % 8]}`,
        category: `C${i % 2}`,
        brand: `B${i % 5}`,
        tags: [tags[i % 8]!, tags[(i * 5) % 8]!],
        price: 10 + ((i * 37) % 500),
        available: i % 17 !== 0,
      });
      catalog.set(product.id, product);
    }
    engine.productsSaved([...catalog.values()]);
    const publisher = new PublishLists(engine, engine, shared, POLICY, clock);
    const lease = (await shared.claim('builder', LEASE_TTL_MS))!;
    await publisher.pass(lease);
    const looked: number[] = [];
    for (let step = 0; step < 12; step++) {
      const target = catalog.get(`Q${(step * 53 + 1) % 1000}`)!;
      const changes: Partial<Product>[] = [
        { available: !target.available },
        { price: target.price! * 1.5 },
        { tags: ['novo'] },
        { brand: 'B9', price: 999 },
      ];
      const written = { ...target, ...changes[step % 4] };
      catalog.set(written.id, written);
      engine.productsSaved([written]);
      // The lists it changed made again (the builder's engine does it in the background).
      await engine.settled();
      looked.push((await publisher.pass(lease)).looked);
      const whole = new InMemorySharedLists(clock);
      await new PublishLists(engine, engine, whole, POLICY, clock).pass((await whole.claim('another', LEASE_TTL_MS))!);
      const ids = [...catalog.keys()];
      const unstamped = (lists: ReadonlyMap<string, ProductLists>) =>
        new Map([...lists].map(([id, l]) => [id, { ...l, stamp: 0 }]));
      expect(unstamped(await shared.products(ids)), `step ${step}`).toEqual(unstamped(await whole.products(ids)));
    }
    // A category holds 500 products: a write looks at those whose lists (top-up or content) the product ranks in.
    for (const count of looked) expect(count).toBeLessThan(500);
  });

  it('walks every product again after a new learning (everything changed at once)', async () => {
    const { shared, engine, publisher, events } = deployment({ logChanges: true });
    const lease = (await shared.claim('builder', LEASE_TTL_MS))!;
    await publisher.pass(lease);
    const relearning = engine.relearn();
    relearning.learn(events.slice(0, 40));
    relearning.finish();
    expect((await publisher.pass(lease)).looked).toBe(60);
  });

  it('a builder whose lease lapsed and was taken writes nothing more: its pass is fenced out', async () => {
    const { shared, engine, products, publisher, clock } = deployment();
    const old = (await shared.claim('old', LEASE_TTL_MS))!;
    await publisher.pass(old);
    clock.advance(LEASE_TTL_MS + 1);
    const taken = (await shared.claim('new', LEASE_TTL_MS))!;
    expect(taken.version).toBeGreaterThan(old.version);
    engine.productsSaved([{ ...products[3]!, brand: 'Late' }]);
    await expect(publisher.pass(old)).rejects.toBeInstanceOf(FencedOut);
    expect((await shared.products(['P3'])).get('P3')?.product.brand).not.toBe('Late');
  });

  it('answers a session from the shared records: what the session saw before is reminded, on any reader', async () => {
    const { shared, records, publisher, reader, clock } = deployment();
    await publisher.pass((await shared.claim('builder', LEASE_TTL_MS))!);
    const visit = ['P40', 'P41'].map((productId, i) =>
      anEvent({ productId, sessionId: 'NOW', at: new Date(clock.now().getTime() - (2 - i) * 1000) }),
    );
    await records.append(visit);
    const answers = [reader(), reader()].map((index) => ({ index, answers: new SimilarAnswers(index, POLICY) }));
    const found = [];
    for (const { index, answers: composed } of answers) {
      await index.prepare({ productId: 'P41', sessionId: 'NOW' }, clock.now());
      found.push(composed.forShopper('P41', 20, { sessionId: 'NOW', now: clock.now() }));
    }
    expect(found[0]!.ids).toContain('P40');
    expect(found[0]!.from[found[0]!.ids.indexOf('P40')]).toBe('session');
    expect(found[1]).toEqual(found[0]);
  });

  it("leaves out a shopper's purchases, read from the shared records", async () => {
    const { shared, records, publisher, reader, clock } = deployment();
    await publisher.pass((await shared.claim('builder', LEASE_TTL_MS))!);
    const index = reader();
    const answers = new SimilarAnswers(index, POLICY);
    await index.prepare({ productId: 'P0' }, clock.now());
    const before = answers.forShopper('P0', 20, { now: clock.now() })!;
    const bought = before.ids[0]!;
    await records.append([anEvent({ type: 'purchase', productId: bought, sessionId: 'X', userId: 'BUYER', at: clock.now() })]);
    await index.prepare({ productId: 'P0', userId: 'BUYER' }, clock.now());
    expect(answers.forShopper('P0', 20, { userId: 'BUYER', now: clock.now() })!.ids).not.toContain(bought);
  });

  it("drops a product's kept lists when news of it arrives, and reads them again", async () => {
    const { shared, engine, products, publisher, reader, clock } = deployment();
    const lease = (await shared.claim('builder', LEASE_TTL_MS))!;
    await publisher.pass(lease);
    const index = reader();
    await index.prepare({ productId: 'P20' }, clock.now());
    expect(index.ready('P20')).toBe(true);
    engine.productsSaved([{ ...products[20]!, available: false, category: 'C9' }]);
    await publisher.pass(lease);
    expect(index.ready('P20')).toBe(false);
    await index.prepare({ productId: 'P20' }, clock.now());
    expect(index.productOf('P20')).toMatchObject({ available: false, category: 'C9' });
  });

  it('keeps the lists of the products last asked about, at most as many as set, and holds only the ids those lists name', async () => {
    const { shared, engine, products, publisher, records, clock } = deployment();
    const lease = (await shared.claim('builder', LEASE_TTL_MS))!;
    await publisher.pass(lease);
    const kept = 10;
    const index = new ListedSimilarity(shared, records, POLICY, { listsKept: kept, cardsKept: 1000 });
    const onReader = new SimilarAnswers(index, POLICY);
    const onBuilder = new SimilarAnswers(engine, POLICY);
    const named = async (ids: readonly string[]): Promise<Set<string>> => {
      const lists = await shared.products(ids);
      return new Set([...lists.values()].flatMap((l) => [...(l.catalog?.ids ?? []), ...l.category, ...l.behaviour.ids]));
    };
    // Every product asked twice over: each time beyond the first `kept`, the least recently asked is forgotten.
    const asked = [...products, ...products].map((p) => p.id);
    for (const [at, id] of asked.entries()) {
      await index.prepare({ productId: id }, clock.now());
      expect(onReader.forShopper(id, 100, { now: clock.now() }), id).toEqual(onBuilder.forShopper(id, 100, { now: clock.now() }));
      const last = asked.slice(Math.max(0, at + 1 - kept), at + 1);
      expect(index.kept.lists).toBe(last.length);
      expect(index.kept.ids, `after ${id}`).toBe((await named(last)).size);
    }
    // News of a change drops the lists it changed, and with them the ids only they named.
    const dropped = asked.at(-1)!;
    const republished = (await shared.products([dropped])).get(dropped)!;
    expect(await shared.publish(lease, { products: [{ ...republished, category: [] }], removed: [], popular: [] })).toBe(true);
    const left = asked.slice(-kept).filter((id) => index.knows(id));
    expect(left).toEqual(asked.slice(-kept, -1));
    expect(index.kept.ids).toBe((await named(left)).size);
  });
});

describe('who builds', () => {
  function candidates() {
    const world = deployment();
    const roles: string[] = [];
    /** An instance whose process can die: its timers then never run again (it neither renews nor releases). */
    const instance = (name: string) => {
      let alive = true;
      const scheduler = {
        after: (ms: number, task: () => void) => world.clock.after(ms, () => alive && task()),
        breathe: () => world.clock.breathe(),
      };
      const leadership = new ListsLeadership(
        world.shared,
        world.publisher,
        { lead: async () => void roles.push(`${name} leads`), stepDown: async () => void roles.push(`${name} steps down`) },
        scheduler,
        name,
      );
      return Object.assign(leadership, { die: () => (alive = false) });
    };
    return { ...world, roles, instance };
  }

  it('one instance builds at a time; when it dies, another takes over within the lease', async () => {
    const { clock, roles, instance } = candidates();
    const [first, second] = [instance('A'), instance('B')];
    await first.start();
    await second.start();
    expect([first.standing, second.standing]).toEqual(['builder', 'reader']);
    first.die();
    for (let waited = 0; waited <= LEASE_TTL_MS + LEASE_RENEW_MS; waited += LEASE_RENEW_MS) {
      clock.advance(LEASE_RENEW_MS);
      await clock.breathe();
    }
    expect(second.standing).toBe('builder');
    expect(roles).toEqual(['A leads', 'B leads']);
    await second.stop();
  });

  it('a builder that cannot reach the store goes on building; its lease lapsed and taken again by itself, it carries on', async () => {
    const { clock, roles, shared, instance } = candidates();
    const builder = instance('A');
    await builder.start();
    const { lease } = builder.figures;
    const claim = shared.claim.bind(shared);
    shared.claim = async () => Promise.reject(new Error('Redis does not answer'));
    for (let waited = 0; waited <= LEASE_TTL_MS + LEASE_RENEW_MS; waited += LEASE_RENEW_MS) {
      clock.advance(LEASE_RENEW_MS);
      await clock.breathe();
    }
    expect(builder.standing).toBe('builder');
    shared.claim = claim;
    clock.advance(LEASE_RENEW_MS);
    await clock.breathe();
    // The lease lapsed and this builder took the next version: nobody held it in between.
    expect(builder.figures.lease).toBe(lease + 1);
    expect(roles).toEqual(['A leads']);
    await builder.stop();
  });
});
