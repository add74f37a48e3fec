import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { SimilarityEngine } from '../../src/adapters/similarity/similarity-engine.js';
import { SimilarAnswers } from '../../src/application/product/similar-answers.js';
import type { ShopperEvent } from '../../src/domain/events/shopper-event.js';
import type { Product } from '../../src/domain/product/product.js';
import type { Recommendation, ShopperQuery } from '../../src/domain/product/similarity.js';
import { DEFAULT_SIMILARITY_POLICY, type SimilarityPolicy } from '../../src/domain/product/similarity-policy.js';
import { aPlainProduct, anEvent, T0 } from '../support/mothers.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

const item = aPlainProduct;

/**
 * Every number the assertions below depend on, spelt out (the defaults may be tuned): behaviour
 * from one session on, a reminder worth a best behavioural neighbour, no popularity unless a test
 * asks for it, a step away halving a product's score, visits an hour apart, a taste of 30 days.
 */
const POLICY: SimilarityPolicy = {
  ...DEFAULT_SIMILARITY_POLICY,
  neighbourSessions: 100,
  sessionsPerProduct: 100,
  sessionProducts: 20,
  sessionRecency: 0.5,
  stepDecay: 0.5,
  minEvidence: 1,
  reminderLift: 1,
  popularLift: 0,
  popularPool: 40,
  eventWeights: { view: 1, add_to_cart: 1, purchase: 1 },
  visitGapMs: 60 * MINUTE,
  tasteHorizonMs: 30 * DAY,
  shopperPool: 50,
};

/** Dresses that share words (content neighbours of HERO: V-CRU, V-AZUL, V-MIDI, MACACAO in that order), and products that share none. */
const CATALOG: readonly Product[] = [
  item('HERO', { name: 'Vestido linho areia', category: 'vestidos' }),
  item('V-CRU', { name: 'Vestido linho cru', category: 'vestidos' }),
  item('V-AZUL', { name: 'Vestido linho azul marinho', category: 'vestidos' }),
  item('V-MIDI', { name: 'Vestido midi', category: 'vestidos', brand: 'Trama' }),
  item('MACACAO', { name: 'Macacão', category: 'vestidos' }),
  item('BAG', { name: 'Bolsa couro', category: 'bolsas' }),
  item('SHOE', { name: 'Sandália rasteira', category: 'calcados' }),
  item('OUT', { name: 'Cinto trançado', available: false }),
  item('CURATED', { name: 'Saia plissada', category: 'saias', similar: ['CUR', 'GHOST', 'OUT'] }),
  item('CUR', { name: 'Blusa seda' }),
  item('SKIRT', { name: 'Bermuda', category: 'saias' }),
];

/** HERO's answer when nothing but the catalog speaks. */
const BASELINE = ['V-CRU', 'V-AZUL', 'V-MIDI', 'MACACAO'];

/** A real similarity index over the products (lists computed when read), and the answers composed over it. */
function world(products: readonly Product[] = CATALOG, policy: Partial<SimilarityPolicy> = {}) {
  const rules = { ...POLICY, ...policy };
  const engine = new SimilarityEngine({ background: false, policy: rules });
  engine.productsSaved(products);
  const answers = new SimilarAnswers(engine, rules);
  return { engine, answers };
}

const at = (ms: number) => new Date(T0.getTime() + ms);

let sessions = 0;

/** Sessions (anonymous) that see `productId` then `partner` a minute apart, `times` of them. */
function together(productId: string, partner: string, times = 1): ShopperEvent[] {
  return Array.from({ length: times }, () => visit(`S-${++sessions}`, [productId, partner])).flat();
}

/** One visit of a session: the products viewed a minute apart from `start` (ms after T0). */
function visit(sessionId: string, products: readonly string[], start = 0, userId?: string): ShopperEvent[] {
  return products.map((productId, i) => anEvent({ productId, sessionId, userId, at: at(start + i * MINUTE) }));
}

/** An answer as `id/source` pairs. */
const labelled = (found: Recommendation | undefined) => found?.ids.map((id, i) => `${id}/${found.from[i]}`);

describe('similar answers for everyone: the blend', () => {
  it('puts behavioural neighbours before the content neighbours, each product once', () => {
    const { engine, answers } = world();
    engine.learn([...together('HERO', 'BAG', 2), ...together('HERO', 'V-AZUL', 2)]);
    // BAG and V-AZUL score the same: ties by id.
    expect(labelled(answers.forEveryone('HERO', 10))).toEqual([
      'BAG/behaviour',
      'V-AZUL/behaviour',
      'V-CRU/content',
      'V-MIDI/content',
      'MACACAO/content',
    ]);
  });

  it('puts the curated list first, then behaviour, then the category; never an unknown or unavailable product', () => {
    const { engine, answers } = world();
    engine.learn([...together('CURATED', 'BAG', 2), ...together('CURATED', 'GHOST', 3), ...together('CURATED', 'OUT', 3)]);
    expect(labelled(answers.forEveryone('CURATED', 10))).toEqual(['CUR/curated', 'BAG/behaviour', 'SKIRT/category']);
  });

  it('puts behaviour before embedding neighbours, and tops up from the category', () => {
    const { engine, answers } = world([
      item('E-HERO', { category: 'tenis', embedding: [1, 0] }),
      item('E-NEAR', { embedding: [0.9, 0.1] }),
      item('E-FAR', { embedding: [0, 1] }),
      item('T-PLAIN', { category: 'tenis' }),
      item('SHOE', { name: 'Sandália rasteira' }),
    ]);
    engine.learn(together('E-HERO', 'SHOE', 2));
    expect(labelled(answers.forEveryone('E-HERO', 10))).toEqual([
      'SHOE/behaviour',
      'E-NEAR/embedding',
      'E-FAR/embedding',
      'T-PLAIN/category',
    ]);
  });

  it('uses behaviour only once the product was seen with another in minEvidence sessions; more sessions rank higher', () => {
    const { engine, answers } = world(CATALOG, { minEvidence: 2 });
    engine.learn(together('HERO', 'BAG'));
    expect(answers.forEveryone('HERO', 2)?.ids).toEqual(['V-CRU', 'V-AZUL']);
    engine.learn(together('HERO', 'BAG'));
    expect(answers.forEveryone('HERO', 2)?.ids).toEqual(['BAG', 'V-CRU']);
    engine.learn(together('HERO', 'SHOE', 3));
    expect(answers.forEveryone('HERO', 3)?.ids).toEqual(['SHOE', 'BAG', 'V-CRU']);
  });

  it('scores the category’s popular products with behaviour, before the catalog neighbours, by popularLift / place', () => {
    const { engine, answers } = world(CATALOG, { popularLift: 0.5 });
    engine.learn([
      ...visit('S-P1', ['V-MIDI']),
      ...visit('S-P2', ['V-MIDI']),
      ...visit('S-P3', ['MACACAO']),
      ...visit('S-P4', ['BAG']),
      ...visit('S-P5', ['BAG']),
      ...visit('S-P6', ['BAG']),
    ]);
    // BAG is the most popular of all, but not a dress.
    expect(labelled(answers.forEveryone('HERO', 4))).toEqual([
      'V-MIDI/popular',
      'MACACAO/popular',
      'V-CRU/content',
      'V-AZUL/content',
    ]);
    // Behaviour's best scores 1, the category's best popularLift: behaviour first.
    engine.learn(together('HERO', 'SHOE'));
    expect(labelled(answers.forEveryone('HERO', 3))).toEqual(['SHOE/behaviour', 'V-MIDI/popular', 'MACACAO/popular']);
  });

  it('keeps an answer while the index’s answer stamp stands, and makes it again when behaviour or the catalog changes', () => {
    const { engine, answers } = world();
    // Every list computed now (computing one may change others: the catalog's version moves).
    engine.computePendingNow();
    const first = answers.forEveryone('HERO', 10);
    expect(first?.ids).toEqual(BASELINE);
    const stamp = engine.answerStamp('HERO');
    expect(answers.forEveryone('HERO', 10)).toBe(first);
    // A click teaches nothing: the stamps stand, the answer is kept.
    engine.learn([anEvent({ type: 'recommendation_click', productId: 'V-MIDI' })]);
    expect(engine.answerStamp('HERO')).toBe(stamp);
    expect(answers.forEveryone('HERO', 10)).toBe(first);
    // A view of another category's product: HERO's own stamp stands, but its short answer was topped
    // up from what is popular overall, which moved: made again (the same, OUT being unavailable).
    engine.learn(visit('S-OUT', ['OUT']));
    expect(engine.answerStamp('HERO')).toBe(stamp);
    const again = answers.forEveryone('HERO', 10);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(answers.forEveryone('HERO', 10)).toBe(again);
    // Behaviour: new sessions saw HERO.
    engine.learn(together('HERO', 'BAG'));
    expect(engine.answerStamp('HERO')).toBeGreaterThan(stamp);
    expect(answers.forEveryone('HERO', 10)?.ids).toEqual(['BAG', ...BASELINE]);
    // The catalog: a new dress of linen.
    engine.productsSaved([item('V-LINHO', { name: 'Vestido linho', category: 'vestidos' })]);
    expect(answers.forEveryone('HERO', 10)?.ids).toContain('V-LINHO');
  });

  it('makes a short answer again when what is popular overall, which tops it up, changes', () => {
    const { engine, answers } = world();
    engine.computePendingNow();
    expect(answers.forEveryone('HERO', 10)?.ids).toEqual(BASELINE);
    engine.learn(visit('S-SHOE', ['SHOE']));
    expect(labelled(answers.forEveryone('HERO', 10))).toEqual([...BASELINE.map((id) => `${id}/content`), 'SHOE/popular']);
  });

  it('leaves out a neighbour that becomes unavailable or is removed, and takes in one that enters the catalog', () => {
    const { engine, answers } = world();
    engine.learn([...together('HERO', 'BAG', 2), ...together('HERO', 'GHOST', 2)]);
    expect(answers.forEveryone('HERO', 2)?.ids).toEqual(['BAG', 'V-CRU']);
    engine.productsSaved([item('BAG', { name: 'Bolsa couro', category: 'bolsas', available: false }), item('GHOST')]);
    expect(answers.forEveryone('HERO', 2)?.ids).toEqual(['GHOST', 'V-CRU']);
    engine.productsRemoved(['GHOST', 'V-CRU']);
    expect(answers.forEveryone('HERO', 10)?.ids).toEqual(['V-AZUL', 'V-MIDI', 'MACACAO']);
  });

  it('answers a product nobody browsed from the catalog (cold start), each its own, and from behaviour once sessions saw it', () => {
    const { engine, answers } = world();
    engine.learn(together('NEW', 'BAG', 2));
    expect(answers.forEveryone('NEW', 5)).toBeUndefined();
    expect(answers.knows('NEW')).toBe(false);
    engine.productsSaved([item('NEW', { name: 'Vestido linho novo', category: 'vestidos' })]);
    expect(answers.knows('NEW')).toBe(true);
    // Behaviour first, then its catalog neighbours (HERO and V-CRU score alike).
    const browsed = labelled(answers.forEveryone('NEW', 2))!;
    expect(browsed[0]).toBe('BAG/behaviour');
    expect(['HERO/content', 'V-CRU/content']).toContain(browsed[1]);
    engine.productsSaved([
      item('NEWER', { name: 'Vestido linho verde', category: 'vestidos' }),
      item('NEW-BAG', { name: 'Bolsa couro preta', category: 'bolsas' }),
    ]);
    // Its catalog neighbours (the three linen dresses score alike), then the top-up from what is popular overall.
    const dress = labelled(answers.forEveryone('NEWER', 10))!;
    expect(dress.slice(0, 3).sort()).toEqual(['HERO/content', 'NEW/content', 'V-CRU/content']);
    expect(dress.slice(3)).toEqual(['V-AZUL/content', 'V-MIDI/content', 'MACACAO/content', 'BAG/popular']);
    expect(labelled(answers.forEveryone('NEW-BAG', 10))).toEqual(['BAG/content', 'NEW/popular']);
  });

  it('answers a product without a category and without catalog neighbours from what is popular overall', () => {
    const { engine, answers } = world([...CATALOG, item('LONE', { name: 'Guarda-chuva' })]);
    engine.learn([
      ...visit('S-P1', ['SHOE']),
      ...visit('S-P2', ['BAG']),
      ...visit('S-P3', ['BAG']),
      ...visit('S-P4', ['OUT']),
      ...visit('S-P5', ['OUT']),
      ...visit('S-P6', ['OUT']),
    ]);
    expect(labelled(answers.forEveryone('LONE', 10))).toEqual(['BAG/popular', 'SHOE/popular']);
  });

  it('says where each product of an answer comes from, and nothing for a product not in it', () => {
    const { engine, answers } = world();
    engine.learn([...together('HERO', 'BAG', 2), ...together('CURATED', 'SHOE', 2)]);
    expect(answers.sourceOf('HERO', 'BAG')).toBe('behaviour');
    expect(answers.sourceOf('HERO', 'MACACAO')).toBe('content');
    expect(answers.sourceOf('CURATED', 'CUR')).toBe('curated');
    expect(answers.sourceOf('CURATED', 'SHOE')).toBe('behaviour');
    expect(answers.sourceOf('CURATED', 'SKIRT')).toBe('category');
    expect(answers.sourceOf('HERO', 'OUT')).toBeUndefined();
    expect(answers.sourceOf('HERO', 'HERO')).toBeUndefined();
    expect(answers.sourceOf('UNKNOWN', 'BAG')).toBeUndefined();
  });
});

describe('similar answers for a shopper: who they are', () => {
  const shopper = (query: Partial<ShopperQuery>): ShopperQuery => ({ now: T0, ...query });
  const ids = (answers: SimilarAnswers, query: Partial<ShopperQuery>, limit = 10) =>
    answers.forShopper('HERO', limit, shopper(query))?.ids;

  it('answers as for everyone when nothing is known of them: unknown or empty user, unknown session, no style', () => {
    const { engine, answers } = world();
    engine.learn([...together('HERO', 'BAG', 2), anEvent({ productId: 'V-MIDI', userId: 'up_ana', sessionId: 'S-ANA' })]);
    const everyone = answers.forEveryone('HERO', 10);
    expect(everyone?.ids).toEqual(['BAG', ...BASELINE]);
    for (const query of [
      { userId: 'up_nobody' },
      { userId: '' },
      { sessionId: 'S-NONE' },
      { sessionId: '' },
      { styleWords: ['Xadrez'] },
      {},
    ]) {
      expect(answers.forShopper('HERO', 10, shopper(query))).toEqual(everyone);
    }
  });

  it('leaves out what the shopper bought', () => {
    const { engine, answers } = world();
    engine.learn([anEvent({ type: 'purchase', productId: 'V-CRU', userId: 'up_ana', at: T0 })]);
    expect(ids(answers, { userId: 'up_ana' })).toEqual(['V-AZUL', 'V-MIDI', 'MACACAO']);
  });

  it('lifts the brands of the shopper’s events of the last tasteHorizonMs: an event exactly that old counts, 1 ms older does not', () => {
    const { engine, answers } = world();
    const clock = new FakeClock(T0);
    engine.learn([anEvent({ productId: 'V-MIDI', userId: 'up_ana', at: clock.now() })]);
    clock.advance(POLICY.tasteHorizonMs);
    expect(answers.forShopper('HERO', 10, { userId: 'up_ana', now: clock.now() })?.ids).toEqual([
      'V-MIDI',
      'V-CRU',
      'V-AZUL',
      'MACACAO',
    ]);
    // The pool re-ranked is larger than the limit: the shopper's brand comes up from the third place.
    expect(answers.forShopper('HERO', 1, { userId: 'up_ana', now: clock.now() })?.ids).toEqual(['V-MIDI']);
    clock.advance(1);
    expect(answers.forShopper('HERO', 10, { userId: 'up_ana', now: clock.now() })?.ids).toEqual(BASELINE);
  });

  /** Shirts of two brands, and a shopper who carted a Beta shirt (weight 3) at T0 and viewed an Alfa one (weight 1) a day later. */
  function shirts() {
    const { engine, answers } = world(
      [
        item('SHIRT', { name: 'Camisa algodão', category: 'camisas' }),
        item('ALFA', { name: 'Camisa algodão lisa', category: 'camisas', brand: 'Alfa' }),
        item('BETA', { name: 'Camisa algodão listrada', category: 'camisas', brand: 'Beta' }),
      ],
      { eventWeights: { view: 1, add_to_cart: 3, purchase: 5 } },
    );
    engine.learn([anEvent({ type: 'add_to_cart', productId: 'BETA', at: at(0) }), anEvent({ productId: 'ALFA', at: at(DAY) })]);
    const first = (ms: number) => answers.forShopper('SHIRT', 1, { userId: 'up_ana', now: at(ms) })?.ids[0];
    return { engine, answers, first };
  }

  it('works the shopper’s taste out again when they do something new', () => {
    const { engine, first } = shirts();
    expect(first(2 * DAY)).toBe('BETA');
    engine.learn(Array.from({ length: 6 }, (_, i) => anEvent({ productId: 'ALFA', at: at(2 * DAY + i) })));
    expect(first(2 * DAY)).toBe('ALFA');
  });

  it('works the shopper’s taste out again when an event it counted ages out, at exactly tasteHorizonMs and 1 ms more', () => {
    const { answers, first } = shirts();
    expect(first(2 * DAY)).toBe('BETA');
    expect(first(POLICY.tasteHorizonMs)).toBe('BETA');
    expect(first(POLICY.tasteHorizonMs + 1)).toBe('ALFA');
    // Once the view too is older than the horizon, no taste is left: the answer is everyone's.
    const everyone = answers.forEveryone('SHIRT', 2)!.ids;
    expect(everyone).toEqual(['ALFA', 'BETA']);
    expect(first(DAY + POLICY.tasteHorizonMs + 1)).toBe(everyone[0]);
  });

  it('lifts the products whose words hold the profile’s style words', () => {
    const { answers } = world();
    expect(ids(answers, { userId: 'up_nobody', styleWords: ['Azul marinho'] })).toEqual(['V-AZUL', 'V-CRU', 'V-MIDI', 'MACACAO']);
    expect(ids(answers, { styleWords: ['estilo midi'] })).toEqual(['V-MIDI', 'V-CRU', 'V-AZUL', 'MACACAO']);
  });

  it('matches a profile’s style words against the catalog as it is now, though the profile’s list of words is kept', () => {
    const { engine, answers } = world();
    // The profile cache hands out the same list of words for as long as it keeps the profile.
    const kept = ['Xadrez'];
    expect(ids(answers, { styleWords: kept })).toEqual(BASELINE);
    engine.productsSaved([item('V-XADREZ', { name: 'Macacão xadrez', category: 'vestidos' })]);
    expect(ids(answers, { styleWords: kept })).toEqual(ids(answers, { styleWords: ['Xadrez'] }));
    const everyone = answers.forEveryone('HERO', 10)!.ids;
    expect(everyone.indexOf('V-XADREZ')).toBe(4);
    expect(ids(answers, { styleWords: kept })?.indexOf('V-XADREZ')).toBeLessThan(4);
  });

  it('does not lift, for a style word, a product that came after the products holding the word left', () => {
    const { engine, answers } = world();
    const kept = ['Azul'];
    expect(ids(answers, { styleWords: kept })?.[0]).toBe('V-AZUL');
    engine.productsRemoved(['V-AZUL']);
    engine.productsSaved([item('V-VERDE', { name: 'Macacão verde oliva', category: 'vestidos' })]);
    expect(ids(answers, { styleWords: kept })).toEqual(answers.forEveryone('HERO', 10)?.ids);
  });

  it('keeps each product’s source with it when it re-ranks', () => {
    const { engine, answers } = world();
    engine.learn([...together('HERO', 'BAG', 2), anEvent({ productId: 'V-MIDI', userId: 'up_ana', at: T0 })]);
    const found = answers.forShopper('HERO', 10, shopper({ userId: 'up_ana' }))!;
    expect(found.ids[0]).toBe('V-MIDI');
    expect(found.from).toEqual(found.ids.map((id) => answers.sourceOf('HERO', id)));
    expect(found.from).toContain('behaviour');
  });
});

describe('similar answers for a shopper: their session', () => {
  /**
   * Two past sessions went through HERO: one from V-CRU on to BAG, one from V-MIDI on to SHOE. For
   * everyone they weigh the same; a shopper who saw V-MIDI is answered mostly from the second.
   */
  function browsed() {
    const { engine, answers } = world();
    engine.learn([...visit('S-A', ['V-CRU', 'HERO', 'BAG']), ...visit('S-B', ['V-MIDI', 'HERO', 'SHOE'])]);
    return { engine, answers };
  }

  it('answers from the past sessions most like the whole session: what it saw before changes the answer', () => {
    const { engine, answers } = browsed();
    const everyone = answers.forEveryone('HERO', 10);
    expect(labelled(everyone)).toEqual([
      'BAG/behaviour',
      'SHOE/behaviour',
      'V-CRU/behaviour',
      'V-MIDI/behaviour',
      'V-AZUL/content',
      'MACACAO/content',
    ]);
    expect(answers.forShopper('HERO', 10, { sessionId: 'S-FRESH', now: at(10 * MINUTE) })).toEqual(everyone);
    engine.learn(visit('S-ME', ['V-MIDI'], 10 * MINUTE));
    // S-B holds both of the session's products (1.5 / √6), S-A only HERO (1 / √6): S-B's products score 1, S-A's ⅔;
    // and V-MIDI, seen just before, is lifted by a reminder on top.
    expect(answers.forShopper('HERO', 10, { sessionId: 'S-ME', now: at(11 * MINUTE) })?.ids).toEqual([
      'V-MIDI',
      'SHOE',
      'BAG',
      'V-CRU',
      'V-AZUL',
      'MACACAO',
    ]);
    engine.learn(visit('S-YOU', ['V-CRU'], 10 * MINUTE));
    expect(answers.forShopper('HERO', 10, { sessionId: 'S-YOU', now: at(11 * MINUTE) })?.ids).toEqual([
      'V-CRU',
      'BAG',
      'SHOE',
      'V-MIDI',
      'V-AZUL',
      'MACACAO',
    ]);
  });

  it('reads the session’s latest visit while it is visitGapMs old at the request: exactly that still, 1 ms more no more', () => {
    const { engine, answers } = browsed();
    const everyone = answers.forEveryone('HERO', 10);
    engine.learn(visit('S-ME', ['V-MIDI'], 0));
    const asked = (ms: number) => answers.forShopper('HERO', 10, { sessionId: 'S-ME', now: at(ms) })?.ids;
    expect(asked(POLICY.visitGapMs)?.[0]).toBe('V-MIDI');
    expect(asked(POLICY.visitGapMs)).not.toEqual(everyone?.ids);
    expect(asked(POLICY.visitGapMs + 1)).toEqual(everyone?.ids);
  });

  it('reads a visit that holds the product asked whatever its age (the storefront recorded that view: it is the visit they are in)', () => {
    const { engine, answers } = browsed();
    engine.learn(visit('S-ME', ['V-MIDI', 'HERO'], 0));
    const now = answers.forShopper('HERO', 10, { sessionId: 'S-ME', now: at(2 * MINUTE) })?.ids;
    expect(now?.[0]).toBe('V-MIDI');
    expect(answers.forShopper('HERO', 10, { sessionId: 'S-ME', now: at(DAY) })?.ids).toEqual(now);
  });

  it('never counts the shopper’s own session as a neighbour, and lifts what it saw before as reminders, the latest first', () => {
    const { engine, answers } = world();
    // One past session saw HERO with V-CRU; the shopper's session saw SHOE, then BAG, and now asks HERO.
    engine.learn([...visit('S-PAST', ['HERO', 'V-CRU']), ...visit('S-ME', ['SHOE', 'BAG'], 10 * MINUTE)]);
    // Were S-ME a neighbour, BAG and SHOE would score by behaviour too (and be labelled so), and V-CRU would score less.
    expect(labelled(answers.forShopper('HERO', 10, { sessionId: 'S-ME', now: at(12 * MINUTE) }))).toEqual([
      'BAG/session',
      'V-CRU/behaviour',
      'SHOE/session',
      'V-AZUL/content',
      'V-MIDI/content',
      'MACACAO/content',
    ]);
  });

  it('answers a session that saw only the product asked exactly as for everyone', () => {
    const { engine, answers } = browsed();
    engine.learn(visit('S-ONLY', ['HERO'], 10 * MINUTE));
    const everyone = answers.forEveryone('HERO', 10);
    expect(answers.forShopper('HERO', 10, { sessionId: 'S-ONLY', now: at(11 * MINUTE) })).toEqual(everyone);
  });

  it('forgets an erased shopper’s sessions: a later request with that session answers as for everyone', () => {
    const { engine, answers } = browsed();
    engine.learn(visit('S-ME', ['V-MIDI'], 10 * MINUTE, 'up_ana'));
    const query = { sessionId: 'S-ME', userId: 'up_ana', now: at(11 * MINUTE) };
    expect(answers.forShopper('HERO', 10, query)?.ids[0]).toBe('V-MIDI');
    engine.forgetUser('up_ana');
    expect(answers.forShopper('HERO', 10, query)).toEqual(answers.forEveryone('HERO', 10));
  });
});
