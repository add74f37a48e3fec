import { afterAll, beforeAll, expect, it } from 'vitest';
import { describe } from '../support/suite.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';

const CATALOG = '/api/v1/products/protected/catalog';
const BATCH = `${CATALOG}/batch`;
const BATCH_DELETE = `${CATALOG}/batch-delete`;
const PROFILES_BATCH = '/api/v1/crm/protected/profile/batch';
const SIMILAR = '/api/v1/products/protected/similar';

describe('batch writes and the similarity engine through HTTP', () => {
  let server: TestServer;
  const similar = async (id: string, limit?: number) =>
    (await server.request('POST', SIMILAR, { body: { sessionId: 's', data: { id, ...(limit ? { limit } : {}) } } })).json
      .products as string[];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('upserts a batch: good items applied, bad ones reported by index with their errors, a re-run unchanged', async () => {
    const body = {
      products: [
        { id: 'B-1', name: 'Saia plissada linho', category: 'saias', price: 120 },
        { id: 'B-2', name: 'Saia linho cru', category: 'saias', price: 130 },
        { id: 'B-3', name: 'Saia', price: 'cento e vinte' },
        'not an object',
        { name: 'no id' },
        { id: 'B-1', name: 'again' },
      ],
    };
    const first = await server.request('POST', BATCH, { body });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ created: 2, replaced: 0, unchanged: 0, invalid: 4 });
    expect(first.json.results).toEqual([
      { index: 0, id: 'B-1', status: 'created' },
      { index: 1, id: 'B-2', status: 'created' },
      { index: 2, id: 'B-3', status: 'invalid', errors: [{ path: 'price', message: 'must be a number' }] },
      { index: 3, status: 'invalid', errors: [expect.objectContaining({ path: 'item' })] },
      { index: 4, status: 'invalid', errors: [{ path: 'id', message: 'is required' }] },
      { index: 5, id: 'B-1', status: 'invalid', errors: [{ path: 'id', message: 'appears already at index 0 of this batch' }] },
    ]);
    expect((await server.request('GET', `${CATALOG}/B-3`)).status).toBe(404);
    const again = await server.request('POST', BATCH, { body });
    expect(again.json).toMatchObject({ created: 0, replaced: 0, unchanged: 2, invalid: 4 });
    expect(await similar('B-1')).toEqual(['B-2']);
    const metrics = (await server.request('GET', '/metrics', { token: null })).text;
    expect(metrics).toMatch(/^vitrine_similarity_products [1-9]\d*$/m);
    expect(metrics).toMatch(/^vitrine_similarity_pending_lists \d+$/m);
  });

  it('refuses an envelope that is not 1 to 1,000 products with 400, applying nothing', async () => {
    for (const body of [
      {},
      { products: [] },
      { products: {} },
      { products: Array.from({ length: 1001 }, (_, i) => ({ id: `X-${i}`, name: 'x' })) },
    ]) {
      expectProblem(await server.request('POST', BATCH, { body }), 400, 'VALIDATION_FAILED');
    }
    expect((await server.request('GET', `${CATALOG}/X-0`)).status).toBe(404);
  });

  it('refuses a batch body over 2 MB with 413, writing nothing', async () => {
    const products = Array.from({ length: 200 }, (_, i) => ({ id: `L-${i}`, name: 'Grande', description: 'd'.repeat(11_000) }));
    const answer = await server.request('POST', BATCH, { body: { products } });
    expectProblem(answer, 413, 'PAYLOAD_TOO_LARGE');
    expect(answer.json.detail).toBe('The request body must not exceed 2 MB.');
    expect((await server.request('GET', `${CATALOG}/L-0`)).status).toBe(404);
  });

  it('takes bodies beyond 256 KB (embeddings) up to 2 MB on the batch route only', async () => {
    const products = Array.from({ length: 1000 }, (_, i) => ({
      id: `E-${i}`,
      name: `Produto ${i}`,
      embedding: Array.from({ length: 64 }, (_, j) => Math.sin(i * 0.37 + j) * (1 + (i % 7))),
    }));
    const answer = await server.request('POST', BATCH, { body: { products } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ created: 1000, invalid: 0 });
    const single = await server.request('PUT', `${CATALOG}/BIG`, {
      body: {
        name: 'x',
        description: 'y'.repeat(5000),
        tags: [],
        attributes: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`a${i}`, 'z'.repeat(3000)])),
      },
    });
    expectProblem(single, 413, 'PAYLOAD_TOO_LARGE');
    // Embedding neighbours: the nearest by cosine comes first.
    const neighbours = await similar('E-0', 5);
    expect(neighbours).toHaveLength(5);
    expect(neighbours).not.toContain('E-0');
    const wrong = await server.request('POST', BATCH, { body: { products: [{ id: 'E-X', name: 'x', embedding: [1, 2, 3] }] } });
    expect(wrong.json.results[0]).toMatchObject({ status: 'invalid', errors: [{ path: 'embedding' }] });
    expectProblem(
      await server.request('PUT', `${CATALOG}/E-Y`, { body: { name: 'x', embedding: [1, 2] } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('deletes a batch: ids deleted and ids missing; deleted products leave every answer', async () => {
    await server.request('POST', BATCH, {
      body: { products: ['D-1', 'D-2', 'D-3'].map((id) => ({ id, name: `Bolsa couro ${id}`, category: 'bolsas' })) },
    });
    expect((await similar('D-1')).sort()).toEqual(['D-2', 'D-3']);
    const answer = await server.request('POST', BATCH_DELETE, { body: { ids: ['D-2', 'NOPE', 'D-2'] } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ deleted: ['D-2'], missing: ['NOPE'] });
    expect(await similar('D-1')).toEqual(['D-3']);
    expectProblem(await server.request('POST', BATCH_DELETE, { body: { ids: [' bad '] } }), 400, 'VALIDATION_FAILED');
  });

  it("keeps a product's image URL, and refuses one that is not absolute http(s), storing nothing", async () => {
    const imageUrl = 'https://cdn.loja.com.br/produtos/IMG-1.jpg';
    const put = await server.request('PUT', `${CATALOG}/IMG-1`, { body: { name: 'Vestido', imageUrl } });
    expect(put.status).toBe(201);
    expect(put.json.imageUrl).toBe(imageUrl);
    expect((await server.request('GET', `${CATALOG}/IMG-1`)).json.imageUrl).toBe(imageUrl);
    const bad = await server.request('PUT', `${CATALOG}/IMG-2`, { body: { name: 'Vestido', imageUrl: 'javascript:alert(1)' } });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json.errors).toEqual([{ path: 'imageUrl', message: 'must be an absolute http or https URL' }]);
    expect((await server.request('GET', `${CATALOG}/IMG-2`)).status).toBe(404);
  });

  it("refuses the catalog's route words as product ids, so catalog/batch never reads a product", async () => {
    const put = await server.request('PUT', `${CATALOG}/batch`, { body: { name: 'Lote' } });
    expectProblem(put, 400, 'VALIDATION_FAILED');
    expect(put.json.errors).toEqual([
      { path: 'id', message: "must not be batch, batch-delete, lookup, names (words of the catalog's routes)" },
    ]);
    const batch = await server.request('POST', BATCH, { body: { products: [{ id: 'batch-delete', name: 'Lote' }] } });
    expect(batch.json.results[0]).toMatchObject({ status: 'invalid', errors: [{ path: 'id' }] });
    expectProblem(await server.request('GET', `${CATALOG}/batch`), 404, 'PRODUCT_NOT_FOUND');
  });

  it('refuses attribute names valibot would otherwise drop (constructor, prototype), naming the attribute', async () => {
    for (const name of ['constructor', 'prototype']) {
      const answer = await server.request('PUT', `${CATALOG}/R-1`, {
        body: { name: 'Saia', attributes: { cor: 'azul', [name]: 'x' } },
      });
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors).toEqual([
        { path: 'attributes', message: 'names __proto__, constructor and prototype are reserved' },
      ]);
    }
    expect((await server.request('GET', `${CATALOG}/R-1`)).status).toBe(404);
  });

  it('upserts profiles in a batch: identifiers normalised, one claimed twice refused for the later item, whatever lands first', async () => {
    const body = {
      profiles: [
        { userProfileId: 'up_b1', identifiers: { emails: ['b1@exemplo.com'] }, profile: { ganchos_conteudo: ['a'] } },
        { userProfileId: 'up_b2', identifiers: { emails: ['B1@Exemplo.com'] }, profile: {} },
        { userProfileId: 'up_b3', identifiers: { phones: ['not a phone'] }, profile: {} },
        { userProfileId: 'up_b4', profile: { ganchos_conteudo: 'not a list' } },
      ],
    };
    const first = await server.request('POST', PROFILES_BATCH, { body });
    expect(first.status).toBe(200);
    expect(first.json.results.map((r: { status: string }) => r.status)).toEqual(['created', 'invalid', 'invalid', 'invalid']);
    expect(first.json.results[1].errors).toEqual([
      { path: 'identifiers.emails.0', message: 'is given already by the item at index 0 of this batch' },
    ]);
    expect((await server.request('GET', '/api/v1/crm/protected/profile/email/b1@exemplo.com')).json.userProfileId).toBe('up_b1');
    // An identifier another profile holds in the store is still that item's conflict.
    const taken = await server.request('POST', PROFILES_BATCH, {
      body: { profiles: [{ userProfileId: 'up_b5', identifiers: { emails: ['b1@exemplo.com'] }, profile: {} }] },
    });
    expect(taken.json.results[0].errors[0].message).toMatch(/belongs to another profile/);
    const again = await server.request('POST', PROFILES_BATCH, { body: { profiles: [body.profiles[0]] } });
    expect(again.json).toMatchObject({ unchanged: 1 });
  });
});
