import { describe, expect, it } from 'vitest';
import { rankForShopper, shopperTaste, type RankedCandidate } from '../../src/domain/product/shopper-ranking.js';

/** Candidates best first: `A` first, each of category `other` and brand `Other` unless said. */
function candidates(...specs: string[]): RankedCandidate[] {
  return specs.map((spec) => {
    const [id = '', category = 'other', brand = 'Other'] = spec.split('/');
    return { id, category, brand };
  });
}

const order = (ranked: readonly RankedCandidate[]) => ranked.map((c) => c.id);

describe('a shopper’s taste', () => {
  it('is each category’s and brand’s share of the events’ weight', () => {
    const taste = shopperTaste([
      { category: 'vestidos', brand: 'Aurora', weight: 1 },
      { category: 'vestidos', brand: 'Trama', weight: 5 },
      { category: 'sandálias', weight: 2 },
      { brand: 'Aurora', weight: 0 },
    ]);
    expect(taste.categories).toEqual(
      new Map([
        ['vestidos', 0.75],
        ['sandálias', 0.25],
      ]),
    );
    expect(taste.brands).toEqual(
      new Map([
        ['Aurora', 1 / 6],
        ['Trama', 5 / 6],
      ]),
    );
  });

  it('is empty without events', () => {
    expect(shopperTaste([])).toEqual({ categories: new Map(), brands: new Map() });
  });
});

describe('ranking similar products for a shopper', () => {
  const list = candidates('A', 'B', 'C/vestidos/Aurora', 'D', 'E/vestidos');

  it('answers the list as it was for an unknown or empty shopper', () => {
    expect(order(rankForShopper(list, {}))).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(order(rankForShopper(list, { taste: shopperTaste([]), purchased: new Set() }))).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('raises products of the shopper’s categories and brands: a place’s score 1/(1 + place/halfRank) times the lift', () => {
    const taste = shopperTaste([{ category: 'vestidos', brand: 'Aurora', weight: 1 }]);
    // C (place 2): (1 + 1 + 2) × 1/(1 + 2/5) = 2.86; E (place 4): 2 × 1/(1 + 4/5) = 1.11; A 1, B 0.83, D 0.63.
    expect(order(rankForShopper(list, { taste }))).toEqual(['C', 'E', 'A', 'B', 'D']);
    // Weights of 0 leave the order alone; a short half-rank keeps the lift from reaching far.
    expect(order(rankForShopper(list, { taste }, { categoryWeight: 0, brandWeight: 0 }))).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(order(rankForShopper(list, { taste }, { categoryWeight: 0.2, brandWeight: 0, halfRank: 1 }))).toEqual([
      'A',
      'B',
      'C',
      'D',
      'E',
    ]);
  });

  it('leaves out what the shopper bought', () => {
    expect(order(rankForShopper(list, { purchased: new Set(['B', 'D', 'NOT-LISTED']) }))).toEqual(['A', 'C', 'E']);
  });

  it('applies both rules at once: bought out, taste up', () => {
    const taste = shopperTaste([{ category: 'vestidos', weight: 1 }]);
    // B (place 0) 1; C (place 1) 2 × 1/(1 + 1/5) = 1.67; D (place 2) 0.71; E (place 3) 2 × 1/(1 + 3/5) = 1.25.
    const ranked = rankForShopper(list, { taste, purchased: new Set(['A']) });
    expect(order(ranked)).toEqual(['C', 'E', 'B', 'D']);
  });

  it('keeps the order of equals, and gives back the candidates themselves', () => {
    const twins = candidates('Z', 'Y', 'X');
    const ranked = rankForShopper(twins, {}, { halfRank: Number.POSITIVE_INFINITY });
    expect(order(ranked)).toEqual(['Z', 'Y', 'X']);
    expect(ranked[0]).toBe(twins[0]);
  });
});
