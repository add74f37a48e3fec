import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { uncached } from '../support/caching.js';
import { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';
import { CatalogSimilarity } from '../../src/adapters/similarity/catalog-similarity.js';
import { FindSimilarProducts } from '../../src/application/product/find-similar-products.js';
import { DomainError, ValidationError } from '../../src/domain/shared/errors.js';
import { aProductInput, T0 } from '../support/mothers.js';

describe('finding similar products (curated list, then the category)', () => {
  let products: InMemoryProductStore;
  let find: FindSimilarProducts;

  beforeEach(async () => {
    products = new InMemoryProductStore();
    find = new FindSimilarProducts(products, new CatalogSimilarity(products), uncached());
    const catalog = [
      aProductInput({
        id: 'HERO',
        category: 'vestidos',
        brand: 'Aurora',
        tags: ['verão'],
        price: 200,
        similar: ['C1', 'GONE', 'OUT', 'HERO', 'C2', 'C1'],
      }),
      aProductInput({ id: 'C1', category: 'bolsas' }),
      aProductInput({ id: 'C2', category: 'sandalias' }),
      aProductInput({ id: 'OUT', category: 'vestidos', available: false }),
      aProductInput({ id: 'V-BRAND', category: 'vestidos', brand: 'Aurora', tags: [], price: 900 }),
      aProductInput({ id: 'V-TAGS', category: 'vestidos', brand: 'Trama', tags: ['verão'], price: 900 }),
      aProductInput({ id: 'V-PRICE', category: 'vestidos', brand: 'Trama', tags: [], price: 210 }),
      aProductInput({ id: 'V-OUT', category: 'vestidos', available: false }),
      aProductInput({ id: 'SAIA', category: 'saias' }),
      aProductInput({ id: 'LONELY', category: undefined }),
    ];
    for (const product of catalog) await products.save(product, T0);
  });

  it('answers the curated list first, in its order, without unknown, unavailable, self or repeated ids', async () => {
    expect(await find.execute({ productId: 'HERO', limit: 2 })).toEqual(['C1', 'C2']);
  });

  it('tops the curated list up from the same category, ranked, never repeating', async () => {
    expect(await find.execute({ productId: 'HERO' })).toEqual(['C1', 'C2', 'V-BRAND', 'V-TAGS', 'V-PRICE']);
  });

  it('answers the category neighbours of a product without a curated list', async () => {
    // V-TAGS shares the brand Trama; HERO is closest in price; V-BRAND shares neither.
    expect(await find.execute({ productId: 'V-PRICE', limit: 3 })).toEqual(['V-TAGS', 'HERO', 'V-BRAND']);
  });

  it('still answers for an unavailable product (shoppers look for an alternative)', async () => {
    expect(await find.execute({ productId: 'V-OUT' })).toContain('HERO');
  });

  it('answers an empty list when nothing is similar', async () => {
    expect(await find.execute({ productId: 'LONELY' })).toEqual([]);
    expect(await find.execute({ productId: 'SAIA' })).toEqual([]);
  });

  it('answers PRODUCT_NOT_FOUND for an unknown product', async () => {
    const error = await find.execute({ productId: 'NOPE' }).catch((e: unknown) => e);
    expect(error instanceof DomainError && error.code).toBe('PRODUCT_NOT_FOUND');
  });

  it.each([0, 101, 1.5, -1])('refuses the limit %s', async (limit) => {
    await expect(find.execute({ productId: 'HERO', limit })).rejects.toBeInstanceOf(ValidationError);
  });

  it('keeps its promises for any catalog (property)', async () => {
    const productArb = fc.record({
      id: fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'),
      category: fc.constantFrom('x', 'y', undefined),
      available: fc.boolean(),
      similar: fc.option(fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'Z'), { maxLength: 6 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(productArb, { selector: (p) => p.id, minLength: 1 }),
        fc.integer({ min: 1, max: 10 }),
        async (specs, limit) => {
          const store = new InMemoryProductStore();
          for (const s of specs) await store.save(aProductInput({ ...s, similar: s.similar?.filter((id) => id !== s.id) }), T0);
          const engine = new FindSimilarProducts(store, new CatalogSimilarity(store), uncached());
          for (const s of specs) {
            const answer = await engine.execute({ productId: s.id, limit });
            expect(answer.length).toBeLessThanOrEqual(limit);
            expect(new Set(answer).size).toBe(answer.length);
            expect(answer).not.toContain(s.id);
            for (const id of answer) expect((await store.get(id))?.available).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
