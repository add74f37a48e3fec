import { describe, expect, it } from 'vitest';
import { SimilarityEngine } from '../../src/adapters/similarity/similarity-engine.js';
import { SimilarAnswers } from '../../src/application/product/similar-answers.js';
import type { Product } from '../../src/domain/product/product.js';
import { DEFAULT_SIMILARITY_POLICY, type SimilarityPolicy } from '../../src/domain/product/similarity-policy.js';
import { aPlainProduct, anEvent, T0 } from '../support/mothers.js';

const item = aPlainProduct;

/** Popularity counts (a category's most viewed product lifts it), behaviour from one session on. */
const POLICY: SimilarityPolicy = { ...DEFAULT_SIMILARITY_POLICY, minEvidence: 1, popularLift: 1 };

/** Dresses that share words, shirts that share others, and a dress that shares none (its answer is topped up). */
const CATALOG: readonly Product[] = [
  item('HERO', { name: 'Vestido linho areia', category: 'vestidos', price: 300 }),
  item('V-CRU', { name: 'Vestido linho cru', category: 'vestidos', price: 280 }),
  item('V-MIDI', { name: 'Vestido midi', category: 'vestidos', price: 200 }),
  item('LONE', { name: 'Tubinho', category: 'vestidos', price: 250, similar: ['V-CRU'] }),
  item('CAMISA-1', { name: 'Camisa algodão branca', category: 'camisas', price: 120 }),
  item('CAMISA-2', { name: 'Camisa algodão azul', category: 'camisas', price: 130 }),
];

/** An answer as `id/source` pairs. */
const labelled = (found: { ids: readonly string[]; from: readonly string[] } | undefined): string[] =>
  found?.ids.map((id, i) => `${id}/${found.from[i]}`) ?? [];

function world(options: { background: boolean } = { background: false }) {
  const engine = new SimilarityEngine({ background: options.background, policy: POLICY });
  engine.productsSaved(CATALOG);
  engine.computePendingNow();
  return { engine, answers: new SimilarAnswers(engine, POLICY) };
}

/** 60 dresses alike: an answer of 50 is made of the catalog's neighbours alone (nothing read from what is popular overall). */
function dresses() {
  const engine = new SimilarityEngine({ background: false, policy: POLICY });
  engine.productsSaved(
    Array.from({ length: 60 }, (_, i) => item(`D-${i}`, { name: `Vestido estrela ${i}`, category: 'vestidos' })),
  );
  engine.computePendingNow();
  return { engine, answers: new SimilarAnswers(engine, POLICY) };
}

describe('similar answers kept across catalog writes', () => {
  it('keeps an answer the write does not change (another category, its lists untouched): the same object', () => {
    const { engine, answers } = world();
    const shirts = answers.forEveryone('CAMISA-1', 10);
    expect(shirts?.ids).toEqual(['CAMISA-2']);
    const dresses = answers.forEveryone('HERO', 10);
    engine.productsSaved([item('V-MIDI', { name: 'Vestido midi', category: 'vestidos', price: 210 })]);
    expect(answers.forEveryone('CAMISA-1', 10)).toBe(shirts);
    // HERO's answer names V-MIDI, whose place in HERO's lists was taken away and given back: made again.
    const again = answers.forEveryone('HERO', 10);
    expect(again).not.toBe(dresses);
    expect(again?.ids).toContain('V-MIDI');
  });

  it('never serves a kept answer naming a product that became unavailable or was deleted', () => {
    const { engine, answers } = world();
    expect(answers.forEveryone('HERO', 10)?.ids).toContain('V-MIDI');
    engine.productsSaved([item('V-MIDI', { name: 'Vestido midi', category: 'vestidos', price: 200, available: false })]);
    expect(answers.forEveryone('HERO', 10)?.ids).not.toContain('V-MIDI');
    engine.productsRemoved(['V-CRU']);
    expect(answers.forEveryone('HERO', 10)?.ids).not.toContain('V-CRU');
  });

  it("makes a topped-up answer again when its category's products change, and only then", () => {
    const { engine, answers } = world();
    // LONE's curated list names one product; the rest comes from its category, by price.
    const lone = answers.forEveryone('LONE', 10);
    expect(lone?.from).toEqual(['curated', 'category', 'category']);
    engine.productsSaved([item('CAMISA-3', { name: 'Camisa linho', category: 'camisas', price: 250 })]);
    expect(answers.forEveryone('LONE', 10)).toBe(lone);
    engine.productsSaved([item('V-NOVO', { name: 'Macaquinho', category: 'vestidos', price: 250 })]);
    expect(answers.forEveryone('LONE', 10)?.ids.slice(0, 2)).toEqual(['V-CRU', 'V-NOVO']);
  });

  it("shows a popular product again in its category's answers once it is available again (answers not topped up)", () => {
    const { engine, answers } = dresses();
    const lone = { name: 'Tubinho', category: 'vestidos', similar: ['D-1'] };
    engine.productsSaved([item('LONE', { ...lone, available: false })]);
    engine.learn([anEvent({ productId: 'LONE', sessionId: 'S-1', at: T0 })]);
    expect(answers.forEveryone('D-0', 50)?.ids).not.toContain('LONE');
    engine.productsSaved([item('LONE', lone)]);
    expect(labelled(answers.forEveryone('D-0', 50))[0]).toBe('LONE/popular');
  });

  it('never serves a kept answer naming, from behaviour alone, a product that became unavailable', () => {
    const { engine, answers } = dresses();
    const bag = { name: 'Bolsa couro', category: 'bolsas' };
    engine.productsSaved([item('BAG', bag)]);
    engine.learn([
      anEvent({ productId: 'D-0', sessionId: 'S-2', at: T0 }),
      anEvent({ productId: 'BAG', sessionId: 'S-2', at: new Date(T0.getTime() + 60_000) }),
    ]);
    expect(labelled(answers.forEveryone('D-0', 50))[0]).toBe('BAG/behaviour');
    engine.productsSaved([item('BAG', { ...bag, available: false })]);
    expect(answers.forEveryone('D-0', 50)?.ids).not.toContain('BAG');
  });

  it('leaves the lists a write changes to the background: a request computes at most its own', async () => {
    // 40 dresses whose lists hold STAR: changing it makes 40 lists to compute again.
    const dresses = Array.from({ length: 40 }, (_, i) => item(`D-${i}`, { name: `Vestido estrela ${i}`, category: 'vestidos' }));
    const engine = new SimilarityEngine({ background: true, policy: POLICY });
    engine.productsSaved([...dresses, item('STAR', { name: 'Vestido estrela', category: 'vestidos' }), ...CATALOG]);
    await engine.settled();
    const answers = new SimilarAnswers(engine, POLICY);
    const shirts = answers.forEveryone('CAMISA-1', 10);
    engine.productsSaved([item('STAR', { name: 'Vestido estrela', category: 'vestidos', price: 99 })]);
    const pending = engine.stats.pending;
    expect(pending).toBeGreaterThanOrEqual(40);
    expect(answers.forEveryone('CAMISA-1', 10)).toBe(shirts);
    expect(answers.forEveryone('D-1', 10)?.ids).toContain('STAR');
    // D-1's own list at most was computed on the spot.
    expect(engine.stats.pending).toBeGreaterThanOrEqual(pending - 1);
    await engine.settled();
    expect(engine.stats.pending).toBe(0);
    expect(answers.forEveryone('D-2', 10)?.ids).toContain('STAR');
  });
});
