import { afterAll, beforeAll, expect, it } from 'vitest';
import { describe } from '../support/suite.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';

const SIMILAR = '/api/v1/products/protected/similar';
const CATALOG = '/api/v1/products/protected/catalog';

describe('POST /api/v1/products/protected/similar', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const products = [
      {
        id: 'HERO',
        name: 'Vestido Midi',
        category: 'vestidos',
        brand: 'Aurora',
        price: 300,
        tags: ['verão'],
        similar: ['BAG', 'GONE', 'OUT', 'BAG'],
      },
      { id: 'BAG', name: 'Bolsa', category: 'bolsas' },
      { id: 'OUT', name: 'Vestido esgotado', category: 'vestidos', available: false },
      ...Array.from({ length: 30 }, (_, i) => ({
        id: `V-${i}`,
        name: `Vestido ${i}`,
        category: 'vestidos',
        brand: i % 2 ? 'Aurora' : 'Trama',
        price: 100 + i * 10,
        tags: i % 3 ? ['verão'] : [],
      })),
    ];
    for (const { id, ...body } of products) {
      expect((await server.request('PUT', `${CATALOG}/${id}`, { body })).status).toBe(201);
    }
  });
  afterAll(() => server.close());

  const similar = (body: unknown, token?: string) => server.request('POST', SIMILAR, { body, ...(token ? { token } : {}) });

  it('answers 200 with exactly { products: string[] }', async () => {
    const answer = await similar({ userId: 'u-1', sessionId: 's-1', data: { id: 'HERO' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(answer.json)).toEqual(['products']);
    expect(answer.json.products.every((id: unknown) => typeof id === 'string')).toBe(true);
  });

  it('never answers the product itself, a duplicate, an unknown or an unavailable product', async () => {
    const { json } = await similar({ sessionId: 's', data: { id: 'HERO', limit: 100 } });
    expect(json.products[0]).toBe('BAG');
    expect(json.products).not.toContain('HERO');
    expect(json.products).not.toContain('GONE');
    expect(json.products).not.toContain('OUT');
    expect(new Set(json.products).size).toBe(json.products.length);
    expect(json.products).toHaveLength(31);
  });

  it('answers 20 products by default and honours data.limit', async () => {
    expect((await similar({ sessionId: 's', data: { id: 'HERO' } })).json.products).toHaveLength(20);
    expect((await similar({ sessionId: 's', data: { id: 'HERO', limit: 1 } })).json.products).toEqual(['BAG']);
    expect((await similar({ sessionId: 's', data: { id: 'HERO', limit: 5 } })).json.products).toHaveLength(5);
  });

  it.each([
    ['absent', {}],
    ['null', { userId: null }],
    ['an empty string', { userId: '' }],
    ['a string', { userId: 'u-42' }],
  ])('accepts userId %s', async (_label, userId) => {
    expect((await similar({ ...userId, sessionId: 's', data: { id: 'HERO' } })).status).toBe(200);
  });

  it('ignores unknown fields', async () => {
    expect((await similar({ sessionId: 's', data: { id: 'HERO', extra: 1 }, channel: 'whatsapp' })).status).toBe(200);
  });

  it('trims data.id before looking it up', async () => {
    expect((await similar({ sessionId: 's', data: { id: '  HERO ' } })).status).toBe(200);
  });

  it.each([
    ['sessionId missing', { data: { id: 'HERO' } }, 'sessionId'],
    ['sessionId empty', { sessionId: '', data: { id: 'HERO' } }, 'sessionId'],
    ['sessionId only spaces', { sessionId: '   ', data: { id: 'HERO' } }, 'sessionId'],
    ['sessionId a number', { sessionId: 42, data: { id: 'HERO' } }, 'sessionId'],
    ['sessionId null', { sessionId: null, data: { id: 'HERO' } }, 'sessionId'],
    ['sessionId an operator object', { sessionId: { $gt: '' }, data: { id: 'HERO' } }, 'sessionId'],
    ['data missing', { sessionId: 's' }, 'data'],
    ['data a string', { sessionId: 's', data: 'HERO' }, 'data'],
    ['data an array', { sessionId: 's', data: ['HERO'] }, 'data'],
    ['data.id missing', { sessionId: 's', data: {} }, 'data.id'],
    ['data.id empty', { sessionId: 's', data: { id: '' } }, 'data.id'],
    ['data.id only spaces', { sessionId: 's', data: { id: ' ' } }, 'data.id'],
    ['data.id a number', { sessionId: 's', data: { id: 7 } }, 'data.id'],
    ['data.id an operator object', { sessionId: 's', data: { id: { $ne: null } } }, 'data.id'],
    ['data.id an array', { sessionId: 's', data: { id: ['HERO'] } }, 'data.id'],
    ['userId a number', { userId: 1, sessionId: 's', data: { id: 'HERO' } }, 'userId'],
    ['userId an operator object', { userId: { $gt: '' }, sessionId: 's', data: { id: 'HERO' } }, 'userId'],
    ['data.limit zero', { sessionId: 's', data: { id: 'HERO', limit: 0 } }, 'data.limit'],
    ['data.limit 101', { sessionId: 's', data: { id: 'HERO', limit: 101 } }, 'data.limit'],
    ['data.limit not an integer', { sessionId: 's', data: { id: 'HERO', limit: 2.5 } }, 'data.limit'],
    ['data.limit a string', { sessionId: 's', data: { id: 'HERO', limit: '5' } }, 'data.limit'],
  ])('answers 400 when %s, naming %s', async (_label, body, path) => {
    const answer = await similar(body);
    expectProblem(answer, 400, 'VALIDATION_FAILED');
    expect(answer.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
  });

  it('lists every problem of a request at once', async () => {
    const answer = await similar({ userId: 5, sessionId: '', data: { id: '' } });
    expect(answer.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['data.id', 'sessionId', 'userId']);
  });

  it.each([
    ['an array', []],
    ['a string', 'HERO'],
    ['a number', 42],
    ['null', null],
  ])('answers 400 for a body that is %s', async (_label, body) => {
    const answer = await server.request('POST', SIMILAR, {
      rawBody: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json' },
    });
    expectProblem(answer, 400, 'VALIDATION_FAILED');
  });

  it('answers 400 for an empty body', async () => {
    expectProblem(
      await server.request('POST', SIMILAR, { headers: { 'Content-Type': 'application/json' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(await server.request('POST', SIMILAR), 400, 'VALIDATION_FAILED');
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown product, however long its id', async () => {
    expectProblem(await similar({ sessionId: 's', data: { id: 'NOPE' } }), 404, 'PRODUCT_NOT_FOUND');
    expectProblem(await similar({ sessionId: 's', data: { id: 'X'.repeat(300) } }), 404, 'PRODUCT_NOT_FOUND');
  });

  it('answers 401 without a token and 403 without products:read', async () => {
    expectProblem(
      await server.request('POST', SIMILAR, { token: null, body: { sessionId: 's', data: { id: 'HERO' } } }),
      401,
      'UNAUTHORIZED',
    );
    const crm = await server.tokenWith(['profiles:read', 'products:write']);
    expectProblem(await similar({ sessionId: 's', data: { id: 'HERO' } }, crm), 403, 'FORBIDDEN');
  });
});

describe('catalog endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const product = {
    name: 'Tênis Casual',
    description: 'Couro',
    category: 'tenis',
    brand: 'Trama',
    price: 349.9,
    tags: ['casual'],
    attributes: { cor: 'Preto' },
    embedding: [0.1, 0.2],
    similar: ['T-2'],
  };

  it('creates (201), reads, replaces (200) and deletes (204) a product', async () => {
    const created = await server.request('PUT', `${CATALOG}/T-1`, { body: product });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ id: 'T-1', ...product, available: true });
    expect(created.json.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const read = await server.request('GET', `${CATALOG}/T-1`);
    expect(read.json).toEqual(created.json);
    const replaced = await server.request('PUT', `${CATALOG}/T-1`, { body: { name: 'Tênis', available: false } });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ id: 'T-1', name: 'Tênis', available: false, tags: [], attributes: {} });
    expect(replaced.json).not.toHaveProperty('price');
    expect((await server.request('DELETE', `${CATALOG}/T-1`)).status).toBe(204);
    expectProblem(await server.request('GET', `${CATALOG}/T-1`), 404, 'PRODUCT_NOT_FOUND');
    expectProblem(await server.request('DELETE', `${CATALOG}/T-1`), 404, 'PRODUCT_NOT_FOUND');
  });

  it.each([
    ['no name', { price: 1 }, ['name']],
    ['an empty name', { name: ' ' }, ['name']],
    ['a price as text', { name: 'x', price: '10' }, ['price']],
    ['a negative price', { name: 'x', price: -1 }, ['price']],
    ['tags that are not a list', { name: 'x', tags: 'a' }, ['tags']],
    ['a non-text attribute', { name: 'x', attributes: { size: 42 } }, ['attributes.size']],
    ['an embedding with text', { name: 'x', embedding: [1, 'a'] }, ['embedding.1']],
    ['a curated list naming itself', { name: 'x', similar: ['T-9'] }, ['similar.0']],
    ['available as text', { name: 'x', available: 'no' }, ['available']],
  ])('answers 400 for %s and stores nothing', async (_label, body, paths) => {
    const answer = await server.request('PUT', `${CATALOG}/T-9`, { body });
    expectProblem(answer, 400, 'VALIDATION_FAILED');
    expect(answer.json.errors.map((e: { path: string }) => e.path)).toEqual(paths);
    expectProblem(await server.request('GET', `${CATALOG}/T-9`), 404, 'PRODUCT_NOT_FOUND');
  });

  it('answers 400 for a product id with surrounding spaces', async () => {
    expectProblem(await server.request('PUT', `${CATALOG}/%20T-1`, { body: { name: 'x' } }), 400, 'VALIDATION_FAILED');
  });

  it('lets products:read read but not write', async () => {
    const reader = await server.tokenWith(['products:read']);
    await server.request('PUT', `${CATALOG}/T-3`, { body: { name: 'x' } });
    expect((await server.request('GET', `${CATALOG}/T-3`, { token: reader })).status).toBe(200);
    expectProblem(await server.request('PUT', `${CATALOG}/T-3`, { token: reader, body: { name: 'y' } }), 403, 'FORBIDDEN');
    expectProblem(await server.request('DELETE', `${CATALOG}/T-3`, { token: reader }), 403, 'FORBIDDEN');
  });
});
