import { describe, expect, it } from 'vitest';
import { rankByCategoryNeighbourhood } from '../../src/domain/product/similarity-ranking.js';
import { aProduct } from '../support/mothers.js';

describe('ranking neighbours within a category', () => {
  const base = aProduct({ id: 'BASE', brand: 'Aurora', tags: ['verão', 'linho'], price: 200 });

  it('ranks a shared brand above shared tags above price closeness, ties by id', () => {
    const sameBrand = aProduct({ id: 'D', brand: 'Aurora', tags: [], price: 900 });
    const sameTags = aProduct({ id: 'C', brand: 'Trama', tags: ['verão', 'linho'], price: 900 });
    const closePrice = aProduct({ id: 'B', brand: 'Trama', tags: [], price: 200 });
    const twinA = aProduct({ id: 'E', brand: 'Trama', tags: [], price: 100 });
    const twinB = aProduct({ id: 'A', brand: 'Trama', tags: [], price: 100 });
    const ranked = rankByCategoryNeighbourhood(base, [twinA, closePrice, sameTags, twinB, sameBrand]).map((p) => p.id);
    expect(ranked).toEqual(['D', 'C', 'B', 'A', 'E']);
  });

  it('leaves out the product itself and unavailable products', () => {
    const ranked = rankByCategoryNeighbourhood(base, [base, aProduct({ id: 'X', available: false }), aProduct({ id: 'Y' })]);
    expect(ranked.map((p) => p.id)).toEqual(['Y']);
  });
});
