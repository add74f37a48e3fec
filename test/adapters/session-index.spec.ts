import { describe, expect, it } from 'vitest';
import { ChangeCounter } from '../../src/adapters/similarity/change-counter.js';
import { SessionIndex, type SessionIndexSettings } from '../../src/adapters/similarity/session-index.js';
import type { NeighbourSessions, SessionQuery } from '../../src/domain/product/session-neighbours.js';
import { T0 } from '../support/mothers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const GAP = 30 * MINUTE;

/** The instant `m` minutes after T0, in epoch milliseconds. */
const t = (m: number) => T0.getTime() + m * MINUTE;

/** Views weigh 1, carts 2, purchases 4; recommendation clicks have no weight, and `ignored` weighs 0. */
function indexOf(settings: Partial<SessionIndexSettings> = {}): SessionIndex {
  return new SessionIndex({
    eventWeights: { view: 1, add_to_cart: 2, purchase: 4, ignored: 0 },
    popularityHalfLifeMs: HOUR,
    visitGapMs: GAP,
    sessionsPerProduct: 10,
    ...settings,
  });
}

/** One event: `A` is a view of A, `A:purchase` a purchase, at `at` epoch ms. */
function add(index: SessionIndex, sessionId: string, spec: string, at: number, userId?: string): void {
  const [productId = '', type = 'view'] = spec.split(':');
  index.add({ sessionId, productId, type, at, userId });
}

/** A session's events, one a minute from `start` minutes after T0. */
function visit(index: SessionIndex, sessionId: string, specs: readonly string[], start = 0, userId?: string): void {
  specs.forEach((spec, i) => add(index, sessionId, spec, t(start + i), userId));
}

/** The neighbour sessions as readable rows: each product with the step it was last seen at. */
function rows(answer: NeighbourSessions) {
  return Array.from({ length: answer.count }, (_, s) => {
    const from = answer.start[s]!;
    const to = answer.start[s + 1]!;
    return {
      products: answer.products
        .slice(from, to)
        .map((id, j) => `${id}@${answer.steps[from + j]}`)
        .join(' '),
      similarity: answer.similarity[s]!,
      anchor: answer.anchorStep[s]!,
    };
  });
}

/** Only the products of each neighbour session, best first. */
const sessionsFound = (answer: NeighbourSessions) => rows(answer).map((row) => row.products.replace(/@\d+/g, ''));

const query = (products: readonly string[], weights: readonly number[] = products.map(() => 1)): SessionQuery => ({
  products,
  weights,
});

describe('the session index: visits', () => {
  it('keeps an event exactly visitGapMs after the last one in the same visit, measured from the last event', () => {
    const index = indexOf();
    add(index, 'S1', 'A', t(0));
    add(index, 'S1', 'B', t(0) + GAP);
    add(index, 'S1', 'C', t(0) + 2 * GAP);
    expect(index.sessionProducts('S1', t(0) + 2 * GAP)).toEqual(['A', 'B', 'C']);
    expect(index.stats.sessions).toBe(1);
    expect(index.evidence('A')).toBe(1);
  });

  it('starts a new visit for an event 1 ms more than visitGapMs after the last one', () => {
    const index = indexOf();
    add(index, 'S1', 'A', t(0));
    add(index, 'S1', 'B', t(0) + GAP + 1);
    expect(index.sessionProducts('S1', t(0) + GAP + 1)).toEqual(['B']);
    expect(index.stats.sessions).toBe(2);
    // Two visits of one product each: neither saw another product.
    expect(index.evidence('A')).toBe(0);
    expect(index.evidence('B')).toBe(0);
  });

  it('gives a session’s products each once, in the order last seen, oldest first', () => {
    const index = indexOf();
    visit(index, 'S1', ['A', 'B', 'A', 'C:add_to_cart']);
    expect(index.sessionProducts('S1', t(3))).toEqual(['B', 'A', 'C']);
    expect(index.sessionProducts('UNKNOWN', t(3))).toEqual([]);
  });

  it('gives none once the visit is older than visitGapMs at now, unless it holds the current product', () => {
    const index = indexOf();
    visit(index, 'S1', ['A', 'B']);
    const last = t(1);
    expect(index.sessionProducts('S1', last + GAP)).toEqual(['A', 'B']);
    expect(index.sessionProducts('S1', last + GAP + 1)).toEqual([]);
    expect(index.sessionProducts('S1', last + GAP + 1, 'A')).toEqual(['A', 'B']);
    expect(index.sessionProducts('S1', last + GAP + 1, 'Z')).toEqual([]);
  });

  it('does not reorder a visit for an event older than the one that last set a product’s place (late, or learnt twice)', () => {
    const index = indexOf();
    visit(index, 'S', ['A', 'C', 'A', 'D']);
    expect(index.sessionProducts('S', t(3))).toEqual(['C', 'A', 'D']);
    // C's and A's events again, as a relearning reads them after they were held live.
    add(index, 'S', 'C', t(1));
    add(index, 'S', 'A', t(2));
    expect(index.sessionProducts('S', t(3))).toEqual(['C', 'A', 'D']);
    // A view of C later than D's moves C last.
    add(index, 'S', 'C', t(4));
    expect(index.sessionProducts('S', t(4))).toEqual(['A', 'D', 'C']);
  });

  it('keeps the maxProductsPerSession first products of a visit, and ignores events past maxEventsPerSession', () => {
    const index = indexOf({ maxProductsPerSession: 2, maxEventsPerSession: 4 });
    visit(index, 'S1', ['A', 'B', 'C', 'A', 'D']);
    expect(index.sessionProducts('S1', t(4))).toEqual(['B', 'A']);
    expect(index.evidence('C')).toBe(0);
    expect(index.stats).toMatchObject({ events: 4, ignored: 1 });
    expect(index.popularityOf('D')).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('the session index: evidence', () => {
  it('counts the sessions that saw a product with another: none for one product, both at the second', () => {
    const index = indexOf();
    add(index, 'S1', 'A', t(0));
    expect(index.evidence('A')).toBe(0);
    add(index, 'S1', 'B', t(1));
    expect([index.evidence('A'), index.evidence('B')]).toEqual([1, 1]);
    add(index, 'S1', 'C', t(2));
    add(index, 'S1', 'A', t(3));
    expect([index.evidence('A'), index.evidence('B'), index.evidence('C')]).toEqual([1, 1, 1]);
    visit(index, 'S2', ['A', 'C'], 10);
    expect([index.evidence('A'), index.evidence('B'), index.evidence('C')]).toEqual([2, 1, 2]);
    expect(index.evidence('UNKNOWN')).toBe(0);
  });
});

describe('the session index: the nearest sessions', () => {
  /** S1 (A, B), S2 (C, A, D), S3 (C, B), S4 (X, Y): steps count from 1 in each visit. */
  function fourSessions(settings: Partial<SessionIndexSettings> = {}) {
    const index = indexOf(settings);
    visit(index, 'S1', ['A', 'B'], 0);
    visit(index, 'S2', ['C', 'A', 'D'], 10);
    visit(index, 'S3', ['C', 'B'], 20);
    visit(index, 'S4', ['X', 'Y'], 30);
    return index;
  }

  it('finds the sessions sharing the query’s products, best first by cosine, anchored at the heaviest shared product', () => {
    const index = fourSessions();
    // B seen before A (which is asked): B weighs 0.5, A 1; the query has 2 products.
    const found = rows(index.nearest(query(['B', 'A'], [0.5, 1]), 10, 10));
    expect(found.map(({ products, anchor }) => ({ products, anchor }))).toEqual([
      // (1 + 0.5) / √(2·2): shares both.
      { products: 'A@1 B@2', anchor: 1 },
      // 1 / √(2·3): shares A, at its step 2.
      { products: 'C@1 A@2 D@3', anchor: 2 },
      // 0.5 / √(2·2): shares B only.
      { products: 'C@1 B@2', anchor: 2 },
    ]);
    expect(found[0]!.similarity).toBeCloseTo(0.75, 6);
    expect(found[1]!.similarity).toBeCloseTo(1 / Math.sqrt(6), 6);
    expect(found[2]!.similarity).toBeCloseTo(0.25, 6);
  });

  it('anchors a session at the later product of the query when two shared products weigh the same', () => {
    const index = fourSessions();
    const [first] = rows(index.nearest(query(['A', 'B'], [1, 1]), 10, 10));
    expect(first).toMatchObject({ products: 'A@1 B@2', anchor: 2 });
    expect(first!.similarity).toBeCloseTo(1, 6);
  });

  it('gives at most k sessions, the best', () => {
    const index = fourSessions();
    expect(sessionsFound(index.nearest(query(['B', 'A'], [0.5, 1]), 2, 10))).toEqual(['A B', 'C A D']);
  });

  it('gives none for products no session holds', () => {
    const index = fourSessions();
    expect(index.nearest(query(['UNKNOWN']), 10, 10).count).toBe(0);
  });

  it('reads at most perProduct sessions of each product, the latest', () => {
    const index = indexOf();
    for (let n = 1; n <= 4; n++) visit(index, `R${n}`, ['P', `Q${n}`], 10 * n);
    const found = sessionsFound(index.nearest(query(['P']), 10, 2));
    expect(found.sort()).toEqual(['P Q3', 'P Q4']);
  });

  it('reads of each product of the query its weight’s share of perProduct sessions, the latest (at least one)', () => {
    const index = indexOf();
    for (let n = 1; n <= 4; n++) visit(index, `R${n}`, ['P', `Q${n}`], 10 * n);
    for (let n = 1; n <= 4; n++) visit(index, `T${n}`, ['E', `U${n}`], 100 + 10 * n);
    // E (seen before) weighs 0.5: 2 of its 4 sessions; P (asked) weighs 1: all 4.
    const found = sessionsFound(index.nearest(query(['E', 'P'], [0.5, 1]), 10, 4));
    expect(found.sort()).toEqual(['E U3', 'E U4', 'P Q1', 'P Q2', 'P Q3', 'P Q4']);
    expect(sessionsFound(index.nearest(query(['E', 'P'], [0.01, 1]), 10, 4)).filter((s) => s.startsWith('E'))).toEqual(['E U4']);
  });

  it('keeps the sessionsPerProduct latest sessions of each product', () => {
    const index = indexOf({ sessionsPerProduct: 3 });
    for (let n = 1; n <= 5; n++) visit(index, `R${n}`, ['P', `Q${n}`], 10 * n);
    expect(sessionsFound(index.nearest(query(['P']), 10, 10)).sort()).toEqual(['P Q3', 'P Q4', 'P Q5']);
    // Each Q still has its own session.
    expect(sessionsFound(index.nearest(query(['Q1']), 10, 10))).toEqual(['P Q1']);
  });

  it('leaves out the latest visit of the excluded session, not its earlier visits', () => {
    const index = indexOf();
    visit(index, 'S1', ['A', 'B'], 0);
    visit(index, 'S2', ['A', 'D'], 10);
    visit(index, 'S1', ['A', 'C'], 100);
    expect(sessionsFound(index.nearest(query(['A']), 10, 10)).sort()).toEqual(['A B', 'A C', 'A D']);
    expect(sessionsFound(index.nearest(query(['A']), 10, 10, 'S1')).sort()).toEqual(['A B', 'A D']);
    expect(sessionsFound(index.nearest(query(['A']), 10, 10, 'UNKNOWN')).sort()).toEqual(['A B', 'A C', 'A D']);
  });
});

describe('the session index: popularity', () => {
  it('decays by the half-life: an old heavy product ranks below a recent light one once it is worth less', () => {
    const index = indexOf();
    // OLD: a purchase (4) at 0. MID: a view (1) an hour later, when OLD is worth 2. NEW: a view three hours later, when OLD is worth 0.5.
    add(index, 'S1', 'OLD:purchase', t(0));
    add(index, 'S2', 'MID', t(60));
    add(index, 'S3', 'NEW', t(180));
    const ranked = [...index.ranked()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    expect(ranked).toEqual(['NEW', 'OLD', 'MID']);
    expect(index.popularityOf('NEW') - index.popularityOf('OLD')).toBeCloseTo(Math.log2(1 / 0.5), 9);
    expect(index.popularityOf('OLD') - index.popularityOf('MID')).toBeCloseTo(Math.log2(2 / 1), 9);
  });

  it('sums a product’s events, each decayed from its instant', () => {
    const index = indexOf();
    // TWICE: views at 0 and an hour later, 1/2 + 1 in the later hour's units; CART: a cart (2) an hour later.
    add(index, 'S1', 'TWICE', t(0));
    add(index, 'S1', 'TWICE', t(60));
    add(index, 'S2', 'CART:add_to_cart', t(60));
    expect(index.popularityOf('CART') - index.popularityOf('TWICE')).toBeCloseTo(Math.log2(2 / 1.5), 9);
  });

  it('ignores event types with no weight: no popularity, no session', () => {
    const index = indexOf();
    add(index, 'S1', 'A:recommendation_click', t(0));
    add(index, 'S1', 'B:ignored', t(1));
    expect(index.popularityOf('A')).toBe(Number.NEGATIVE_INFINITY);
    expect(index.popularityOf('B')).toBe(Number.NEGATIVE_INFINITY);
    expect([...index.ranked()]).toEqual([]);
    expect(index.sessionProducts('S1', t(1))).toEqual([]);
    expect(index.stats).toMatchObject({ products: 0, sessions: 0, events: 0, ignored: 2 });
  });
});

describe('the session index: forgetting', () => {
  it('forgets the oldest visit, and its evidence, beyond maxSessions', () => {
    const index = indexOf({ maxSessions: 2 });
    visit(index, 'S1', ['A', 'B'], 0);
    visit(index, 'S2', ['A', 'C'], 10);
    visit(index, 'S3', ['A', 'D'], 20);
    expect(index.stats.sessions).toBe(2);
    expect(index.sessionProducts('S1', t(1))).toEqual([]);
    expect([index.evidence('A'), index.evidence('B'), index.evidence('C')]).toEqual([2, 0, 1]);
    expect(sessionsFound(index.nearest(query(['A']), 10, 10)).sort()).toEqual(['A C', 'A D']);
    expect(index.nearest(query(['B']), 10, 10).count).toBe(0);
  });

  it('forgets every visit that named a shopper, also one that named them part-way', () => {
    const index = indexOf();
    add(index, 'S1', 'A', t(0));
    add(index, 'S1', 'B', t(1), 'up_ana');
    visit(index, 'S2', ['C', 'D'], 10, 'up_ana');
    visit(index, 'S2', ['C', 'H'], 100, 'up_ana');
    visit(index, 'S3', ['A', 'E'], 20, 'up_bia');
    visit(index, 'S4', ['A', 'F'], 30);
    index.forgetUser('up_ana');
    index.forgetUser('up_nobody');
    expect(index.stats.sessions).toBe(2);
    expect(index.sessionProducts('S1', t(1))).toEqual([]);
    expect(index.sessionProducts('S2', t(101))).toEqual([]);
    expect([index.evidence('A'), index.evidence('B'), index.evidence('C'), index.evidence('E')]).toEqual([2, 0, 0, 1]);
    expect(sessionsFound(index.nearest(query(['A']), 10, 10)).sort()).toEqual(['A E', 'A F']);
    expect(index.nearest(query(['C']), 10, 10).count).toBe(0);
    // The session goes on in a new visit.
    add(index, 'S1', 'G', t(2));
    expect(index.sessionProducts('S1', t(2))).toEqual(['G']);
  });

  it('takes a removed product out of every answer, and stamps the products of its sessions', () => {
    const counter = new ChangeCounter();
    const index = indexOf({ counter });
    visit(index, 'S1', ['A', 'B', 'C'], 0);
    visit(index, 'S2', ['B', 'A'], 10);
    visit(index, 'S3', ['X', 'Y'], 20);
    const before = { A: index.stampOf('A'), C: index.stampOf('C'), X: index.stampOf('X') };
    index.remove('B');
    index.remove('NEVER-SEEN');
    expect(sessionsFound(index.nearest(query(['A']), 10, 10)).sort()).toEqual(['A', 'A C']);
    expect(index.nearest(query(['B']), 10, 10).count).toBe(0);
    expect(index.sessionProducts('S1', t(2))).toEqual(['A', 'C']);
    expect(index.sessionProducts('S2', t(11))).toEqual(['A']);
    expect(index.evidence('B')).toBe(0);
    expect(index.popularityOf('B')).toBe(Number.NEGATIVE_INFINITY);
    expect([...index.ranked()].map(([id]) => id).sort()).toEqual(['A', 'C', 'X', 'Y']);
    expect(index.stats.products).toBe(4);
    expect(index.stampOf('B')).toBe(0);
    expect(index.stampOf('A')).toBeGreaterThan(before.A);
    expect(index.stampOf('C')).toBeGreaterThan(before.C);
    expect(index.stampOf('X')).toBe(before.X);
    // Seen again, it is a product like any other.
    add(index, 'S1', 'B', t(3));
    expect(index.sessionProducts('S1', t(3))).toEqual(['A', 'C', 'B']);
  });
});

describe('the session index: stamps', () => {
  it('changes the stamp of the products of a session that gets an event, not of unrelated products', () => {
    const counter = new ChangeCounter();
    const index = indexOf({ counter });
    visit(index, 'S1', ['A', 'B'], 0);
    visit(index, 'S2', ['C', 'D'], 10);
    const a = index.stampOf('A');
    const b = index.stampOf('B');
    const c = index.stampOf('C');
    expect(a).toBeGreaterThan(0);
    expect(index.stampOf('UNKNOWN')).toBe(0);

    visit(index, 'S2', ['E'], 12);
    expect([index.stampOf('A'), index.stampOf('B')]).toEqual([a, b]);
    expect(index.stampOf('C')).toBeGreaterThan(c);
    expect(index.stampOf('E')).toBe(index.stampOf('C'));

    // A seen again in its session changes the session's order: both its products are stamped.
    add(index, 'S1', 'A', t(2));
    expect(index.stampOf('A')).toBeGreaterThan(a);
    expect(index.stampOf('B')).toBe(index.stampOf('A'));

    // An event with no weight changes nothing; stamps are drawn from the counter given.
    const now = index.stampOf('A');
    add(index, 'S1', 'B:recommendation_click', t(3));
    expect(index.stampOf('A')).toBe(now);
    expect(counter.next()).toBeGreaterThan(now);
  });
});
