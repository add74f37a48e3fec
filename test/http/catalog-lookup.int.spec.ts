import { afterAll, beforeAll, expect, it } from 'vitest';
import { describe } from '../support/suite.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';

const CATALOG = '/api/v1/products/protected/catalog';
const LOOKUP = `${CATALOG}/lookup`;
const TOKENS = '/api/v1/admin/protected/tokens';

describe('reading many products in one request (POST catalog/lookup)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const products = Array.from({ length: 500 }, (_, i) => ({
      id: `L-${String(i).padStart(3, '0')}`,
      name: `Produto ${i}`,
      price: i,
    }));
    expect((await server.request('POST', `${CATALOG}/batch`, { body: { products } })).json.created).toBe(500);
  });
  afterAll(() => server.close());

  it('answers the products in the order asked, each once, and lists the ids no product has', async () => {
    const answer = await server.request('POST', LOOKUP, {
      body: { ids: ['L-007', 'NOPE-1', 'L-002', 'L-007', 'NOPE-1', 'L-499'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.products.map((p: { id: string }) => p.id)).toEqual(['L-007', 'L-002', 'L-499']);
    expect(answer.json.products[0]).toMatchObject({ id: 'L-007', name: 'Produto 7', price: 7, available: true, tags: [] });
    expect(answer.json.missing).toEqual(['NOPE-1']);
  });

  it('reads 500 products at once, as a full slice holds', async () => {
    const ids = Array.from({ length: 500 }, (_, i) => `L-${String(499 - i).padStart(3, '0')}`);
    const answer = await server.request('POST', LOOKUP, { body: { ids } });
    expect(answer.status).toBe(200);
    expect(answer.json.products.map((p: { id: string }) => p.id)).toEqual(ids);
    expect(answer.json.missing).toEqual([]);
  });

  it('answers an id stored before the safe characters were required, as a single read does', async () => {
    const old = await server.request('POST', LOOKUP, { body: { ids: ['NOT SAFE <b>'] } });
    expect(old.status).toBe(200);
    expect(old.json).toEqual({ products: [], missing: ['NOT SAFE <b>'] });
  });

  it('refuses with 400 naming every problem: no ids, over 500, ids that cannot name a product, unknown fields', async () => {
    const cases: [unknown, { path: string; message: string }[]][] = [
      [{}, [{ path: 'ids', message: 'is required' }]],
      [{ ids: [] }, [{ path: 'ids', message: 'must hold at least one id' }]],
      [{ ids: 'L-001' }, [{ path: 'ids', message: 'must be an array of ids' }]],
      [{ ids: Array.from({ length: 501 }, (_, i) => `L-${i}`) }, [{ path: 'ids', message: 'must hold at most 500 ids' }]],
      [{ ids: ['L-001'], fields: ['name'] }, [{ path: 'fields', message: 'is not a field of this object (it takes: ids)' }]],
      [{ ids: ['L-001', 7] }, [{ path: 'ids.1', message: 'must be a string' }]],
      [
        { ids: ['L-001', 'L-001', ' L-002', '', 'lookup', 'x'.repeat(201)] },
        [
          { path: 'ids.2', message: 'must not start or end with spaces' },
          { path: 'ids.3', message: 'must not be empty' },
          { path: 'ids.4', message: "must not be batch, batch-delete, lookup, names (words of the catalog's routes)" },
          { path: 'ids.5', message: 'must be at most 200 characters' },
        ],
      ],
    ];
    for (const [body, errors] of cases) {
      const answer = await server.request('POST', LOOKUP, { body });
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors, JSON.stringify(body).slice(0, 80)).toEqual(errors);
    }
  });

  it('refuses a body that is not JSON with 415, and broken JSON with 400', async () => {
    const text = await server.request('POST', LOOKUP, { rawBody: 'ids=L-001', headers: { 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(415);
    const broken = await server.request('POST', LOOKUP, {
      rawBody: '{"ids": [',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });

  it('answers 401 without a token and 403 to a token without products:read', async () => {
    expectProblem(await server.request('POST', LOOKUP, { token: null, body: { ids: ['L-001'] } }), 401, 'UNAUTHORIZED');
    const writer = await server.tokenWith(['products:write']);
    expectProblem(await server.request('POST', LOOKUP, { token: writer, body: { ids: ['L-001'] } }), 403, 'FORBIDDEN');
    const reader = await server.tokenWith(['products:read']);
    expect((await server.request('POST', LOOKUP, { token: reader, body: { ids: ['L-001'] } })).status).toBe(200);
  });

  it('counts as one request against the token rate limit, and answers 429 with Retry-After past it', async () => {
    const issued = await server.request('POST', TOKENS, {
      body: { name: 'builder', scopes: ['products:read'], rateLimit: { requests: 1, windowSeconds: 60 } },
    });
    const token = issued.json.token as string;
    const ids = Array.from({ length: 500 }, (_, i) => `L-${String(i).padStart(3, '0')}`);
    expect((await server.request('POST', LOOKUP, { token, body: { ids } })).status).toBe(200);
    const refused = await server.request('POST', LOOKUP, { token, body: { ids } });
    expectProblem(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('keeps the reserved word out of product ids: a product cannot be called lookup', async () => {
    const answer = await server.request('PUT', `${CATALOG}/lookup`, { body: { name: 'x' } });
    expectProblem(answer, 400, 'VALIDATION_FAILED');
  });
});
