import { describe, expect, it } from 'vitest';
import { BehaviourModel, EVERY_PRODUCT } from '../../src/adapters/similarity/behaviour-model.js';
import { ChangeCounter } from '../../src/adapters/similarity/change-counter.js';
import type { ShopperEvent } from '../../src/domain/events/shopper-event.js';
import { DEFAULT_SIMILARITY_POLICY, type SimilarityPolicy } from '../../src/domain/product/similarity-policy.js';
import { anEvent, T0 } from '../support/mothers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The numbers these tests rely on: views weigh 1, carts 2, purchases 4; half-life an hour; visits 30 minutes apart. */
const POLICY: SimilarityPolicy = {
  ...DEFAULT_SIMILARITY_POLICY,
  eventWeights: { view: 1, add_to_cart: 2, purchase: 4 },
  popularityHalfLifeMs: HOUR,
  visitGapMs: 30 * MINUTE,
  sessionsPerProduct: 10,
  popularPool: 3,
};

const t = (m: number) => T0.getTime() + m * MINUTE;

/** A model over a catalog of product → category (changed by the test as it goes). */
function modelOf(catalog: Map<string, string> = new Map()) {
  const counter = new ChangeCounter();
  const model = new BehaviourModel({
    policy: POLICY,
    categoryOf: (id) => catalog.get(id),
    membersOf: (category) => [...catalog].filter(([, c]) => c === category).map(([id]) => id),
    counter,
  });
  return { model, catalog, counter, categoryOf: (id: string) => catalog.get(id) };
}

/** A session's events, one a minute from `start` minutes after T0: `A` is a view, `A:purchase` a purchase. */
function session(sessionId: string, products: readonly string[], start = 0, userId?: string): ShopperEvent[] {
  return products.map((spec, i) => {
    const [productId = '', type = 'view'] = spec.split(':');
    return anEvent({
      type: type as ShopperEvent['type'],
      productId,
      sessionId,
      userId,
      at: new Date(t(start + i)),
    });
  });
}

/** The other products of the sessions that held a product, each once, sorted. */
function together(model: BehaviourModel, productId: string): string[] {
  const found = model.nearest({ products: [productId], weights: [1] }, 100, 100);
  return [...new Set(found.products)].filter((id) => id !== productId).sort();
}

const recentOf = (model: BehaviourModel, userId: string) => model.user(userId)?.recent.map((e) => e.productId);

describe('the behaviour model: learning event by event', () => {
  it('learns which products sessions saw together, their evidence, and what each shopper did', () => {
    const { model } = modelOf();
    model.learn([...session('S1', ['A', 'B'], 0, 'up_ana'), ...session('S2', ['A', 'C:purchase'], 10, 'up_ana')]);
    expect(together(model, 'A')).toEqual(['B', 'C']);
    expect(together(model, 'B')).toEqual(['A']);
    expect(model.evidence('A')).toBe(2);
    expect(model.evidence('UNKNOWN')).toBe(0);
    expect(model.sessionProducts('S1', t(1))).toEqual(['A', 'B']);
    expect(recentOf(model, 'up_ana')).toEqual(['A', 'B', 'A', 'C']);
    expect([...model.user('up_ana')!.purchased]).toEqual(['C']);
    expect(model.stats).toMatchObject({ products: 3, sessions: 2, users: 1 });
  });

  it('learns nothing from an event type the policy gives no weight', () => {
    const { model } = modelOf();
    model.learn(session('S1', ['A:recommendation_click'], 0, 'up_ana'));
    expect(model.user('up_ana')).toBeUndefined();
    expect(model.sessionProducts('S1', t(0))).toEqual([]);
    expect(model.popular(EVERY_PRODUCT)).toEqual([]);
  });

  it('forgets a shopper and every session their events named; others’ sessions stay', () => {
    const { model } = modelOf();
    model.learn([...session('S1', ['A', 'B:purchase'], 0, 'up_ana'), ...session('S2', ['A', 'C'], 10)]);
    model.forgetUser('up_ana');
    expect(model.user('up_ana')).toBeUndefined();
    expect(model.sessionProducts('S1', t(1))).toEqual([]);
    expect(together(model, 'A')).toEqual(['C']);
    expect(model.evidence('B')).toBe(0);
    expect(model.stats).toMatchObject({ sessions: 1, users: 0 });
  });

  it('forgets products gone from the catalog: their sessions’ places, evidence and rankings', () => {
    const { model, catalog, categoryOf } = modelOf(
      new Map([
        ['A', 'dresses'],
        ['B', 'dresses'],
        ['C', 'shoes'],
      ]),
    );
    model.learn(session('S1', ['A', 'B:purchase', 'C']));
    expect(model.popular('dresses')).toEqual(['B', 'A']);
    model.forget(['B', 'NEVER-SEEN'], categoryOf);
    catalog.delete('B');
    expect(together(model, 'A')).toEqual(['C']);
    expect(together(model, 'B')).toEqual([]);
    expect(model.evidence('B')).toBe(0);
    expect(model.sessionProducts('S1', t(2))).toEqual(['A', 'C']);
    expect(model.popular('dresses')).toEqual(['A']);
    expect(model.popular(EVERY_PRODUCT)).not.toContain('B');
  });
});

describe('the behaviour model: popularity', () => {
  /** A and B are dresses, C shoes, D has no category. */
  const catalog = () =>
    new Map([
      ['A', 'dresses'],
      ['B', 'dresses'],
      ['C', 'shoes'],
    ]);

  it('ranks each category’s products and every product by decayed popularity', () => {
    const { model } = modelOf(catalog());
    // A purchase (4) at 0; three hours later A is worth 0.5, against B's view (1), C's cart (2) and D's view (1).
    model.learn([
      ...session('S1', ['A:purchase'], 0),
      ...session('S2', ['B'], 180),
      ...session('S3', ['C:add_to_cart'], 180),
      ...session('S4', ['D'], 180),
    ]);
    expect(model.popular('dresses')).toEqual(['B', 'A']);
    expect(model.popular('shoes')).toEqual(['C']);
    // B and D weigh the same: the smaller id first.
    expect(model.popular(EVERY_PRODUCT)).toEqual(['C', 'B', 'D', 'A']);
    expect(model.popular('hats')).toEqual([]);
  });

  it('moves a product’s popularity with it when it changes category', () => {
    const { model, catalog: products } = modelOf(catalog());
    model.learn([...session('S1', ['A:purchase'], 0), ...session('S2', ['B'], 0), ...session('S3', ['C'], 0)]);
    products.set('A', 'shoes');
    model.moved('A', 'dresses', 'shoes');
    expect(model.popular('dresses')).toEqual(['B']);
    expect(model.popular('shoes')).toEqual(['A', 'C']);
    expect(model.popular(EVERY_PRODUCT)).toEqual(['A', 'B', 'C']);
    // Out of any category; a product never seen moves no popularity.
    model.moved('B', 'dresses', undefined);
    model.moved('NEVER-SEEN', undefined, 'dresses');
    expect(model.popular('dresses')).toEqual([]);
  });

  it('rebuilds a category’s ranking from its members once too few of the ranked are left', () => {
    // 410 dresses, each viewed once, a minute apart: the later, the more popular. The ranking keeps 404.
    const ids = Array.from({ length: 410 }, (_, n) => `P${String(n).padStart(3, '0')}`);
    const { model, catalog: products, categoryOf } = modelOf(new Map(ids.map((id) => [id, 'dresses'])));
    model.learn(ids.flatMap((id, n) => session(`S-${id}`, [id], n)));
    const best = [...ids].reverse();
    expect(model.popular('dresses')).toEqual(best.slice(0, 404));
    // The 310 most popular leave: 94 of the ranked remain, fewer than an answer reads; 6 were never ranked.
    const gone = best.slice(0, 310);
    model.forget(gone, categoryOf);
    for (const id of gone) products.delete(id);
    expect(model.popular('dresses')).toEqual(best.slice(310));
    expect(model.popular(EVERY_PRODUCT)).toEqual(best.slice(310));
  });
});

describe('the behaviour model: stamps', () => {
  const catalog = () =>
    new Map([
      ['A', 'dresses'],
      ['B', 'dresses'],
      ['C', 'shoes'],
      ['D', 'shoes'],
    ]);

  it('change when the product’s sessions change, not for events of other sessions and categories', () => {
    const { model } = modelOf(catalog());
    model.learn(session('S1', ['A', 'B']));
    const before = model.stampOf('A', 'dresses');
    model.learn(session('S2', ['C', 'D'], 10));
    expect(model.stampOf('A', 'dresses')).toBe(before);
    model.learn(session('S3', ['A', 'C'], 20));
    expect(model.stampOf('A', 'dresses')).toBeGreaterThan(before);
  });

  it('change when the order of the product’s category changes, though its sessions did not', () => {
    const { model } = modelOf(catalog());
    // Seen later, A ranks first.
    model.learn(session('S1', ['B', 'A']));
    expect(model.popular('dresses')).toEqual(['A', 'B']);
    const before = model.stampOf('A', 'dresses');
    model.learn(session('S2', ['B:purchase'], 10));
    expect(model.popular('dresses')).toEqual(['B', 'A']);
    expect(model.stampOf('A', 'dresses')).toBeGreaterThan(before);
  });

  it('change when a product of its sessions is forgotten', () => {
    const { model, categoryOf } = modelOf(catalog());
    model.learn(session('S1', ['A', 'C']));
    const before = model.stampOf('A', 'dresses');
    model.forget(['C'], categoryOf);
    expect(model.stampOf('A', 'dresses')).toBeGreaterThan(before);
  });

  it('change for every product when a relearning finishes, even on the same history; not when one is abandoned', () => {
    const { model } = modelOf(catalog());
    const history = session('S1', ['A', 'B']);
    model.learn(history);
    const before = model.stampOf('A', 'dresses');
    const overall = model.stampOf(undefined, undefined);
    const abandoned = model.relearn();
    abandoned.learn(history);
    abandoned.abandon();
    expect(model.stampOf('A', 'dresses')).toBe(before);
    expect(model.stampOf(undefined, undefined)).toBe(overall);
    const finished = model.relearn();
    finished.learn(history);
    finished.finish();
    expect(model.stampOf('A', 'dresses')).toBeGreaterThan(before);
    expect(model.stampOf('UNKNOWN', undefined)).toBeGreaterThan(before);
    expect(model.stampOf(undefined, undefined)).toBeGreaterThan(overall);
    expect(together(model, 'A')).toEqual(['B']);
  });
});

describe('the behaviour model: learning afresh', () => {
  it('keeps answering and learning from what it knew until the new learning is finished, which then replaces it', () => {
    const { model } = modelOf();
    model.learn(session('OLD', ['A', 'GONE']));
    const learning = model.relearn();
    learning.learn(session('S1', ['A', 'B']));
    expect(together(model, 'A')).toEqual(['GONE']);
    model.learn(session('LIVE', ['A', 'C'], 120));
    expect(together(model, 'A')).toEqual(['C', 'GONE']);
    learning.finish();
    // The history, then the live events held meanwhile; what is no longer in the history is gone.
    expect(together(model, 'A')).toEqual(['B', 'C']);
    expect(together(model, 'GONE')).toEqual([]);
    expect(model.sessionProducts('OLD', t(1))).toEqual([]);
  });

  it('learns an event both read in the history and held live once in sessions and shoppers’ histories', () => {
    const history = [...session('S1', ['A', 'B', 'A:add_to_cart'], 0, 'up_ana'), ...session('S2', ['B', 'C'], 5)];
    const live = session('S3', ['A', 'C'], 30, 'up_ana');
    const { model } = modelOf();
    const learning = model.relearn();
    model.learn(live);
    learning.learn([...history, ...live]);
    learning.finish();
    const { model: once } = modelOf();
    once.learn([...history, ...live]);
    const knowledge = (m: BehaviourModel) => ({
      products: ['A', 'B', 'C'].map((id) => [id, m.evidence(id), together(m, id)]),
      sessions: ['S1', 'S2', 'S3'].map((id) => m.sessionProducts(id, t(31))),
    });
    expect(knowledge(model)).toEqual(knowledge(once));
    expect(knowledge(model).sessions).toEqual([
      ['B', 'A'],
      ['B', 'C'],
      ['A', 'C'],
    ]);
    expect(model.user('up_ana')?.recent).toEqual(once.user('up_ana')?.recent);
    expect(model.user('up_ana')?.purchased).toEqual(once.user('up_ana')?.purchased);
  });

  it('learns the live events held after the history in time order, whatever order they came in', () => {
    const { model } = modelOf();
    const learning = model.relearn();
    const [first, second] = session('LIVE', ['A', 'B'], 60);
    model.learn([second!]);
    model.learn([first!]);
    // Learnt as they came, meanwhile.
    expect(model.sessionProducts('LIVE', t(61))).toEqual(['B', 'A']);
    learning.learn(session('S1', ['X', 'Y']));
    learning.finish();
    expect(model.sessionProducts('LIVE', t(61))).toEqual(['A', 'B']);
    expect(together(model, 'A')).toEqual(['B']);
    expect(together(model, 'X')).toEqual(['Y']);
  });

  it('ignores a learning that was abandoned or replaced by a newer one', () => {
    const { model } = modelOf();
    model.learn(session('S0', ['A', 'B']));
    const abandoned = model.relearn();
    abandoned.learn(session('S1', ['A', 'C']));
    abandoned.abandon();
    abandoned.finish();
    expect(together(model, 'A')).toEqual(['B']);
    const replaced = model.relearn();
    const newer = model.relearn();
    replaced.learn(session('S2', ['A', 'D']));
    replaced.finish();
    replaced.abandon();
    expect(together(model, 'A')).toEqual(['B']);
    newer.learn(session('S3', ['A', 'E']));
    newer.finish();
    expect(together(model, 'A')).toEqual(['E']);
  });

  it('forgets a shopper erased while it learns: in what it knows, in the history read so far and in the live events held', () => {
    const { model } = modelOf();
    model.learn(session('S0', ['A', 'Z'], 0, 'up_ana'));
    const learning = model.relearn();
    learning.learn(session('S1', ['B:purchase', 'Y'], 1, 'up_ana'));
    model.learn(session('S2', ['C:purchase', 'X'], 2, 'up_ana'));
    model.learn(session('S3', ['D'], 3, 'up_bia'));
    model.forgetUser('up_ana');
    expect(model.user('up_ana')).toBeUndefined();
    expect(model.sessionProducts('S0', t(1))).toEqual([]);
    learning.finish();
    expect(model.user('up_ana')).toBeUndefined();
    for (const id of ['S0', 'S1', 'S2']) expect(model.sessionProducts(id, t(4))).toEqual([]);
    expect(model.evidence('B')).toBe(0);
    expect(model.evidence('C')).toBe(0);
    expect(recentOf(model, 'up_bia')).toEqual(['D']);
    expect(model.sessionProducts('S3', t(4))).toEqual(['D']);
  });

  it('does not bring back a shopper erased while it learns from a page of history read before the erasure', () => {
    const { model } = modelOf();
    const learning = model.relearn();
    model.forgetUser('up_ana');
    learning.learn([...session('S1', ['A:purchase', 'Z'], 0, 'up_ana'), ...session('S2', ['B'], 1, 'up_bia')]);
    // What she does after the erasure is learnt live, and kept.
    model.learn(session('S3', ['C'], 5, 'up_ana'));
    learning.finish();
    expect(recentOf(model, 'up_ana')).toEqual(['C']);
    expect(model.user('up_ana')?.purchased.size).toBe(0);
    expect(model.sessionProducts('S1', t(5))).toEqual([]);
    expect(model.sessionProducts('S3', t(5))).toEqual(['C']);
    expect(recentOf(model, 'up_bia')).toEqual(['B']);
  });

  it('forgets products removed while it learns, in the new learning too', () => {
    const { model, catalog, categoryOf } = modelOf(
      new Map([
        ['A', 'dresses'],
        ['B', 'dresses'],
        ['C', 'dresses'],
      ]),
    );
    const learning = model.relearn();
    learning.learn(session('S1', ['A', 'B:purchase', 'C']));
    model.forget(['B'], categoryOf);
    catalog.delete('B');
    learning.finish();
    expect(together(model, 'A')).toEqual(['C']);
    expect(model.evidence('B')).toBe(0);
    // C, seen after A, ranks first.
    expect(model.popular('dresses')).toEqual(['C', 'A']);
    expect(model.popular(EVERY_PRODUCT)).toEqual(['C', 'A']);
  });
});
