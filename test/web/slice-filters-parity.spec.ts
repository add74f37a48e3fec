import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inactiveReasons } from '../../src/adapters/web/src/shared/slice-filter-rule.js';
import { isProductActive, normaliseFilters, type SliceFilters } from '../../src/domain/merchandising/slice-filters.js';
import type { Product } from '../../src/domain/product/product.js';
import { aProduct } from '../support/mothers.js';

const WORDS = ['vestidos', 'Vestidos', 'VESTIDOS', 'bolsas', 'Trama', 'trama', 'linho', 'Linho', 'praia'];
const word = fc.constantFrom(...WORDS);
const list = fc.option(fc.array(word, { maxLength: 3 }), { nil: undefined });
const price = fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined });

const filtersArbitrary: fc.Arbitrary<SliceFilters> = fc
  .record({ availableOnly: fc.boolean(), categories: list, brands: list, tags: list, minPrice: price, maxPrice: price })
  .map((raw) => normaliseFilters(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined))).filters);

const productArbitrary: fc.Arbitrary<Product | undefined> = fc.option(
  fc
    .record({
      available: fc.boolean(),
      category: fc.option(word, { nil: undefined }),
      brand: fc.option(word, { nil: undefined }),
      price: price,
      tags: fc.array(word, { maxLength: 3 }),
    })
    .map(({ category, brand, price: amount, ...rest }) => {
      const { category: _c, brand: _b, price: _p, ...base } = aProduct();
      return {
        ...base,
        ...rest,
        ...(category === undefined ? {} : { category }),
        ...(brand === undefined ? {} : { brand }),
        ...(amount === undefined ? {} : { price: amount }),
      };
    }),
  { nil: undefined },
);

describe('the slice-filter rule: one rule, the builder’s copy holding to the domain’s', () => {
  it('gives the same answer as the API for any filters and product (unknown products included)', () => {
    fc.assert(
      fc.property(filtersArbitrary, productArbitrary, (filters, product) => {
        const builder = inactiveReasons(product === undefined ? null : product, filters);
        expect(builder.length === 0, JSON.stringify({ filters, product, builder })).toBe(isProductActive(filters, product));
      }),
      { numRuns: 2000 },
    );
  });

  it('compares categories, brands and tags case aside, as the catalog search does', () => {
    const product = aProduct({ category: 'vestidos', brand: 'Trama', tags: ['Linho'] });
    const filters = { categories: ['Vestidos'], brands: ['TRAMA'], tags: ['linho'] };
    expect(isProductActive(filters, product)).toBe(true);
    expect(inactiveReasons(product, filters)).toEqual([]);
    expect(isProductActive({ categories: ['bolsas'] }, product)).toBe(false);
  });
});
