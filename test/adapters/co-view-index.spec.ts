import { describe, expect, it } from 'vitest';
import { CoViewIndex, type BehaviourEvent } from '../../src/adapters/similarity/co-view-index.js';

const T0 = Date.parse('2026-11-21T12:00:00.000Z');
const MINUTE = 60_000;

/** A session's events, one a minute from `start`: `A` is a view, `A:add_to_cart` a cart, and so on. */
function session(sessionId: string, products: readonly string[], start = T0): BehaviourEvent[] {
  return products.map((spec, i) => {
    const [productId = '', type = 'view'] = spec.split(':');
    return { sessionId, productId, type, at: start + i * MINUTE };
  });
}

function ids(index: CoViewIndex, productId: string, k = 10): string[] {
  return index.neighbours(productId, k).map((n) => n.productId);
}

/** A deterministic random source (mulberry32), for generated histories. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sessions over 60 products where neighbours by number (P-3 and P-4) go together more often. */
function history(seed: number, sessions: number): BehaviourEvent[][] {
  const next = random(seed);
  const types = ['view', 'view', 'view', 'add_to_cart', 'purchase'];
  return Array.from({ length: sessions }, (_, s) => {
    let current = Math.floor(next() * 60);
    const length = 2 + Math.floor(next() * 6);
    return Array.from({ length }, (_, i) => {
      current = next() < 0.6 ? (current + 1) % 60 : Math.floor(next() * 60);
      const type = types[Math.floor(next() * types.length)]!;
      return { sessionId: `S-${s}`, productId: `P-${current}`, type, at: T0 + s * 1_000 + i * MINUTE };
    });
  });
}

function everyList(index: CoViewIndex): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let p = 0; p < 60; p++) out[`P-${p}`] = [index.evidence(`P-${p}`), index.neighbours(`P-${p}`, 100)];
  return out;
}

describe('the co-view index: products of a session co-occur', () => {
  it('pairs the products a session saw, both ways, and nothing across sessions', () => {
    const index = new CoViewIndex();
    index.addAll([...session('S1', ['A', 'B', 'C']), ...session('S2', ['D', 'E'])]);
    expect(ids(index, 'A')).toEqual(['B', 'C']);
    expect(ids(index, 'C')).toEqual(['A', 'B']);
    expect(ids(index, 'D')).toEqual(['E']);
    expect(ids(index, 'UNKNOWN')).toEqual([]);
    expect(index.neighbours('A', 1).map((n) => n.productId)).toEqual(['B']);
  });

  it('pairs only products seen within the window of each other', () => {
    const index = new CoViewIndex({ windowMs: 30 * MINUTE });
    index.addAll([
      { sessionId: 'S1', productId: 'A', type: 'view', at: T0 },
      { sessionId: 'S1', productId: 'B', type: 'view', at: T0 + 30 * MINUTE },
      { sessionId: 'S1', productId: 'C', type: 'view', at: T0 + 31 * MINUTE },
    ]);
    expect(ids(index, 'A')).toEqual(['B']);
    expect(ids(index, 'B')).toEqual(['A', 'C']);
    expect(ids(index, 'C')).toEqual(['B']);
  });

  it('counts a session once however often it shows a product again, and as evidence only when it paired the product', () => {
    const index = new CoViewIndex();
    index.addAll(session('S1', ['A', 'B', 'A', 'B', 'A']));
    index.addAll(session('S2', ['A']));
    index.addAll(session('S3', ['B', 'A']));
    expect(index.evidence('A')).toBe(2);
    expect(index.evidence('B')).toBe(2);
    expect(index.evidence('UNKNOWN')).toBe(0);
    // co = 2 (two sessions, views), n(A) = 3, n(B) = 2: 2/√6 × 2/(2+3).
    expect(index.neighbours('A', 1)[0]!.score).toBeCloseTo((2 / Math.sqrt(6)) * (2 / 5), 12);
  });

  it('ignores event types without a weight (a recommendation click) and counts them', () => {
    const index = new CoViewIndex();
    index.addAll([...session('S1', ['A']), { sessionId: 'S1', productId: 'B', type: 'recommendation_click', at: T0 + MINUTE }]);
    expect(ids(index, 'A')).toEqual([]);
    expect(index.stats).toMatchObject({ events: 1, ignored: 1 });
  });
});

describe('the co-view index: weights and scores', () => {
  it('weighs a pair by the strongest event of each product: view 1, cart 3, purchase 5', () => {
    const index = new CoViewIndex({ shrinkage: 0 });
    index.addAll(session('S1', ['A', 'B:view', 'B:add_to_cart', 'B:purchase', 'B:view']));
    index.addAll(session('S2', ['A']));
    // co = 1·5, n(A) = 2, n(B) = 25: a cosine of 5/√50, whatever the order of B's events.
    expect(index.neighbours('A', 1)[0]!.score).toBeCloseTo(5 / Math.sqrt(50), 12);
    const reordered = new CoViewIndex({ shrinkage: 0 });
    reordered.addAll(session('S1', ['B:purchase', 'B:view', 'A', 'B:add_to_cart']));
    reordered.addAll(session('S2', ['A']));
    expect(reordered.neighbours('A', 1)).toEqual(index.neighbours('A', 1));
  });

  it('ranks a product carted with this one above one only viewed with it', () => {
    const index = new CoViewIndex();
    index.addAll(session('S1', ['A', 'VIEWED']));
    index.addAll(session('S2', ['A', 'CARTED:add_to_cart']));
    index.addAll([...session('S3', ['VIEWED']), ...session('S4', ['CARTED'])]);
    expect(ids(index, 'A')).toEqual(['CARTED', 'VIEWED']);
  });

  it('takes weights of its own', () => {
    const index = new CoViewIndex({ weights: { view: 1, wishlist: 4 } });
    index.addAll(session('S1', ['A', 'VIEWED']));
    index.addAll(session('S2', ['A', 'WISHED:wishlist', 'CARTED:add_to_cart']));
    index.addAll([...session('S3', ['VIEWED']), ...session('S4', ['WISHED'])]);
    expect(ids(index, 'A')).toEqual(['WISHED', 'VIEWED']);
  });

  it('normalises: a product in every session does not top the lists of products with a partner of their own', () => {
    const index = new CoViewIndex();
    let s = 0;
    // POPULAR is in 200 sessions; A is with it in 6 of its 10 sessions and with B in 3.
    for (let i = 0; i < 194; i++) index.addAll(session(`S${s++}`, [`OTHER-${i}`, 'POPULAR']));
    for (let i = 0; i < 6; i++) index.addAll(session(`S${s++}`, ['A', 'POPULAR']));
    for (let i = 0; i < 3; i++) index.addAll(session(`S${s++}`, ['A', 'B']));
    index.addAll(session(`S${s++}`, ['A']));
    expect(ids(index, 'A')).toEqual(['B', 'POPULAR']);
    expect(ids(index, 'POPULAR', 1)).toEqual(['A']);
  });

  it('shrinks pairs seen rarely: without shrinkage a one-session coincidence wins, with it the pair seen often does', () => {
    const feed = (index: CoViewIndex) => {
      let s = 0;
      index.addAll(session(`S${s++}`, ['B', 'ONE-OFF']));
      for (let i = 0; i < 6; i++) index.addAll(session(`S${s++}`, ['B', 'FREQUENT']));
      for (let i = 0; i < 40; i++) index.addAll(session(`S${s++}`, ['FREQUENT']));
    };
    const raw = new CoViewIndex({ shrinkage: 0 });
    const shrunk = new CoViewIndex({ shrinkage: 3 });
    feed(raw);
    feed(shrunk);
    // n(B) = 7. Cosines: ONE-OFF 1/√7 ≈ 0.378, FREQUENT 6/√(7·46) ≈ 0.334.
    expect(ids(raw, 'B')).toEqual(['ONE-OFF', 'FREQUENT']);
    expect(raw.neighbours('B', 1)[0]!.score).toBeCloseTo(1 / Math.sqrt(7), 12);
    // Shrunk: ONE-OFF × 1/(1+3), FREQUENT × 6/(6+3).
    expect(ids(shrunk, 'B')).toEqual(['FREQUENT', 'ONE-OFF']);
    expect(shrunk.neighbours('B', 1)[0]!.score).toBeCloseTo((6 / Math.sqrt(7 * 46)) * (6 / 9), 12);
  });

  it('breaks ties by id, whatever order the products came in', () => {
    const index = new CoViewIndex();
    index.addAll(session('S1', ['A', 'Z', 'M', 'B']));
    expect(ids(index, 'A')).toEqual(['B', 'M', 'Z']);
  });
});

describe('the co-view index: bounds', () => {
  it('remembers at most maxProductsPerSession products of a session, so a crawler costs O(n), not O(n²)', () => {
    const index = new CoViewIndex({ maxProductsPerSession: 10, maxEventsPerSession: 10_000 });
    const crawl = Array.from({ length: 1_000 }, (_, i) => ({ sessionId: 'BOT', productId: `P-${i}`, type: 'view', at: T0 + i }));
    index.addAll(crawl);
    // Each product pairs with the 9 before it and the 9 after it.
    expect(index.stats.pairs).toBe(2 * (9 * 1_000 - (9 * 10) / 2));
    expect(ids(index, 'P-500', 100)).toHaveLength(18);
    expect(ids(index, 'P-0', 100)).not.toContain('P-10');
  });

  it('ignores a session’s events beyond maxEventsPerSession', () => {
    const index = new CoViewIndex({ maxEventsPerSession: 3 });
    index.addAll(session('BOT', ['A', 'B', 'C', 'D', 'E']));
    expect(ids(index, 'A')).toEqual(['B', 'C']);
    expect(index.evidence('D')).toBe(0);
    expect(index.stats).toMatchObject({ events: 3, ignored: 2 });
  });

  it('keeps between maxPairsPerProduct and 1.5 times as many partners, the strongest kept when cut', () => {
    const index = new CoViewIndex({ maxPairsPerProduct: 20 });
    let s = 0;
    for (let i = 0; i < 10; i++) for (let r = 0; r <= i; r++) index.addAll(session(`S${s++}`, ['HUB', `STRONG-${i}`]));
    for (let i = 0; i < 500; i++) index.addAll(session(`S${s++}`, ['HUB', `WEAK-${i}`]));
    const partners = ids(index, 'HUB', 100);
    expect(partners.length).toBeGreaterThanOrEqual(20);
    expect(partners.length).toBeLessThan(30);
    expect(partners.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `STRONG-${9 - i}`));
  });

  it('answers at most maxNeighbours', () => {
    const index = new CoViewIndex({ maxNeighbours: 3 });
    index.addAll(session('S1', ['A', 'B', 'C', 'D', 'E', 'F']));
    expect(ids(index, 'A', 10)).toEqual(['B', 'C', 'D']);
  });

  it('forgets sessions idle longer than the TTL behind the newest event, checked a quarter of the TTL apart', () => {
    const index = new CoViewIndex({ sessionTtlMs: 60 * MINUTE });
    for (let i = 0; i < 5; i++) index.addAll(session(`S${i}`, ['A'], T0 + i * MINUTE));
    const newSession = (sessionId: string, minutes: number) =>
      index.add({ sessionId, productId: 'C', type: 'view', at: T0 + minutes * MINUTE });
    newSession('LATER', 62);
    // S0 and S1 are over an hour behind.
    expect(index.stats.sessions).toBe(4);
    newSession('LATEST', 70);
    expect(index.stats.sessions).toBe(5);
    newSession('LAST', 78);
    expect(index.stats.sessions).toBe(3);
    // S0 was forgotten: its next product does not pair with A.
    index.add({ sessionId: 'S0', productId: 'D', type: 'view', at: T0 + 30 * MINUTE });
    expect(ids(index, 'D')).toEqual([]);
  });

  it('keeps at most maxSessions, forgetting the least recently active tenth at the cap', () => {
    const index = new CoViewIndex({ maxSessions: 20 });
    for (let i = 0; i < 20; i++) index.addAll(session(`S${i}`, ['A'], T0 + i * 1_000));
    expect(index.stats.sessions).toBe(20);
    index.add({ sessionId: 'S0', productId: 'B', type: 'view', at: T0 + 30_000 });
    index.add({ sessionId: 'NEW', productId: 'C', type: 'view', at: T0 + 31_000 });
    expect(index.stats.sessions).toBe(19);
    // S0 was active again, so S1 and S2 went: S1's next product pairs with nothing, S0's with A and B.
    index.add({ sessionId: 'S1', productId: 'D', type: 'view', at: T0 + 32_000 });
    index.add({ sessionId: 'S0', productId: 'E', type: 'view', at: T0 + 33_000 });
    expect(ids(index, 'D')).toEqual([]);
    expect(ids(index, 'E')).toEqual(['B', 'A']);
  });

  it('starts a session afresh when its own next event comes after the TTL', () => {
    const index = new CoViewIndex({ windowMs: 5 * 60 * MINUTE, sessionTtlMs: 60 * MINUTE });
    index.add({ sessionId: 'S1', productId: 'A', type: 'view', at: T0 });
    index.add({ sessionId: 'S1', productId: 'B', type: 'view', at: T0 + 2 * 60 * MINUTE });
    expect(ids(index, 'A')).toEqual([]);
  });

  it('estimates its bytes, growing with what it holds', () => {
    const index = new CoViewIndex();
    const empty = index.stats.bytes;
    for (const events of history(7, 500)) index.addAll(events);
    expect(index.stats.bytes).toBeGreaterThan(empty);
    expect(index.stats.bytes).toBeLessThan(empty + 2_000_000);
  });
});

describe('the co-view index: forgetting products', () => {
  it('removes a product from every list, with its evidence, and lets it start again from nothing', () => {
    const index = new CoViewIndex();
    index.addAll(session('S1', ['A', 'B', 'C']));
    index.remove('B');
    expect(ids(index, 'A')).toEqual(['C']);
    expect(ids(index, 'B')).toEqual([]);
    expect(index.evidence('B')).toBe(0);
    // The session forgot it too: B seen again pairs only with what comes after.
    index.addAll(session('S1', ['B'], T0 + 5 * MINUTE));
    index.remove('UNKNOWN');
    expect(ids(index, 'B')).toEqual(['A', 'C']);
  });

  it('sweeps removed products out of lists that kept them one-sidedly, and reuses their slots without ghosts', () => {
    const index = new CoViewIndex({ maxPairsPerProduct: 4 });
    let s = 0;
    // STAR pairs with 300 products and keeps only the strongest few; each of them keeps STAR.
    for (let i = 0; i < 300; i++) index.addAll(session(`S${s++}`, ['STAR', `FAN-${i}`]));
    for (let i = 0; i < 300; i++) index.remove(`FAN-${i}`);
    expect(ids(index, 'STAR')).toEqual([]);
    for (let i = 0; i < 300; i++) index.addAll(session(`S${s++}`, [`NEW-${i}`]));
    expect(ids(index, 'STAR')).toEqual([]);
    for (let i = 0; i < 300; i++) expect(ids(index, `NEW-${i}`)).toEqual([]);
  });

  it('returns to its own sizes once products it learnt are removed again', () => {
    const index = new CoViewIndex({ sessionTtlMs: MINUTE });
    index.addAll(session('BASE', ['A', 'B']));
    const before = index.stats;
    for (let round = 0; round < 20; round++) {
      const batch = Array.from({ length: 100 }, (_, i) => `R${round}-${i}`);
      index.addAll(session(`R${round}`, batch, T0 + (round + 1) * 1_000 * MINUTE));
      for (const id of batch) index.remove(id);
    }
    expect(ids(index, 'A')).toEqual(['B']);
    expect(index.stats).toMatchObject({ products: 2, pairs: before.pairs });
  });
});

describe('the co-view index: determinism', () => {
  it('gives the same lists fed the same events, one at a time with reads between or in one batch', () => {
    const sessions = history(42, 400);
    const batch = new CoViewIndex();
    batch.addAll(sessions.flat());
    const incremental = new CoViewIndex();
    for (const events of sessions) {
      for (const event of events) {
        incremental.add(event);
        incremental.neighbours(event.productId, 5);
      }
    }
    expect(everyList(incremental)).toEqual(everyList(batch));
  });

  it('gives the same lists whatever order sessions interleave in (integer weights, no list cut)', () => {
    const sessions = history(9, 400);
    const inOrder = new CoViewIndex();
    inOrder.addAll(sessions.flat());
    // Round-robin over the sessions: each keeps its own order, the sessions arrive interleaved.
    const interleaved = new CoViewIndex();
    const longest = Math.max(...sessions.map((s) => s.length));
    for (let i = 0; i < longest; i++) for (const events of [...sessions].reverse()) if (events[i]) interleaved.add(events[i]!);
    expect(everyList(interleaved)).toEqual(everyList(inOrder));
    expect(everyList(inOrder)['P-3']).not.toEqual([0, []]);
  });
});

describe('the co-view index: the version of a product', () => {
  it('is 0 for a product never seen', () => {
    expect(new CoViewIndex().versionOf('UNKNOWN')).toBe(0);
  });

  it('changes for both products when a session pairs them', () => {
    const index = new CoViewIndex();
    index.addAll(session('S1', ['A']));
    const a = index.versionOf('A');
    index.addAll(session('S1', ['B'], T0 + MINUTE));
    expect(index.versionOf('A')).not.toBe(a);
    const b = index.versionOf('B');
    index.addAll(session('S2', ['B', 'A'], T0 + 2 * MINUTE));
    expect(index.versionOf('B')).not.toBe(b);
  });

  it('changes when a stronger event raises the product in a session that paired it', () => {
    const index = new CoViewIndex();
    index.addAll(session('S1', ['A', 'B']));
    const a = index.versionOf('A');
    index.addAll(session('S1', ['B:add_to_cart'], T0 + 2 * MINUTE));
    expect(index.versionOf('A')).not.toBe(a);
  });

  it('stays the same for events that do not touch the product: other sessions, a repeated view, an event without a weight', () => {
    const index = new CoViewIndex();
    index.addAll(session('S1', ['A', 'B']));
    const a = index.versionOf('A');
    index.addAll(session('S2', ['C', 'D']));
    index.addAll(session('S1', ['A', 'B'], T0 + 2 * MINUTE));
    index.addAll(session('S1', ['A:recommendation_click'], T0 + 4 * MINUTE));
    expect(index.versionOf('A')).toBe(a);
  });

  it('changes when a partner is removed, and not when an unrelated product is', () => {
    const index = new CoViewIndex();
    index.addAll([...session('S1', ['A', 'B']), ...session('S2', ['C', 'D'])]);
    const a = index.versionOf('A');
    index.remove('C');
    expect(index.versionOf('A')).toBe(a);
    index.remove('B');
    expect(index.versionOf('A')).not.toBe(a);
    expect(index.versionOf('B')).toBe(0);
  });
});
