import { describe, expect, it } from 'vitest';
import { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';
import { ContentCatalogSearch } from '../../src/adapters/similarity/catalog-search.js';
import { SimilarityEngine } from '../../src/adapters/similarity/similarity-engine.js';
import { ProposeSliceFromBrief } from '../../src/application/merchandising/propose-slice-from-brief.js';
import { SearchCatalog } from '../../src/application/product/search-catalog.js';
import { UpsertProduct } from '../../src/application/product/upsert-product.js';
import { CatalogSearchToken } from '../../src/domain/product/catalog-search.js';
import type { ProductInput } from '../../src/domain/product/product.js';
import { ValidationError } from '../../src/domain/shared/errors.js';
import { aProductInput, T0 } from '../support/mothers.js';
import { testContainer } from '../support/test-container.js';
import { SimilarityEngineToken } from '../../src/composition/adapters/similarity.js';
import { ProductStoreToken } from '../../src/domain/product/product-store.js';
import { override } from '../../src/composition/overrides.js';

function item(id: string, overrides: Partial<ProductInput> = {}): ProductInput {
  return aProductInput({
    id,
    name: `Item ${id}`,
    description: undefined,
    tags: [],
    brand: undefined,
    price: undefined,
    ...overrides,
  });
}

async function service(products: ProductInput[]) {
  const store = new InMemoryProductStore();
  const engine = new SimilarityEngine({ background: false });
  const { get } = testContainer({ overrides: [override(ProductStoreToken, store), override(SimilarityEngineToken, engine)] });
  for (const product of products) await get(UpsertProduct).execute(product);
  return { store, engine, get, search: get(SearchCatalog), propose: get(ProposeSliceFromBrief) };
}

describe('the catalog search in the composition', () => {
  it('searches the content index of the engine bound, an override included', async () => {
    const { get } = await service([item('A', { name: 'Vestido azul' })]);
    expect(get(CatalogSearchToken)).toBeInstanceOf(ContentCatalogSearch);
    expect(get(CatalogSearchToken).ranked(['vestido'], {}, 0, 10).items).toEqual(['A']);
  });
});

describe('SearchCatalog', () => {
  it('answers the products as the store holds them, leaving out one the filter no longer keeps', async () => {
    const { store, search } = await service([
      item('A', { name: 'Vestido azul', category: 'vestidos' }),
      item('B', { name: 'Vestido verde', category: 'vestidos' }),
    ]);
    // Changed in the store behind the engine's back (another instance's write whose news has not arrived).
    await store.save(item('B', { name: 'Vestido verde', category: 'saias' }), T0);
    const page = await search.execute({ text: 'vestido', category: 'vestidos' });
    expect(page.products.map((p) => p.id)).toEqual(['A']);
    expect(page.products[0]?.attributes).toEqual({ cor: 'Areia' });
  });

  it('pages ranked results by offset and listings by id, and refuses a cursor of the other kind', async () => {
    const { search } = await service(['C', 'A', 'B'].map((id) => item(id, { name: 'Vestido' })));
    const first = await search.execute({ text: 'vestido', limit: 2 });
    expect({ ids: first.products.map((p) => p.id), next: first.next }).toEqual({ ids: ['A', 'B'], next: { offset: 2 } });
    const second = await search.execute({ text: 'vestido', limit: 2, after: first.next });
    expect({ ids: second.products.map((p) => p.id), next: second.next }).toEqual({ ids: ['C'], next: undefined });
    const listed = await search.execute({ limit: 2 });
    expect(listed.next).toEqual({ afterId: 'B' });
    await expect(search.execute({ text: 'vestido', after: { afterId: 'B' } })).rejects.toBeInstanceOf(ValidationError);
    await expect(search.execute({ after: { offset: 2 } })).rejects.toBeInstanceOf(ValidationError);
    await expect(search.execute({ text: 'vestido', after: { offset: 1000 } })).rejects.toBeInstanceOf(ValidationError);
  });

  it('lists by id when the text has no word to search by', async () => {
    const { search } = await service([item('B'), item('A')]);
    expect((await search.execute({ text: 'de o a' })).products.map((p) => p.id)).toEqual(['A', 'B']);
  });

  it.each([0, 101, 1.5])('refuses the limit %s', async (limit) => {
    const { search } = await service([]);
    await expect(search.execute({ limit })).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('ProposeSliceFromBrief', () => {
  const catalog = [
    item('V1', { name: 'Vestido de linho', category: 'Vestidos', brand: 'Aurora', price: 300 }),
    item('V2', { name: 'Vestido de seda', category: 'Vestidos', brand: 'Trama', price: 350 }),
    item('V3', { name: 'Vestido de linho longo', category: 'Vestidos', brand: 'Trama', price: 900 }),
    item('V4', { name: 'Vestido de viscose', category: 'Vestidos', price: 200, available: false }),
    item('S1', { name: 'Saia de linho', category: 'Saias', price: 150 }),
  ];

  it('ranks the words within the named category and prices, then fills from the category by id', async () => {
    const { propose } = await service(catalog);
    const { products, understood } = await propose.execute({ brief: 'Vestidos de linho até R$ 500', size: 10 });
    expect(understood).toEqual({ words: ['linho'], maxPrice: 500, categories: ['Vestidos'], brands: [] });
    expect(products.map((p) => p.id)).toEqual(['V1', 'V2']);
  });

  it('falls back to the named category when no product holds the words, unavailable ones too when asked', async () => {
    const { propose } = await service(catalog);
    const { products } = await propose.execute({ brief: 'vestido para casamento', size: 10, availableOnly: false });
    expect(products.map((p) => p.id)).toEqual(['V1', 'V2', 'V3', 'V4']);
  });

  it('cuts the proposal to its size', async () => {
    const { propose } = await service(catalog);
    expect((await propose.execute({ brief: 'linho', size: 2 })).products.map((p) => p.id)).toEqual(['S1', 'V1']);
  });

  it.each([
    ['an empty brief', { brief: ' ', size: 1 }],
    ['size 0', { brief: 'linho', size: 0 }],
    ['size 501', { brief: 'linho', size: 501 }],
  ])('refuses %s', async (_label, input) => {
    const { propose } = await service(catalog);
    await expect(propose.execute(input)).rejects.toBeInstanceOf(ValidationError);
  });
});
