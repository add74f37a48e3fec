import { afterAll, beforeAll, expect, it } from 'vitest';
import { describe } from '../support/suite.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';

const CATALOG = '/api/v1/products/protected/catalog';

/** 30 dresses (every third out of stock, two brands), 5 skirts and a bag with the word in its description only. */
const PRODUCTS = [
  ...Array.from({ length: 30 }, (_, i) => ({
    id: `VES-${String(i).padStart(3, '0')}`,
    name: i % 5 === 0 ? `Vestido Linho ${i}` : `Vestido Seda ${i}`,
    category: 'Vestidos',
    brand: i % 2 === 0 ? 'Aurora' : 'Casa Lume',
    price: 100 + i * 10,
    available: i % 3 !== 0,
    tags: i % 4 === 0 ? ['Verão'] : [],
  })),
  ...Array.from({ length: 5 }, (_, i) => ({ id: `SAI-${i}`, name: `Saia Midi ${i}`, category: 'saias', brand: 'Trama' })),
  { id: 'BOL-1', name: 'Bolsa de palha', description: 'Combina com um vestido de linho.', category: 'bolsas' },
];

describe('GET /api/v1/products/protected/catalog (catalog search)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const answer = await server.request('POST', `${CATALOG}/batch`, { body: { products: PRODUCTS } });
    expect(answer.json.created).toBe(PRODUCTS.length);
  });
  afterAll(() => server.close());

  const get = (query: string, token?: string) => server.request('GET', `${CATALOG}?${query}`, token ? { token } : {});

  /** Every page of a search, following nextCursor: the ids in order, and the number of pages. */
  async function allPages(query: string): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await get(cursor === null ? query : `${query}&cursor=${cursor}`);
      expect(answer.status).toBe(200);
      ids.push(...answer.json.products.map((p: { id: string }) => p.id));
      cursor = answer.json.nextCursor;
      pages++;
    } while (cursor !== null && pages < 50);
    return { ids, pages };
  }

  it('answers { products, nextCursor } with each product as GET /catalog/:id answers it', async () => {
    const answer = await get('q=saia&limit=1');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(['products', 'nextCursor']);
    const one = await server.request('GET', `${CATALOG}/SAI-0`);
    expect(answer.json.products).toEqual([one.json]);
    expect(typeof answer.json.nextCursor).toBe('string');
  });

  it('ranks by the words of q (the name above a description, ties by id) and pages with the cursor', async () => {
    const { ids, pages } = await allPages('q=VESTIDOS&limit=7');
    expect(pages).toBe(5);
    const dresses = PRODUCTS.filter((p) => p.id.startsWith('VES')).map((p) => p.id);
    expect(ids).toEqual([...dresses, 'BOL-1']);
    const linen = await get('q=vestido%20linho&limit=3');
    expect(linen.json.products.map((p: { id: string }) => p.id)).toEqual(['VES-000', 'VES-005', 'VES-010']);
  });

  it('finds words ignoring accents and case, in tags and brand names too', async () => {
    const summer = await get('q=verao&limit=100');
    expect(summer.json.products.map((p: { id: string }) => p.id)).toEqual([
      'VES-000',
      'VES-004',
      'VES-008',
      'VES-012',
      'VES-016',
      'VES-020',
      'VES-024',
      'VES-028',
    ]);
    const lume = await get('q=LUME&limit=100&available=true');
    expect(lume.json.products).toHaveLength(10);
    expect(lume.json.products.every((p: { brand: string; available: boolean }) => p.brand === 'Casa Lume' && p.available)).toBe(
      true,
    );
  });

  it('lists by id without q, filtered by category and brand ignoring case and by availability', async () => {
    const { ids } = await allPages('limit=10');
    expect(ids).toEqual(PRODUCTS.map((p) => p.id).sort());
    const { ids: out } = await allPages('category=VESTIDOS&brand=aurora&available=false&limit=2');
    expect(out).toEqual(['VES-000', 'VES-006', 'VES-012', 'VES-018', 'VES-024']);
    const skirts = await get('category=saias&q=vestido');
    expect(skirts.json).toEqual({ products: [], nextCursor: null });
  });

  it('answers 20 products a page by default', async () => {
    const answer = await get('');
    expect(answer.json.products).toHaveLength(20);
    expect(answer.json.nextCursor).not.toBeNull();
  });

  it('sees a product written a moment ago, and no longer one deleted', async () => {
    expect((await server.request('PUT', `${CATALOG}/NEW-1`, { body: { name: 'Macacão Pantalona' } })).status).toBe(201);
    expect((await get('q=macacao')).json.products.map((p: { id: string }) => p.id)).toEqual(['NEW-1']);
    expect((await server.request('DELETE', `${CATALOG}/NEW-1`)).status).toBe(204);
    expect((await get('q=macacao')).json.products).toEqual([]);
  });

  it.each([
    ['limit 0', 'limit=0', 'limit'],
    ['limit over 100', 'limit=101', 'limit'],
    ['q over 200 characters', `q=${'a'.repeat(201)}`, 'q'],
    ['a category over 100 characters', `category=${'c'.repeat(101)}`, 'category'],
    ['available not true or false', 'available=yes', 'available'],
    ['a cursor that is not one', 'cursor=bm9wZQ', 'cursor'],
    ['a listing cursor on a ranked search', `q=vestido&cursor=${Buffer.from('i:VES-001').toString('base64url')}`, 'cursor'],
    ['a ranked cursor on a listing', `cursor=${Buffer.from('o:20').toString('base64url')}`, 'cursor'],
    ['a cursor past the first 1,000 results', `q=vestido&cursor=${Buffer.from('o:1000').toString('base64url')}`, 'cursor'],
    ['q twice', 'q=a&q=b', 'q'],
    ['an unknown parameter', 'sort=price', 'sort'],
  ])('answers 400 for %s', async (_label, query, path) => {
    const answer = await get(query);
    expectProblem(answer, 400, 'VALIDATION_FAILED');
    expect(answer.json.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('answers 401 without a token and 403 to a token without products:read', async () => {
    expectProblem(await server.request('GET', `${CATALOG}?q=vestido`, { token: null }), 401, 'UNAUTHORIZED');
    const writer = await server.tokenWith(['products:write', 'collections:read']);
    expectProblem(await get('q=vestido', writer), 403, 'FORBIDDEN');
    const reader = await server.tokenWith(['products:read']);
    expect((await get('q=vestido', reader)).status).toBe(200);
  });

  it('finds the words starting with the last word of q, from three characters, below the word itself', async () => {
    const ids = async (query: string) => (await get(query)).json.products.map((p: { id: string }) => p.id);
    const dresses = PRODUCTS.filter((p) => p.id.startsWith('VES')).map((p) => p.id);
    expect(await ids('q=vestid&limit=100')).toEqual([...dresses, 'BOL-1']);
    expect(await ids('q=VESTÍ&limit=100')).toEqual([...dresses, 'BOL-1']);
    expect(await ids('q=ve&limit=100')).toEqual([]);
    expect(await ids('q=linho%20vest&limit=3')).toEqual(['VES-000', 'VES-005', 'VES-010']);
    expect(await ids('q=bols&brand=trama')).toEqual([]);
    expect(await ids('q=sai&brand=TRAMA')).toEqual(['SAI-0', 'SAI-1', 'SAI-2', 'SAI-3', 'SAI-4']);
    // The whole word ranks above a longer one starting with it.
    expect((await server.request('PUT', `${CATALOG}/SAI-LONG`, { body: { name: 'Saiote' } })).status).toBe(201);
    expect((await ids('q=saia&limit=100')).at(-1)).not.toBe('SAI-LONG');
    expect(await ids('q=saio')).toEqual(['SAI-LONG']);
    const saiList = await ids('q=sai&limit=100');
    expect(saiList).toContain('SAI-LONG');
    expect((await server.request('DELETE', `${CATALOG}/SAI-LONG`)).status).toBe(204);
  });

  it('names the categories and brands to filter by, the most common first', async () => {
    const answer = await server.request('GET', `${CATALOG}/names`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ categories: ['Vestidos', 'saias', 'bolsas'], brands: ['Aurora', 'Casa Lume', 'Trama'] });
    expectProblem(await server.request('GET', `${CATALOG}/names`, { token: null }), 401, 'UNAUTHORIZED');
    const writer = await server.tokenWith(['products:write']);
    expectProblem(await server.request('GET', `${CATALOG}/names`, { token: writer }), 403, 'FORBIDDEN');
    expectProblem(await server.request('GET', `${CATALOG}/names?limit=3`), 400, 'VALIDATION_FAILED');
    // "names" is a word of the routes: no product may take it.
    expectProblem(await server.request('PUT', `${CATALOG}/names`, { body: { name: 'Nomes' } }), 400, 'VALIDATION_FAILED');
  });

  it('leaves GET /catalog/:id as it was', async () => {
    expect((await server.request('GET', `${CATALOG}/VES-001`)).json.id).toBe('VES-001');
    expectProblem(await server.request('GET', `${CATALOG}/NOPE`), 404, 'PRODUCT_NOT_FOUND');
  });
});
