import { describe, expect, it } from 'vitest';
import { draftSlice } from '../../src/domain/merchandising/slice.js';
import {
  normaliseRules,
  RuleFill,
  ruleEventWindow,
  RuleScores,
  sameRules,
  type SliceRules,
  type SliceRulesInput,
} from '../../src/domain/merchandising/slice-rules.js';
import { newProductIdProblem, type Product } from '../../src/domain/product/product.js';
import { ValidationError } from '../../src/domain/shared/errors.js';
import { aPlainProduct, aSliceInput, anEvent, at } from '../support/mothers.js';

function rules(input: Partial<SliceRulesInput> = {}): SliceRules {
  const { rules: made, issues } = normaliseRules({ sort: 'newest', size: 10, ...input }, newProductIdProblem);
  expect(issues).toEqual([]);
  return made;
}

function issuesOf(input: Partial<SliceRulesInput>): Record<string, string> {
  const { issues } = normaliseRules({ sort: 'newest', size: 10, ...input } as SliceRulesInput, newProductIdProblem);
  return Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
}

/** Fills from the catalog given in pages of two (as the store reads it, a page at a time). */
function fill(made: SliceRules, catalog: readonly Product[], scores?: ReadonlyMap<string, number>): string[] {
  const filling = new RuleFill(made, scores);
  for (let i = 0; i < catalog.length; i += 2) filling.consider(catalog.slice(i, i + 2));
  return filling.filling().products.map((p) => (p.pinned ? `${p.productId}*` : p.productId));
}

const day = (d: number) => at(`2026-11-${String(d).padStart(2, '0')}T12:00:00.000Z`);
const CATALOG: readonly Product[] = [
  aPlainProduct('A', { category: 'vestidos', brand: 'Aurora', price: 300, tags: ['festa', 'verão'], createdAt: day(1) }),
  aPlainProduct('B', { category: 'Vestidos', brand: 'Trama', price: 100, tags: ['verão'], createdAt: day(3) }),
  aPlainProduct('C', { category: 'vestidos', brand: 'Aurora', price: 200, tags: ['festa'], createdAt: day(2), available: false }),
  aPlainProduct('D', { category: 'saias', brand: 'Aurora', price: 150, tags: ['festa', 'verão'], createdAt: day(5) }),
  aPlainProduct('E', { category: 'vestidos', brand: 'Urbana', tags: ['casual'], createdAt: day(4) }),
];

describe('rule checks', () => {
  it('takes good rules, sorting pins by position and defaulting an event sort’s window to 30 days', () => {
    const made = rules({
      sort: 'bestSelling',
      pins: [
        { productId: 'X', position: 4 },
        { productId: 'Y', position: 1 },
      ],
    });
    expect(made).toEqual({
      conditions: {},
      sort: 'bestSelling',
      windowDays: 30,
      pins: [
        { productId: 'Y', position: 1 },
        { productId: 'X', position: 4 },
      ],
      size: 10,
    });
    expect(rules({ sort: 'manual', order: ['B', 'A'] }).order).toEqual(['B', 'A']);
    expect(rules({ sort: 'manual' }).order).toEqual([]);
    expect(rules({ conditions: { tags: ['festa'], tagsMatch: 'all' } }).conditions).toEqual({
      tags: ['festa'],
      tagsMatch: 'all',
    });
    // `any` is the default, and `all` without tags constrains nothing: neither is kept.
    expect(rules({ conditions: { tags: ['festa'], tagsMatch: 'any' } }).conditions).toEqual({ tags: ['festa'] });
    expect(rules({ conditions: { tagsMatch: 'all' } }).conditions).toEqual({});
  });

  it('lists every broken rule with its field path', () => {
    expect(
      issuesOf({
        conditions: { minPrice: 10, maxPrice: 5, categories: [' '], tagsMatch: 'some' as 'all' },
        sort: 'cheapest' as 'newest',
        windowDays: 3,
        order: ['A'],
        size: 501,
        pins: [
          { productId: 'A', position: 0 },
          { productId: 'A', position: 501 },
          { productId: 'has space', position: 2 },
          { productId: 'B', position: 2 },
        ],
      }),
    ).toEqual({
      'rules.conditions.categories.0': 'must not be empty',
      'rules.conditions.minPrice': 'must not be greater than maxPrice',
      'rules.conditions.tagsMatch': 'must be any or all',
      'rules.sort': 'must be one of bestSelling, mostViewed, mostAddedToCart, newest, priceAscending, priceDescending, manual',
      'rules.windowDays': 'is only for the sorts bestSelling, mostViewed and mostAddedToCart',
      'rules.order': 'is only for the sort manual',
      'rules.size': 'must be a whole number from 1 to 500',
      'rules.pins.0.position': 'must be a whole number from 1 to the size (500)',
      'rules.pins.1.productId': 'pins A again (pinned by rules.pins.0)',
      'rules.pins.1.position': 'must be a whole number from 1 to the size (500)',
      'rules.pins.2.productId': expect.stringContaining('may hold only letters'),
      'rules.pins.3.position': 'is taken by rules.pins.2',
    });
  });

  it('keeps the window, the order and the pins within their bounds', () => {
    expect(issuesOf({ sort: 'mostViewed', windowDays: 0 })).toEqual({
      'rules.windowDays': 'must be a whole number of days from 1 to 365',
    });
    expect(issuesOf({ sort: 'mostViewed', windowDays: 365 })).toEqual({});
    expect(issuesOf({ sort: 'mostViewed', windowDays: 1.5 })).toHaveProperty('rules.windowDays');
    expect(issuesOf({ sort: 'manual', order: ['A', 'B', 'A'] })).toEqual({ 'rules.order.2': 'duplicates rules.order.0 (A)' });
    expect(issuesOf({ sort: 'manual', order: Array.from({ length: 501 }, (_, i) => `P${i}`) })).toEqual({
      'rules.order': 'must hold at most 500 products (got 501)',
    });
    expect(issuesOf({ size: 2, pins: [{ productId: 'A', position: 3 }] })).toEqual({
      'rules.pins.0.position': 'must be a whole number from 1 to the size (2)',
    });
    expect(
      issuesOf({
        size: 1,
        pins: [
          { productId: 'A', position: 1 },
          { productId: 'B', position: 1 },
        ],
      }),
    ).toEqual({
      'rules.pins': 'must hold at most size (1) pins (got 2)',
      'rules.pins.1.position': 'is taken by rules.pins.0',
    });
    expect(issuesOf({ size: 500, pins: [{ productId: 'A', position: 500 }] })).toEqual({});
  });

  it('asks a RULES slice for rules and no hand-made products, and refuses rules on other slices', () => {
    const pathsOf = (input: Parameters<typeof aSliceInput>[0]) => {
      try {
        draftSlice(aSliceInput(input));
        return [];
      } catch (error) {
        return (error as ValidationError).issues.map((issue) => issue.path);
      }
    };
    expect(pathsOf({ type: 'RULES', products: ['A'] })).toEqual(['products', 'rules']);
    expect(pathsOf({ type: 'RULES', products: undefined, rules: { sort: 'newest', size: 0 } })).toEqual(['rules.size']);
    expect(pathsOf({ type: 'MANUAL', rules: { sort: 'newest', size: 3 } })).toEqual(['rules']);
    expect(pathsOf({ type: 'MANUAL', products: undefined })).toEqual(['products']);
    const draft = draftSlice(aSliceInput({ type: 'RULES', products: [], rules: { sort: 'newest', size: 3 } }));
    expect(draft).toMatchObject({ type: 'RULES', products: [], rules: { sort: 'newest', size: 3, pins: [], conditions: {} } });
  });
});

describe('rule filling', () => {
  it('holds the products that meet every condition, case aside', () => {
    expect(fill(rules({ conditions: { categories: ['VESTIDOS'] } }), CATALOG)).toEqual(['E', 'B', 'C', 'A']);
    expect(fill(rules({ conditions: { categories: ['vestidos'], availableOnly: true, brands: ['aurora'] } }), CATALOG)).toEqual([
      'A',
    ]);
    expect(fill(rules({ conditions: { minPrice: 150, maxPrice: 300 } }), CATALOG)).toEqual(['D', 'C', 'A']);
    expect(fill(rules({ conditions: { tags: ['FESTA', 'casual'] } }), CATALOG)).toEqual(['D', 'E', 'C', 'A']);
    expect(fill(rules({ conditions: { tags: ['festa', 'verão'], tagsMatch: 'all' } }), CATALOG)).toEqual(['D', 'A']);
  });

  it('sorts by newest, and by price up or down with the products without a price last', () => {
    expect(fill(rules({ sort: 'newest' }), CATALOG)).toEqual(['D', 'E', 'B', 'C', 'A']);
    expect(fill(rules({ sort: 'priceAscending' }), CATALOG)).toEqual(['B', 'D', 'C', 'A', 'E']);
    expect(fill(rules({ sort: 'priceDescending' }), CATALOG)).toEqual(['A', 'C', 'D', 'B', 'E']);
  });

  it('sorts by the events of the window, most first, products without any after them', () => {
    const now = at('2026-11-21T12:00:00.000Z');
    const made = rules({ sort: 'bestSelling', windowDays: 7 });
    expect(ruleEventWindow(made, now)).toEqual({ from: at('2026-11-14T12:00:00.000Z'), until: now });
    expect(ruleEventWindow(rules({ sort: 'newest' }), now)).toBeUndefined();
    const scores = new RuleScores('purchase');
    for (const [productId, type] of [
      ['C', 'purchase'],
      ['C', 'purchase'],
      ['A', 'purchase'],
      ['A', 'view'],
      ['A', 'view'],
      ['A', 'view'],
      ['E', 'add_to_cart'],
    ] as const) {
      scores.add(anEvent({ productId, type }));
    }
    expect([...scores.scores]).toEqual([
      ['C', 2],
      ['A', 1],
    ]);
    // C (2), A (1), then the rest by the tie rule: newest first.
    expect(fill(made, CATALOG, scores.scores)).toEqual(['C', 'A', 'D', 'E', 'B']);
    const views = new RuleScores('view');
    views.add(anEvent({ productId: 'A', type: 'view' }));
    expect(fill(rules({ sort: 'mostViewed' }), CATALOG, views.scores)[0]).toBe('A');
    const carts = new RuleScores('add_to_cart');
    carts.add(anEvent({ productId: 'E', type: 'add_to_cart' }));
    expect(fill(rules({ sort: 'mostAddedToCart' }), CATALOG, carts.scores)[0]).toBe('E');
  });

  it('breaks ties by the newer product, then by id, whatever order the catalog is read in', () => {
    const same = day(1);
    const tied = ['Q', 'M', 'Z', 'K'].map((id) => aPlainProduct(id, { price: 10, createdAt: same }));
    const newer = aPlainProduct('N', { price: 10, createdAt: day(2) });
    const expected = ['N', 'K', 'M', 'Q', 'Z'];
    expect(fill(rules({ sort: 'priceAscending' }), [...tied, newer])).toEqual(expected);
    expect(fill(rules({ sort: 'priceAscending' }), [newer, ...tied].reverse())).toEqual(expected);
    expect(fill(rules({ sort: 'mostViewed' }), [...tied, newer])).toEqual(expected);
  });

  it('keeps the manual order of the products that meet the conditions', () => {
    const made = rules({ sort: 'manual', order: ['E', 'C', 'Z', 'A'], conditions: { availableOnly: true } });
    // C is unavailable, Z is not in the catalog, B and D are not in the order.
    expect(fill(made, CATALOG)).toEqual(['E', 'A']);
  });

  it('holds at most `size` products, pins included, the best ones', () => {
    expect(fill(rules({ sort: 'newest', size: 2 }), CATALOG)).toEqual(['D', 'E']);
    expect(fill(rules({ sort: 'newest', size: 3, pins: [{ productId: 'A', position: 1 }] }), CATALOG)).toEqual(['A*', 'D', 'E']);
    const many = Array.from({ length: 1_200 }, (_, i) => aPlainProduct(`P${String(i).padStart(4, '0')}`, { price: i % 97 }));
    const made = rules({ sort: 'priceDescending', size: 500 });
    const filled = new RuleFill(made);
    for (let i = 0; i < many.length; i += 100) filled.consider(many.slice(i, i + 100));
    const { products, matching } = filled.filling();
    expect(products).toHaveLength(500);
    expect(matching).toBe(1_200);
    const all = many.map((p) => p.id);
    const whole = new RuleFill(made);
    whole.consider(many);
    expect(whole.filling().products.map((p) => p.productId)).toEqual(products.map((p) => p.productId));
    expect(products.map((p) => p.position)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(all).toContain(products[0]!.productId);
  });

  it('puts pins at their positions, after the sorted products when the list is shorter, whatever the conditions', () => {
    const made = rules({
      sort: 'newest',
      conditions: { categories: ['vestidos'] },
      pins: [
        { productId: 'D', position: 2 }, // a skirt: pinned though it does not meet the conditions
        { productId: 'A', position: 1 }, // it meets them: not listed twice
        { productId: 'GONE', position: 9 }, // beyond the list, and not in the catalog: right after it
      ],
    });
    const filling = new RuleFill(made);
    filling.consider(CATALOG);
    const { products, matching } = filling.filling();
    expect(products).toEqual([
      { productId: 'A', position: 1, pinned: true },
      { productId: 'D', position: 2, pinned: true },
      { productId: 'E', position: 3, pinned: false },
      { productId: 'B', position: 4, pinned: false },
      { productId: 'C', position: 5, pinned: false },
      { productId: 'GONE', position: 6, pinned: true },
    ]);
    expect(matching).toBe(3);
    // Only pins: the list is the pins, in order.
    expect(
      fill(
        rules({
          size: 2,
          pins: [
            { productId: 'B', position: 2 },
            { productId: 'E', position: 1 },
          ],
        }),
        CATALOG,
      ),
    ).toEqual(['E*', 'B*']);
  });

  it('compares rules as a history does: list order of conditions and pins aside', () => {
    const a = rules({
      conditions: { tags: ['x', 'y'] },
      pins: [
        { productId: 'A', position: 1 },
        { productId: 'B', position: 2 },
      ],
    });
    const b = rules({
      conditions: { tags: ['y', 'x'] },
      pins: [
        { productId: 'B', position: 2 },
        { productId: 'A', position: 1 },
      ],
    });
    expect(sameRules(a, b)).toBe(true);
    expect(sameRules(a, rules({ conditions: { tags: ['x', 'y'] }, size: 11 }))).toBe(false);
    expect(sameRules(a, undefined)).toBe(false);
    expect(sameRules(undefined, undefined)).toBe(true);
  });
});
