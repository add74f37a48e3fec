import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { InProcessCatalogNews } from '../../src/adapters/memory/in-process-catalog-news.js';
import { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';
import { SimilarityEngine } from '../../src/adapters/similarity/similarity-engine.js';
import { DeleteProducts, UpsertProducts } from '../../src/application/product/batch-products.js';
import { DeleteProduct } from '../../src/application/product/delete-product.js';
import { FindSimilarProducts } from '../../src/application/product/find-similar-products.js';
import { FollowCatalog } from '../../src/application/product/follow-catalog.js';
import { UpsertProduct } from '../../src/application/product/upsert-product.js';
import type { ProductInput } from '../../src/domain/product/product.js';
import { DomainError, ValidationError } from '../../src/domain/shared/errors.js';
import { aPlainProductInput, T0 } from '../support/mothers.js';
import { testContainer } from '../support/test-container.js';
import { SimilarityEngineToken } from '../../src/composition/adapters/similarity.js';
import { CatalogNewsToken } from '../../src/domain/product/catalog-news.js';
import { ProductStoreToken } from '../../src/domain/product/product-store.js';
import { override } from '../../src/composition/overrides.js';

/** One instance of the service's catalog side, built by the service's own modules: store, engine, the write path and the read. */
function instance(
  store = new InMemoryProductStore(),
  news = new InProcessCatalogNews(),
  engine = new SimilarityEngine({ background: false }),
) {
  const { get, clock } = testContainer({
    overrides: [
      override(ProductStoreToken, store),
      override(CatalogNewsToken, news.endpoint()),
      override(SimilarityEngineToken, engine),
    ],
  });
  const find = get(FindSimilarProducts);
  return {
    clock,
    store,
    engine,
    follow: get(FollowCatalog),
    upsert: get(UpsertProduct),
    upsertMany: get(UpsertProducts),
    remove: get(DeleteProduct),
    removeMany: get(DeleteProducts),
    find,
    similar: (id: string, limit?: number) => find.execute({ productId: id, limit }).then((answer) => answer.products),
  };
}

type Service = ReturnType<typeof instance>;

/** Two instances on one store, hearing of each other's writes through in-process catalog news. */
function twoInstances() {
  const store = new InMemoryProductStore();
  const news = new InProcessCatalogNews();
  return { store, news, one: instance(store, news), other: instance(store, news) };
}

async function load(service: Service, products: ProductInput[]): Promise<void> {
  for (const product of products) await service.upsert.execute(product);
}

const item = aPlainProductInput;

describe('similar products: the curated list, then the category', () => {
  let service: Service;

  beforeEach(async () => {
    service = instance();
    await load(service, [
      item('HERO', {
        category: 'vestidos',
        brand: 'Aurora',
        tags: ['verão'],
        price: 200,
        similar: ['C1', 'GONE', 'OUT', 'HERO', 'C2', 'C1'].filter((id) => id !== 'HERO'),
      }),
      item('C1', { category: 'bolsas' }),
      item('C2', { category: 'sandalias' }),
      item('OUT', { category: 'vestidos', available: false }),
      item('V-BRAND', { category: 'vestidos', brand: 'Aurora', price: 900 }),
      item('V-TAGS', { category: 'vestidos', brand: 'Trama', tags: ['verão'], price: 900 }),
      item('V-PRICE', { category: 'vestidos', brand: 'Trama', price: 210 }),
    ]);
  });

  it('answers the curated list first, in its order, without unknown, unavailable, self or repeated ids', async () => {
    expect(await service.similar('HERO', 2)).toEqual(['C1', 'C2']);
  });

  it('tops the curated list up from the same category, ranked by brand, tags and price', async () => {
    expect(await service.similar('HERO')).toEqual(['C1', 'C2', 'V-BRAND', 'V-TAGS', 'V-PRICE']);
  });

  it('answers PRODUCT_NOT_FOUND for an unknown product', async () => {
    const error = await service.similar('NOPE').catch((e: unknown) => e);
    expect(error instanceof DomainError && error.code).toBe('PRODUCT_NOT_FOUND');
  });

  it.each([0, 101, 1.5, -1])('refuses the limit %s', async (limit) => {
    await expect(service.similar('HERO', limit)).rejects.toBeInstanceOf(ValidationError);
  });

  it('still answers for an unavailable product (shoppers look for an alternative)', async () => {
    expect(await service.similar('OUT')).toContain('V-BRAND');
  });
});

describe('similar products: content neighbours (TF-IDF and price) when there are no embeddings', () => {
  it('ranks by shared words, tags and brand, and finds nothing for a product that shares nothing', async () => {
    const service = instance();
    await load(service, [
      item('LINHO-1', { name: 'Vestido midi de linho areia', tags: ['linho'], brand: 'Aurora', price: 300 }),
      item('LINHO-2', { name: 'Vestido longo de linho cru', tags: ['linho'], brand: 'Aurora', price: 320 }),
      item('LINHO-3', { name: 'Camisa de linho branca', tags: ['linho'], price: 150 }),
      item('COURO', { name: 'Bolsa de couro caramelo', tags: ['couro'], brand: 'Sela', price: 500 }),
      item('ALONE', { name: 'Guarda-chuva xadrez' }),
    ]);
    expect(await service.similar('LINHO-1')).toEqual(['LINHO-2', 'LINHO-3']);
    expect(await service.similar('ALONE')).toEqual([]);
  });

  it('weighs price closeness between otherwise equal neighbours', async () => {
    const service = instance();
    await load(service, [
      item('Q', { name: 'Tênis corrida azul', price: 100 }),
      item('NEAR', { name: 'Tênis corrida vermelho', price: 110 }),
      item('FAR', { name: 'Tênis corrida verde', price: 900 }),
    ]);
    expect(await service.similar('Q')).toEqual(['NEAR', 'FAR']);
  });

  it('tops up from the same category when too few neighbours remain', async () => {
    const service = instance();
    await load(service, [
      item('A', { name: 'Saia plissada', category: 'saias', brand: 'Aurora' }),
      item('B', { name: 'Saia jeans', category: 'saias' }),
      item('C', { name: 'Bermuda cargo', category: 'saias', brand: 'Aurora' }),
    ]);
    // B shares a word; C shares no word but the category and the brand.
    expect(await service.similar('A')).toEqual(['B', 'C']);
  });
});

describe('similar products: embedding neighbours', () => {
  const embedded = (id: string, embedding: number[], overrides: Partial<ProductInput> = {}) =>
    item(id, { embedding, ...overrides });

  it('answers the nearest by cosine, whatever the texts say', async () => {
    const service = instance();
    await load(service, [
      embedded('Q', [1, 0, 0], { name: 'Bolsa couro' }),
      embedded('CLOSE', [0.9, 0.1, 0], { name: 'Guarda-chuva' }),
      embedded('MID', [0.5, 0.5, 0], { name: 'Meia' }),
      embedded('FAR', [0, 0, 1], { name: 'Bolsa couro caramelo' }),
    ]);
    expect(await service.similar('Q')).toEqual(['CLOSE', 'MID', 'FAR']);
  });

  it('answers as exact search does once the approximate index takes over', async () => {
    const engine = new SimilarityEngine({ background: false, exactSearchBelow: 20 });
    const service = instance(new InMemoryProductStore(), new InProcessCatalogNews(), engine);
    const random = seeded(7);
    const products = Array.from({ length: 200 }, (_, i) =>
      embedded(
        `E-${i}`,
        Array.from({ length: 16 }, () => random() - 0.5),
      ),
    );
    await service.upsertMany.execute(products.map((input, index) => ({ index, input })));
    expect(engine.stats.approximate).toBe(true);
    let agree = 0;
    for (const product of products.slice(0, 50)) {
      const slot = engine.lists.slotOfProduct(product.id)!;
      const exact = engine.lists.vectorIndex!.exact(slot, engine.lists.unitOf(product.id)!, 10).slots;
      const answer = await service.similar(product.id, 10);
      const expected = new Set(Array.from(exact, (s) => engine.lists.productInSlot(s)!.id));
      agree += answer.filter((id) => expected.has(id)).length;
    }
    expect(agree / 500).toBeGreaterThanOrEqual(0.95);
  });

  it('computes a single pending list once the approximate index answers (one product written after a load)', async () => {
    const engine = new SimilarityEngine({ background: false, exactSearchBelow: 20 });
    const service = instance(new InMemoryProductStore(), new InProcessCatalogNews(), engine);
    const random = seeded(3);
    const vector = () => Array.from({ length: 8 }, () => random() - 0.5);
    await service.upsertMany.execute(
      Array.from({ length: 40 }, (_, index) => ({ index, input: embedded(`E-${index}`, vector()) })),
    );
    engine.computePendingNow();
    await service.upsert.execute(embedded('LATE', vector()));
    expect(engine.stats.pending).toBe(1);
    expect(await service.similar('LATE', 5)).toHaveLength(5);
    expect(engine.stats.pending).toBe(0);
  });

  it('lets a zero vector set no dimension, and leaves lists alone when only attributes change', async () => {
    const service = instance();
    await load(service, [embedded('Z', [0, 0, 0]), embedded('A', [1, 0, 0, 0]), embedded('B', [1, 1, 0, 0])]);
    expect(service.engine.embeddingDimension()).toBe(4);
    expect(service.engine.stats.embedded).toBe(2);
    expect(await service.similar('A')).toEqual(['B']);
    await service.upsert.execute(embedded('B', [1, 1, 0, 0], { attributes: { cor: 'azul' } }));
    expect(service.engine.stats.pending).toBe(0);
    expect(await service.similar('A')).toEqual(['B']);
  });

  it('refuses an embedding of another dimension than the catalog’s, on its own and in a batch', async () => {
    const service = instance();
    await load(service, [embedded('A', [1, 0, 0])]);
    const error = await service.upsert.execute(embedded('B', [1, 0])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.path).toBe('embedding');
    const outcome = await service.upsertMany.execute([
      { index: 0, input: embedded('C', [0, 1, 0]) },
      { index: 1, input: embedded('D', [0, 1, 0, 0]) },
    ]);
    expect(outcome.results.map((r) => r.status)).toEqual(['created', 'invalid']);
    expect(await service.store.get('D')).toBeUndefined();
  });

  it('fixes the dimension by the first embedding of a batch when the catalog has none', async () => {
    const service = instance();
    const outcome = await service.upsertMany.execute([
      { index: 0, input: embedded('A', [1, 0]) },
      { index: 1, input: embedded('B', [1, 0, 0]) },
    ]);
    expect(outcome.results.map((r) => r.status)).toEqual(['created', 'invalid']);
    expect(service.engine.embeddingDimension()).toBe(2);
  });
});

describe('similar products: kept current as the catalog changes', () => {
  const names = ['Vestido linho areia', 'Vestido linho cru', 'Vestido linho branco', 'Vestido linho preto', 'Vestido linho azul'];
  let service: Service;

  beforeEach(async () => {
    service = instance();
    await load(
      service,
      names.map((name, i) => item(`V${i}`, { name, category: 'vestidos' })),
    );
    for (let i = 0; i < names.length; i++) expect(await service.similar(`V${i}`)).toContain(i === 1 ? 'V0' : 'V1');
  });

  const listsHolding = async (id: string) => {
    const holding: string[] = [];
    for (let i = 0; i < names.length; i++)
      if ((await service.similar(`V${i}`).catch((): readonly string[] => [])).includes(id)) holding.push(`V${i}`);
    return holding;
  };

  it('a product made unavailable leaves every list it was in, and comes back when available again', async () => {
    await service.upsert.execute(item('V1', { name: names[1]!, category: 'vestidos', available: false }));
    expect(await listsHolding('V1')).toEqual([]);
    await service.upsert.execute(item('V1', { name: names[1]!, category: 'vestidos' }));
    expect(await listsHolding('V1')).toEqual(['V0', 'V2', 'V3', 'V4']);
  });

  it('a deleted product leaves every list, alone or in a batch, and is then unknown', async () => {
    await service.remove.execute('V1');
    expect(await listsHolding('V1')).toEqual([]);
    expect(await service.removeMany.execute(['V2', 'NOPE'])).toEqual({ deleted: ['V2'], missing: ['NOPE'] });
    expect(await listsHolding('V2')).toEqual([]);
    await expect(service.similar('V2')).rejects.toBeInstanceOf(DomainError);
  });

  it('a changed product leaves the lists it no longer belongs in and enters the ones it now does', async () => {
    await load(service, [
      item('B0', { name: 'Bolsa couro caramelo', category: 'bolsas' }),
      item('B1', { name: 'Bolsa couro preta', category: 'bolsas' }),
    ]);
    await service.upsert.execute(item('V1', { name: 'Bolsa couro marrom', category: 'bolsas' }));
    expect(await listsHolding('V1')).toEqual([]);
    expect(await service.similar('B0')).toContain('V1');
    expect(await service.similar('V1')).toEqual(expect.arrayContaining(['B0', 'B1']));
  });

  it('a new product enters the lists of its neighbours', async () => {
    await service.upsert.execute(item('V9', { name: 'Vestido linho areia claro', category: 'vestidos' }));
    expect(await service.similar('V0', 1)).toEqual(['V9']);
  });
});

describe('batch upserts', () => {
  it('applies the good items, reports the bad ones by index, and changes nothing when run again', async () => {
    const service = instance();
    const items = [
      { index: 0, input: item('A', { name: 'Saia' }) },
      { index: 1, input: item('B', { name: '   ' }) },
      { index: 2, input: item('A', { name: 'Saia de novo' }) },
      { index: 3, id: 'X', errors: [{ path: 'price', message: 'must be a number' }] },
      { index: 4, input: item('C', { name: 'Camisa', similar: ['A'] }) },
    ];
    const first = await service.upsertMany.execute(items);
    expect(first.results.map((r) => [r.index, r.status])).toEqual([
      [0, 'created'],
      [1, 'invalid'],
      [2, 'invalid'],
      [3, 'invalid'],
      [4, 'created'],
    ]);
    expect(first).toMatchObject({ created: 2, replaced: 0, unchanged: 0, invalid: 3 });
    const stored = await service.store.get('A');
    service.clock.advance(60_000);
    const again = await service.upsertMany.execute(items);
    expect(again).toMatchObject({ created: 0, replaced: 0, unchanged: 2, invalid: 3 });
    expect((await service.store.get('A'))?.updatedAt).toEqual(stored?.updatedAt);
    const changed = await service.upsertMany.execute([{ index: 0, input: item('A', { name: 'Saia midi' }) }]);
    expect(changed).toMatchObject({ replaced: 1 });
  });

  it('refuses more than 1,000 items as a whole', async () => {
    const service = instance();
    const items = Array.from({ length: 1001 }, (_, index) => ({ index, input: item(`P${index}`) }));
    await expect(service.upsertMany.execute(items)).rejects.toBeInstanceOf(ValidationError);
    expect(await service.store.get('P0')).toBeUndefined();
  });
});

describe('several instances on one store', () => {
  it('a write in one instance reaches the other’s engine with its news', async () => {
    const { store, one, other } = twoInstances();
    await load(one, [item('A', { name: 'Saia linho' }), item('B', { name: 'Saia linho cru' })]);
    expect(await other.similar('A')).toEqual(['B']);
    await one.upsert.execute(item('B', { name: 'Saia linho cru', available: false }));
    expect(await other.similar('A')).toEqual([]);
    await one.remove.execute('B');
    await other.follow.settled();
    expect([...other.engine.known()]).toEqual(['A']);
  });

  it('while news is being read from the store, the fast lane’s peek steps aside and reads wait for it', async () => {
    const { store, one, other } = twoInstances();
    await load(one, [item('A', { name: 'Saia linho' }), item('B', { name: 'Saia linho cru' })]);
    expect(other.find.peek({ productId: 'A' })?.products).toEqual(['B']);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const getMany = store.getMany.bind(store);
    store.getMany = async (ids) => {
      await gate;
      return getMany(ids);
    };
    await one.upsert.execute(item('B', { name: 'Saia linho cru', available: false }));
    expect(other.follow.catchingUp).toBe(true);
    expect(other.find.peek({ productId: 'A' })).toBeUndefined();
    const answer = other.similar('A');
    release();
    expect(await answer).toEqual([]);
    expect(other.find.peek({ productId: 'A' })?.products).toEqual([]);
  });

  it('a slow read of news does not bring back a product deleted here meanwhile', async () => {
    const { store, one, other } = twoInstances();
    await load(one, [item('A', { name: 'Saia linho' }), item('B', { name: 'Saia linho cru' })]);
    await other.follow.settled();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const getMany = store.getMany.bind(store);
    store.getMany = async (ids) => {
      const found = await getMany(ids);
      await gate;
      return found;
    };
    await one.upsert.execute(item('B', { name: 'Saia linho cru azul' }));
    // The other instance reads B (slowly); meanwhile B is deleted through it.
    store.getMany = getMany;
    await other.remove.execute('B');
    release();
    await other.follow.settled();
    expect([...other.engine.known()]).toEqual(['A']);
    expect(await other.similar('A')).toEqual([]);
  });

  it('a product the engine has not heard of yet is read from the store', async () => {
    const store = new InMemoryProductStore();
    const service = instance(store);
    await load(service, [item('A', { name: 'Saia linho' })]);
    await store.save(item('B', { name: 'Saia linho cru' }), T0);
    expect(await service.similar('B')).toEqual(['A']);
  });

  it('reconciling with the store drops what was deleted behind the engine’s back and learns what was added', async () => {
    const store = new InMemoryProductStore();
    const service = instance(store);
    await load(service, [item('A', { name: 'Saia linho' }), item('B', { name: 'Saia linho cru' })]);
    service.clock.advance(1_000);
    await store.delete('B');
    await store.save(item('C', { name: 'Saia linho azul' }), service.clock.now());
    service.clock.advance(1_000);
    await service.follow.reconcile();
    expect(await service.similar('A')).toEqual(['C']);
  });
});

describe('reconciling while the catalog changes', () => {
  it('does not let the scan’s older copies undo writes and deletes made while it ran', async () => {
    const store = new InMemoryProductStore();
    const service = instance(store);
    await load(service, [item('A', { name: 'Saia linho' }), item('B', { name: 'Saia linho cru' })]);
    // A scan that read everything, then waits while this instance writes, then hands over what it read.
    const stale = await store.getMany(['A', 'B']);
    let resume!: () => void;
    const paused = new Promise<void>((r) => (resume = r));
    store.scan = async function* () {
      await paused;
      yield [...stale.values()];
    };
    const reconciling = service.follow.reconcile();
    service.clock.advance(1_000);
    await service.upsert.execute(item('A', { name: 'Bolsa couro' }));
    await service.remove.execute('B');
    await service.upsert.execute(item('C', { name: 'Bolsa couro caramelo' }));
    resume();
    await reconciling;
    expect([...service.engine.known()].sort()).toEqual(['A', 'C']);
    // A is its new self (a bag like C), not the skirt the scan read before the write.
    expect(await service.similar('A')).toEqual(['C']);
  });
});

describe('the engine keeps its promises for any catalog (property)', () => {
  it('never answers the product itself, an unavailable or unknown product, a repeat, or more than the limit', async () => {
    const productArb = fc.record({
      id: fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'),
      name: fc.constantFrom('saia linho', 'saia jeans', 'bolsa couro', 'vestido linho', 'tênis'),
      category: fc.constantFrom('x', 'y', undefined),
      available: fc.boolean(),
      embedding: fc.option(fc.constant([1, 0]), { nil: undefined }),
      similar: fc.option(fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'Z'), { maxLength: 6 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(productArb, { selector: (p) => p.id, minLength: 1 }),
        fc.array(fc.constantFrom('A', 'B', 'C', 'D'), { maxLength: 3 }),
        fc.integer({ min: 1, max: 10 }),
        async (specs, removed, limit) => {
          const service = instance();
          for (const s of specs)
            await service.upsert.execute(item(s.id, { ...s, similar: s.similar?.filter((id) => id !== s.id) }));
          await service.removeMany.execute(removed);
          for (const s of specs) {
            if ((removed as string[]).includes(s.id)) continue;
            const answer = await service.similar(s.id, limit);
            expect(answer.length).toBeLessThanOrEqual(limit);
            expect(new Set(answer).size).toBe(answer.length);
            expect(answer).not.toContain(s.id);
            for (const id of answer) expect((await service.store.get(id))?.available).toBe(true);
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});

/** A small deterministic random source (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
