import { describe, expect, it } from 'vitest';
import { hasFilters, isProductActive, type SliceFilters } from '../../src/domain/merchandising/slice-filters.js';
import { aProduct } from '../support/mothers.js';

describe('the active flag of a product under slice filters', () => {
  const product = aProduct({ category: 'vestidos', brand: 'Aurora', price: 200, tags: ['verão', 'linho'], available: true });

  it('is true for every product, known or not, when the slice has no filters', () => {
    expect(hasFilters({})).toBe(false);
    expect(isProductActive({}, product)).toBe(true);
    expect(isProductActive({}, undefined)).toBe(true);
  });

  it('is false for a product the catalog does not know once any filter is set', () => {
    expect(isProductActive({ availableOnly: true }, undefined)).toBe(false);
    expect(isProductActive({ maxPrice: 1000 }, undefined)).toBe(false);
  });

  it.each<[string, SliceFilters, boolean]>([
    ['availableOnly and available', { availableOnly: true }, true],
    ['category in list', { categories: ['saias', 'vestidos'] }, true],
    ['category not in list', { categories: ['saias'] }, false],
    ['brand in list', { brands: ['Aurora'] }, true],
    ['brand not in list', { brands: ['Trama'] }, false],
    ['price at the inclusive minimum', { minPrice: 200 }, true],
    ['price below the minimum', { minPrice: 200.01 }, false],
    ['price at the inclusive maximum', { maxPrice: 200 }, true],
    ['price above the maximum', { maxPrice: 199.99 }, false],
    ['one shared tag', { tags: ['festa', 'linho'] }, true],
    ['no shared tag', { tags: ['festa'] }, false],
    [
      'all filters hold',
      { availableOnly: true, categories: ['vestidos'], brands: ['Aurora'], minPrice: 100, maxPrice: 300, tags: ['verão'] },
      true,
    ],
    [
      'all but one hold',
      { availableOnly: true, categories: ['vestidos'], brands: ['Aurora'], minPrice: 100, maxPrice: 150, tags: ['verão'] },
      false,
    ],
  ])('%s → %s', (_label, filters, expected) => {
    expect(isProductActive(filters, product)).toBe(expected);
  });

  it('is false for an unavailable product under availableOnly', () => {
    expect(isProductActive({ availableOnly: true }, aProduct({ available: false }))).toBe(false);
  });

  it('is false when a filtered attribute is missing on the product', () => {
    const bare = aProduct({ category: undefined, brand: undefined, price: undefined, tags: [] });
    expect(isProductActive({ categories: ['vestidos'] }, bare)).toBe(false);
    expect(isProductActive({ brands: ['Aurora'] }, bare)).toBe(false);
    expect(isProductActive({ minPrice: 0 }, bare)).toBe(false);
    expect(isProductActive({ tags: ['verão'] }, bare)).toBe(false);
  });
});
