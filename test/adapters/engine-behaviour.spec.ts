import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { BehaviourModel } from '../../src/adapters/similarity/behaviour-model.js';
import { NeighbourEngine } from '../../src/adapters/similarity/neighbour-engine.js';
import type { ShopperEvent } from '../../src/domain/events/shopper-event.js';
import type { Product } from '../../src/domain/product/product.js';
import type { ShopperQuery } from '../../src/domain/product/similarity.js';
import { aPlainProduct, anEvent, T0 } from '../support/mothers.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

const item = aPlainProduct;

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

/** An engine over the catalog with a behaviour model, trusting behaviour from two sessions. */
function engineWith(products: readonly Product[] = CATALOG) {
  const behaviour = new BehaviourModel();
  const engine = new NeighbourEngine({ background: false, behaviour, minBehaviourEvidence: 2 });
  engine.productsSaved(products);
  return { behaviour, engine };
}

let sessions = 0;

/** Sessions that see `productId` then `partner` (as a view, or `:add_to_cart`...), a minute apart. */
function together(productId: string, partnerSpec: string, times = 1): ShopperEvent[] {
  const [partner = '', type = 'view'] = partnerSpec.split(':');
  return Array.from({ length: times }, () => {
    const sessionId = `S-${++sessions}`;
    return [
      anEvent({ productId, sessionId, userId: undefined, at: T0 }),
      anEvent({
        productId: partner,
        type: type as ShopperEvent['type'],
        sessionId,
        userId: undefined,
        at: new Date(T0.getTime() + MINUTE),
      }),
    ];
  }).flat();
}

const answer = (engine: NeighbourEngine, productId: string, shopper?: ShopperQuery) => {
  const found = engine.recommend(productId, 10, shopper);
  return found === undefined ? undefined : found.ids.map((id, i) => `${id}/${found.from[i]}`);
};

describe('the engine blends behaviour into its answers', () => {
  it('puts behavioural neighbours before the content neighbours, each product once', () => {
    const { behaviour, engine } = engineWith();
    behaviour.learn([...together('HERO', 'BAG', 2), ...together('HERO', 'V-AZUL', 2)]);
    // BAG and V-AZUL score the same: ties by id.
    expect(answer(engine, 'HERO')).toEqual([
      'BAG/behaviour',
      'V-AZUL/behaviour',
      'V-CRU/content',
      'V-MIDI/content',
      'MACACAO/content',
    ]);
  });

  it('puts the curated list first, then behaviour, then the category; never an unknown or unavailable product', () => {
    const { behaviour, engine } = engineWith();
    behaviour.learn([...together('CURATED', 'BAG', 2), ...together('CURATED', 'GHOST', 3), ...together('CURATED', 'OUT', 3)]);
    expect(answer(engine, 'CURATED')).toEqual(['CUR/curated', 'BAG/behaviour', 'SKIRT/category']);
  });

  it('puts behaviour before embedding neighbours, and tops up from the category', () => {
    const { behaviour, engine } = engineWith([
      item('E-HERO', { category: 'tenis', embedding: [1, 0] }),
      item('E-NEAR', { embedding: [0.9, 0.1] }),
      item('E-FAR', { embedding: [0, 1] }),
      item('T-PLAIN', { category: 'tenis' }),
      item('SHOE', { name: 'Sandália rasteira' }),
    ]);
    behaviour.learn(together('E-HERO', 'SHOE', 2));
    expect(answer(engine, 'E-HERO')).toEqual(['SHOE/behaviour', 'E-NEAR/embedding', 'E-FAR/embedding', 'T-PLAIN/category']);
  });

  it('uses behaviour only from minBehaviourEvidence sessions on, and recomputes a kept answer when behaviour changes', () => {
    const { behaviour, engine } = engineWith();
    behaviour.learn(together('HERO', 'BAG'));
    expect(engine.similarTo('HERO', 2)).toEqual(['V-CRU', 'V-AZUL']);
    behaviour.learn(together('HERO', 'BAG'));
    expect(engine.similarTo('HERO', 2)).toEqual(['BAG', 'V-CRU']);
    // Carts weigh more: the shoe, seen with HERO in more sessions, goes ahead of the bag.
    behaviour.learn(together('HERO', 'SHOE:add_to_cart', 3));
    expect(engine.similarTo('HERO', 3)).toEqual(['SHOE', 'BAG', 'V-CRU']);
  });

  it('leaves out a behavioural neighbour that becomes unavailable, and takes in one that enters the catalog', () => {
    const { behaviour, engine } = engineWith();
    behaviour.learn([...together('HERO', 'BAG', 2), ...together('HERO', 'GHOST', 2)]);
    expect(engine.similarTo('HERO', 2)).toEqual(['BAG', 'V-CRU']);
    engine.productsSaved([item('BAG', { name: 'Bolsa couro', category: 'bolsas', available: false }), item('GHOST')]);
    expect(engine.similarTo('HERO', 2)).toEqual(['GHOST', 'V-CRU']);
  });

  it('answers a new product without events from its catalog neighbours (cold start), and behaviour once it has some', () => {
    const { behaviour, engine } = engineWith();
    behaviour.learn(together('NEW', 'BAG', 2));
    expect(engine.similarTo('NEW', 5)).toBeUndefined();
    engine.productsSaved([item('NEW', { name: 'Vestido linho novo', category: 'vestidos' })]);
    expect(answer(engine, 'NEW')?.slice(0, 2)).toEqual(['BAG/behaviour', 'HERO/content']);
    engine.productsSaved([item('NEWER', { name: 'Vestido linho verde', category: 'vestidos' })]);
    expect(answer(engine, 'NEWER')?.every((entry) => entry.endsWith('/content'))).toBe(true);
    expect(engine.similarTo('NEWER', 2)).toEqual(['HERO', 'V-CRU']);
  });

  it('says where each product of an answer comes from, and nothing for a product not in it', () => {
    const { behaviour, engine } = engineWith();
    behaviour.learn([...together('HERO', 'BAG', 2), ...together('CURATED', 'SHOE', 2)]);
    expect(engine.sourceOf('HERO', 'BAG')).toBe('behaviour');
    expect(engine.sourceOf('HERO', 'MACACAO')).toBe('content');
    expect(engine.sourceOf('CURATED', 'CUR')).toBe('curated');
    expect(engine.sourceOf('CURATED', 'SHOE')).toBe('behaviour');
    expect(engine.sourceOf('CURATED', 'SKIRT')).toBe('category');
    expect(engine.sourceOf('HERO', 'OUT')).toBeUndefined();
    expect(engine.sourceOf('HERO', 'HERO')).toBeUndefined();
    expect(engine.sourceOf('UNKNOWN', 'BAG')).toBeUndefined();
  });
});

describe('the engine answers a shopper', () => {
  const shopper = (query: Partial<ShopperQuery>): ShopperQuery => ({ now: T0, ...query });
  const ids = (engine: NeighbourEngine, query: Partial<ShopperQuery>, limit = 10) =>
    engine.recommend('HERO', limit, shopper(query))?.ids;
  const BASELINE = ['V-CRU', 'V-AZUL', 'V-MIDI', 'MACACAO'];

  it('answers as without a shopper when nothing is known of them: unknown or empty user, unknown session, no style', () => {
    const { behaviour, engine } = engineWith();
    behaviour.learn([...together('HERO', 'BAG', 2), anEvent({ productId: 'V-MIDI', userId: 'up_ana', sessionId: 'S-ANA' })]);
    const everyone = engine.recommend('HERO', 10);
    expect(everyone?.ids).toEqual(engine.similarTo('HERO', 10));
    for (const query of [{ userId: 'up_nobody' }, { userId: '' }, { sessionId: 'S-NONE' }, { styleWords: ['Xadrez'] }, {}]) {
      expect(engine.recommend('HERO', 10, shopper(query))).toEqual(everyone);
    }
  });

  it('leaves out what the shopper bought', () => {
    const { behaviour, engine } = engineWith();
    behaviour.learn([anEvent({ type: 'purchase', productId: 'V-CRU', userId: 'up_ana', at: T0 })]);
    expect(ids(engine, { userId: 'up_ana' })).toEqual(['V-AZUL', 'V-MIDI', 'MACACAO']);
  });

  it('lifts the brands of the shopper’s events of the last 30 days: an event exactly 30 days old counts, 1 ms older does not', () => {
    const { behaviour, engine } = engineWith();
    const clock = new FakeClock(T0);
    behaviour.learn([anEvent({ productId: 'V-MIDI', userId: 'up_ana', at: clock.now() })]);
    clock.advance(30 * DAY);
    expect(engine.recommend('HERO', 10, { userId: 'up_ana', now: clock.now() })?.ids).toEqual([
      'V-MIDI',
      'V-CRU',
      'V-AZUL',
      'MACACAO',
    ]);
    // The pool re-ranked is larger than the limit: the shopper's product comes up from the third place.
    expect(engine.recommend('HERO', 1, { userId: 'up_ana', now: clock.now() })?.ids).toEqual(['V-MIDI']);
    clock.advance(1);
    expect(engine.recommend('HERO', 10, { userId: 'up_ana', now: clock.now() })?.ids).toEqual(BASELINE);
  });

  /** Shirts of two brands, and a shopper who carted a Beta shirt (weight 3) at T0 and viewed an Alfa one (weight 1) a day later. */
  function shirts() {
    const { behaviour, engine } = engineWith([
      item('SHIRT', { name: 'Camisa algodão', category: 'camisas' }),
      item('ALFA', { name: 'Camisa algodão lisa', category: 'camisas', brand: 'Alfa' }),
      item('BETA', { name: 'Camisa algodão listrada', category: 'camisas', brand: 'Beta' }),
    ]);
    const at = (ms: number) => new Date(T0.getTime() + ms);
    behaviour.learn([
      anEvent({ type: 'add_to_cart', productId: 'BETA', at: at(0) }),
      anEvent({ productId: 'ALFA', at: at(DAY) }),
    ]);
    const first = (ms: number) => engine.recommend('SHIRT', 1, { userId: 'up_ana', now: at(ms) })?.ids[0];
    return { behaviour, engine, at, first };
  }

  it('works the shopper’s taste out again when they do something new', () => {
    const { behaviour, at, first } = shirts();
    expect(first(2 * DAY)).toBe('BETA');
    behaviour.learn(Array.from({ length: 6 }, (_, i) => anEvent({ productId: 'ALFA', at: at(2 * DAY + i) })));
    expect(first(2 * DAY)).toBe('ALFA');
  });

  it('works the shopper’s taste out again when an event it counted ages out, at exactly 30 days and 1 ms', () => {
    const { engine, first } = shirts();
    expect(first(2 * DAY)).toBe('BETA');
    expect(first(30 * DAY)).toBe('BETA');
    expect(first(30 * DAY + 1)).toBe('ALFA');
    // Once the view too is over 30 days old, no taste is left: the answer is everyone's.
    const everyone = engine.similarTo('SHIRT', 2)!;
    expect(first(31 * DAY + 1)).toBe(everyone[0]);
    expect(everyone).toEqual(['ALFA', 'BETA']);
  });

  it('moves down what the session viewed within 30 minutes: at exactly 30 minutes still, at 30 minutes and 1 ms no more', () => {
    const { behaviour, engine } = engineWith();
    const clock = new FakeClock(T0);
    behaviour.learn([anEvent({ productId: 'V-CRU', sessionId: 'S-NOW', userId: undefined, at: clock.now() })]);
    expect(engine.recommend('HERO', 10, { sessionId: 'S-NOW', now: clock.now() })?.ids).toEqual([
      'V-AZUL',
      'V-MIDI',
      'MACACAO',
      'V-CRU',
    ]);
    clock.advance(30 * MINUTE);
    expect(engine.recommend('HERO', 10, { sessionId: 'S-NOW', now: clock.now() })?.ids).toEqual([
      'V-AZUL',
      'V-MIDI',
      'MACACAO',
      'V-CRU',
    ]);
    clock.advance(1);
    expect(engine.recommend('HERO', 10, { sessionId: 'S-NOW', now: clock.now() })?.ids).toEqual(BASELINE);
  });

  it('lifts the products whose words hold the profile’s style words', () => {
    const { engine } = engineWith();
    expect(ids(engine, { userId: 'up_nobody', styleWords: ['Azul marinho'] })).toEqual(['V-AZUL', 'V-CRU', 'V-MIDI', 'MACACAO']);
    expect(ids(engine, { styleWords: ['estilo midi'] })).toEqual(['V-MIDI', 'V-CRU', 'V-AZUL', 'MACACAO']);
  });

  it('matches a profile’s style words against the catalog as it is now, though the profile’s list of words is kept', () => {
    const { engine } = engineWith();
    // The profile cache hands out the same list of words for as long as it keeps the profile.
    const kept = ['Xadrez'];
    expect(ids(engine, { styleWords: kept })).toEqual(BASELINE);
    engine.productsSaved([item('V-XADREZ', { name: 'Macacão xadrez', category: 'vestidos' })]);
    expect(ids(engine, { styleWords: kept })).toEqual(ids(engine, { styleWords: ['Xadrez'] }));
    expect(ids(engine, { styleWords: kept })?.indexOf('V-XADREZ')).toBe(2);
  });

  it('does not lift, for a style word, a product that came after the products holding the word left', () => {
    const { engine } = engineWith();
    const kept = ['Azul'];
    expect(ids(engine, { styleWords: kept })?.[0]).toBe('V-AZUL');
    engine.productsRemoved(['V-AZUL']);
    engine.productsSaved([item('V-VERDE', { name: 'Macacão verde oliva', category: 'vestidos' })]);
    expect(ids(engine, { styleWords: kept })).toEqual(engine.similarTo('HERO', 10));
  });

  it('keeps each product’s source with it when it re-ranks', () => {
    const { behaviour, engine } = engineWith();
    behaviour.learn([...together('HERO', 'BAG', 2), anEvent({ productId: 'V-MIDI', userId: 'up_ana', at: T0 })]);
    const found = engine.recommend('HERO', 10, shopper({ userId: 'up_ana' }))!;
    expect(found.ids[0]).toBe('V-MIDI');
    expect(found.from).toEqual(found.ids.map((id) => engine.sourceOf('HERO', id)));
    expect(found.from).toContain('behaviour');
  });

  it('answers as without a shopper when the engine has no behaviour', () => {
    const engine = new NeighbourEngine({ background: false });
    engine.productsSaved(CATALOG);
    expect(engine.recommend('HERO', 10, shopper({ userId: 'up_ana', styleWords: ['Azul marinho'] }))?.ids).toEqual(BASELINE);
  });
});
