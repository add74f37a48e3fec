import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoCatalog } from '../../src/adapters/demo/demo-catalog.js';
import type { ProductInput } from '../../src/domain/product/product.js';
import { describe } from '../support/suite.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';

const PROPOSALS = '/api/v1/merchandising-collections/protected/proposals';
const CATALOG = '/api/v1/products/protected/catalog';

interface Body {
  readonly id: string;
  readonly name: string;
  readonly category?: string;
  readonly brand?: string;
  readonly price?: number;
  readonly available: boolean;
  readonly tags: string[];
}

describe('POST /api/v1/merchandising-collections/protected/proposals (a slice from a text brief)', () => {
  let server: TestServer;
  const demo: ProductInput[] = demoCatalog();

  beforeAll(async () => {
    server = await startTestServer();
    const answer = await server.request('POST', `${CATALOG}/batch`, { body: { products: demo } });
    expect(answer.json.created).toBe(demo.length);
  });
  afterAll(() => server.close());

  const propose = (body: unknown, token?: string) => server.request('POST', PROPOSALS, { body, ...(token ? { token } : {}) });

  it('reads the issue’s brief against the demo catalog: dresses up to R$ 400 (its other words are in no demo product)', async () => {
    const answer = await propose({ brief: 'vestidos leves para casamento de dia até R$ 400', size: 12 });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(['products', 'understood']);
    expect(answer.json.understood).toEqual({
      words: ['leves', 'casamento', 'dia'],
      maxPrice: 400,
      categories: ['vestidos'],
      brands: [],
    });
    const expected = demo
      .filter((p) => p.category === 'vestidos' && p.available && (p.price ?? Infinity) <= 400)
      .map((p) => p.id)
      .sort()
      .slice(0, 12);
    expect(answer.json.products.map((p: Body) => p.id)).toEqual(expected);
    const one = await server.request('GET', `${CATALOG}/${expected[0]}`);
    expect(answer.json.products[0]).toEqual(one.json);
  });

  it('puts the products holding the brief’s words first, within its category, brand and prices', async () => {
    const answer = await propose({ brief: 'sandálias para festa entre R$ 100 e R$ 300', size: 8 });
    expect(answer.json.understood).toEqual({
      words: ['festa'],
      minPrice: 100,
      maxPrice: 300,
      categories: ['sandalias'],
      brands: [],
    });
    const products: Body[] = answer.json.products;
    expect(products).toHaveLength(8);
    for (const p of products) {
      expect(p).toMatchObject({ category: 'sandalias', available: true });
      expect(p.price).toBeGreaterThanOrEqual(100);
      expect(p.price).toBeLessThanOrEqual(300);
    }
    const withWord = products.filter((p) => p.tags.includes('festa')).length;
    expect(withWord).toBeGreaterThan(0);
    // Every product with the word comes before every product without it.
    expect(products.slice(0, withWord).every((p) => p.tags.includes('festa'))).toBe(true);
  });

  it('recognises brands, and proposes unavailable products too with availableOnly false', async () => {
    const only = await propose({ brief: 'bolsas Casa Lume', size: 50 });
    expect(only.json.understood).toMatchObject({ categories: ['bolsas'], brands: ['Casa Lume'] });
    const all = await propose({ brief: 'bolsas Casa Lume', size: 50, availableOnly: false });
    const inDemo = demo.filter((p) => p.category === 'bolsas' && p.brand === 'Casa Lume');
    expect(all.json.products.map((p: Body) => p.id)).toEqual(inDemo.map((p) => p.id).sort());
    expect(only.json.products.map((p: Body) => p.id)).toEqual(
      inDemo
        .filter((p) => p.available)
        .map((p) => p.id)
        .sort(),
    );
  });

  it('searches the whole catalog by words when the brief names no category or brand, and proposes the same twice', async () => {
    const first = await propose({ brief: 'peças de linho', size: 5 });
    expect(first.json.understood).toEqual({ words: ['pecas', 'linho'], categories: [], brands: [] });
    expect(first.json.products).toHaveLength(5);
    expect(first.json.products.every((p: Body) => p.name.includes('Linho'))).toBe(true);
    expect((await propose({ brief: 'peças de linho', size: 5 })).json).toEqual(first.json);
  });

  it('proposes nothing when its words match nothing and it names no category or brand', async () => {
    const answer = await propose({ brief: 'xyzzy', size: 5 });
    expect(answer.json).toEqual({ products: [], understood: { words: ['xyzzy'], categories: [], brands: [] } });
  });

  it('proposes from seeds exactly the products an AI slice from them holds, saving nothing', async () => {
    const collection = await server.request('POST', '/api/v1/merchandising-collections/protected', { body: { name: 'Seeds' } });
    const slices = `/api/v1/merchandising-collections/protected/${collection.json.id}/slices`;
    const answer = await propose({ seeds: ['VES-001', 'SAN-002'], size: 6, includeSeeds: true });
    expect(answer.status).toBe(200);
    expect(answer.json.understood).toEqual({ words: [], categories: [], brands: [] });
    const ids = answer.json.products.map((p: Body) => p.id);
    expect(ids.slice(0, 2)).toEqual(['VES-001', 'SAN-002']);
    expect(ids).toHaveLength(6);
    const one = await server.request('GET', `${CATALOG}/${ids[2]}`);
    expect(answer.json.products[2]).toEqual(one.json);
    expect((await server.request('GET', slices)).json.slices).toEqual([]);
    const ai = await server.request('POST', `${slices}/ai`, {
      body: { name: 'IA', startsAt: '2027-01-01T00:00:00Z', seeds: ['VES-001', 'SAN-002'], size: 6, includeSeeds: true },
    });
    expect(ai.json.products.map((p: { productId: string }) => p.productId)).toEqual(ids);
  });

  it('saves nothing', async () => {
    const before = await server.request('GET', '/api/v1/merchandising-collections/protected');
    await propose({ brief: 'vestidos', size: 3 });
    expect((await server.request('GET', '/api/v1/merchandising-collections/protected')).json).toEqual(before.json);
  });

  it.each([
    ['an empty brief', { brief: '  ', size: 5 }, 'brief'],
    ['a brief over 500 characters', { brief: 'a'.repeat(501), size: 5 }, 'brief'],
    ['a brief that is not text', { brief: 42, size: 5 }, 'brief'],
    ['no size', { brief: 'vestidos' }, 'size'],
    ['size 0', { brief: 'vestidos', size: 0 }, 'size'],
    ['size 501', { brief: 'vestidos', size: 501 }, 'size'],
    ['size 2.5', { brief: 'vestidos', size: 2.5 }, 'size'],
    ['availableOnly not a boolean', { brief: 'vestidos', size: 5, availableOnly: 'yes' }, 'availableOnly'],
    ['neither a brief nor seeds', { size: 5 }, 'brief'],
    ['a brief and seeds', { brief: 'vestidos', seeds: ['VES-001'], size: 5 }, 'seeds'],
    ['seeds not a list', { seeds: 'VES-001', size: 5 }, 'seeds'],
    ['no seed', { seeds: [], size: 5 }, 'seeds'],
    ['an unknown seed', { seeds: ['VES-001', 'NAO-EXISTE-99'], size: 5 }, 'seeds.1'],
    ['includeSeeds with a brief', { brief: 'vestidos', size: 5, includeSeeds: true }, 'includeSeeds'],
  ])('answers 400 for %s', async (_label, body, path) => {
    const answer = await propose(body);
    expectProblem(answer, 400, 'VALIDATION_FAILED');
    expect(answer.json.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('answers 401 without a token and 403 to a token without collections:write', async () => {
    expectProblem(await server.request('POST', PROPOSALS, { token: null, body: { brief: 'x', size: 1 } }), 401, 'UNAUTHORIZED');
    const reader = await server.tokenWith(['collections:read', 'products:read']);
    expectProblem(await propose({ brief: 'vestidos', size: 1 }, reader), 403, 'FORBIDDEN');
  });
});
