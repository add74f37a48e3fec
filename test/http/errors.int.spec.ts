import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describe } from '../support/suite.js';
import { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { ProductStoreToken } from '../../src/domain/product/product-store.js';
import { override } from '../../src/composition/overrides.js';

const SIMILAR = '/api/v1/products/protected/similar';

/** A store whose failures carry internals that must never reach a client. */
class BrokenProductStore extends InMemoryProductStore {
  override async get(): Promise<never> {
    const error = new Error('connection to mongodb://admin:hunter2@10.0.0.5:27017 lost in /srv/vitrine/src/adapters/mongo.ts');
    throw error;
  }
}

describe('errors as RFC 9457 problem details', () => {
  let server: TestServer;
  let broken: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    broken = await startTestServer({ overrides: [override(ProductStoreToken, new BrokenProductStore())] });
  });
  afterAll(async () => {
    await server.close();
    await broken.close();
  });

  it('answers problem details with type, title, status, code and detail', async () => {
    const answer = await server.request('GET', '/api/v1/products/protected/catalog/none');
    expectProblem(answer, 404, 'PRODUCT_NOT_FOUND');
    expect(answer.json).toEqual({
      type: 'urn:vitrine:problem:product-not-found',
      title: 'Product not found',
      status: 404,
      code: 'PRODUCT_NOT_FOUND',
      detail: 'No product has this id.',
    });
  });

  it('answers 415 to a body that is not application/json', async () => {
    for (const [type, body] of [
      ['text/plain', '{"sessionId":"s","data":{"id":"x"}}'],
      ['application/x-www-form-urlencoded', 'sessionId=s&data[id]=x'],
      ['application/xml', '<similar/>'],
    ] as const) {
      expectProblem(
        await server.request('POST', SIMILAR, { rawBody: body, headers: { 'Content-Type': type } }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    }
  });

  it('reads a compressed JSON body, limits what it inflates to, and answers 415 to an unknown encoding', async () => {
    const product = { name: 'Vestido', category: 'vestidos' };
    const put = (body: Buffer, encoding: string) =>
      server.request('PUT', '/api/v1/products/protected/catalog/GZ-1', {
        rawBody: body,
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
      });
    expect((await put(gzipSync(JSON.stringify(product)), 'gzip')).status).toBe(201);
    expect((await put(brotliCompressSync(JSON.stringify(product)), 'br')).status).toBe(200);
    // Small on the wire, 300 KB inflated: over the 256 KB of a JSON body.
    const bomb = gzipSync(JSON.stringify({ ...product, description: ' '.repeat(300_000) }));
    expect(bomb.length).toBeLessThan(2_000);
    expectProblem(await put(bomb, 'gzip'), 413, 'PAYLOAD_TOO_LARGE');
    expectProblem(await put(Buffer.from(JSON.stringify(product)), 'x-squeeze'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a body holding a __proto__ member, naming why', async () => {
    const answer = await server.request('PUT', '/api/v1/products/protected/catalog/P-PROTO', {
      rawBody: '{"name":"x","attributes":{"__proto__":{"polluted":"yes"}}}',
      headers: { 'Content-Type': 'application/json' },
    });
    expectProblem(answer, 400, 'VALIDATION_FAILED');
    expect(answer.json.errors).toEqual([{ path: 'body', message: 'must not hold a __proto__ member' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lists the problems of the path parameters, the query and the body together', async () => {
    const answer = await server.request('PUT', '/api/v1/merchandising-collections/protected/x/slices/0', {
      body: { name: '', type: 'MANUAL', products: [] },
    });
    expectProblem(answer, 400, 'VALIDATION_FAILED');
    expect(answer.json.errors.map((e: { path: string }) => e.path)).toEqual(['id', 'sliceId', 'name', 'startsAt']);
  });

  it.each([
    ['GET', '/health/live?verbose=1', 'verbose', 'it takes none'],
    ['GET', '/api/v1/crm/protected/profile/user-profile-id/up_x?fields=all', 'fields', 'it takes none'],
    ['GET', '/api/v1/merchandising-collections/protected/1?when=2026-11-21T00:00:00Z', 'when', 'it takes: at'],
    ['POST', `${SIMILAR}?limit=3`, 'limit', 'it takes none'],
  ])('refuses a query parameter %s %s does not take, naming it and what it takes', async (method, path, name, takes) => {
    const answer = await server.request(method, path, method === 'POST' ? { body: { sessionId: 's', data: { id: 'x' } } } : {});
    expectProblem(answer, 400, 'VALIDATION_FAILED');
    expect(answer.json.errors).toEqual([{ path: name, message: `is not a query parameter of this route (${takes})` }]);
  });

  it('refuses unknown fields in its own write bodies, naming each and what the object takes, and writes nothing', async () => {
    const created = await server.request('POST', '/api/v1/merchandising-collections/protected', {
      body: { name: 'Verão', limt: 2, colour: 'red' },
    });
    expectProblem(created, 400, 'VALIDATION_FAILED');
    expect(created.json.errors).toEqual([
      { path: 'limt', message: 'is not a field of this object (it takes: name, description)' },
      { path: 'colour', message: 'is not a field of this object (it takes: name, description)' },
    ]);
    const listed = await server.request('GET', '/api/v1/merchandising-collections/protected?name=Ver%C3%A3o');
    expect(listed.json.collections).toEqual([]);

    const product = await server.request('PUT', '/api/v1/products/protected/catalog/NEW-1', {
      body: { name: 'Vestido', category: 'vestidos', availble: false },
    });
    expectProblem(product, 400, 'VALIDATION_FAILED');
    expect(product.json.errors).toEqual([
      { path: 'availble', message: expect.stringMatching(/^is not a field of this object \(it takes: .*available/) },
    ]);
    expect((await server.request('GET', '/api/v1/products/protected/catalog/NEW-1')).status).toBe(404);

    const profile = await server.request('PUT', '/api/v1/crm/protected/profile/user-profile-id/up_new', {
      body: { profile: { perfil_cliente: { estilo: 'clássico' } } },
    });
    expectProblem(profile, 400, 'VALIDATION_FAILED');
    expect(profile.json.errors).toEqual([
      {
        path: 'profile.perfil_cliente.estilo',
        message: 'is not a field of this object (it takes: descricao_geral, estilo_geral)',
      },
    ]);

    const events = await server.request('POST', '/api/v1/events/protected/batch', {
      body: { events: [{ eventId: 'u-1', type: 'view', productId: 'VES-001', sessionId: 's', user: 'up_x' }] },
    });
    expect(events.json.results?.[0] ?? events.json).toMatchObject({
      errors: [{ path: 'user', message: expect.stringContaining('is not a field of this object') }],
    });
  });

  it('refuses a product id outside the safe characters, and stores nothing', async () => {
    const id = '<img src=x onerror=alert(1)>';
    const answer = await server.request('PUT', `/api/v1/products/protected/catalog/${encodeURIComponent(id)}`, {
      body: { name: 'Vestido' },
    });
    expectProblem(answer, 400, 'VALIDATION_FAILED');
    expect(answer.json.errors).toEqual([{ path: 'id', message: expect.stringContaining('may hold only letters, digits') }]);
    expectProblem(
      await server.request('GET', `/api/v1/products/protected/catalog/${encodeURIComponent(id)}`),
      404,
      'PRODUCT_NOT_FOUND',
    );
  });

  it('keeps ignoring unknown fields in the contract’s similar-products request, as decided', async () => {
    await server.request('PUT', '/api/v1/products/protected/catalog/VES-001', {
      body: { name: 'Vestido', category: 'vestidos' },
    });
    const answer = await server.request('POST', SIMILAR, {
      body: { sessionId: 's', channel: 'whatsapp', data: { id: 'VES-001', limit: 2, lang: 'pt' } },
    });
    expect(answer.status).toBe(200);
  });

  it('answers 400 naming the path or the query to a malformed percent-encoding, on either lane, and still reads good escapes', async () => {
    for (const [path, where] of [
      ['/api/v1/products/protected/catalog/P-%E0%A4%A', 'path'],
      ['/api/v1/crm/protected/profile/user-profile-id/up_%zz', 'path'],
      ['/api/v1/products/protected/catalog?q=%E0%A4%A', 'query'],
      ['/api/v1/products/protected/catalog?q=vestido&category=%', 'query'],
    ] as const) {
      const answer = await server.request('GET', path);
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors, path).toEqual([{ path: where, message: expect.stringContaining('malformed percent-encoding') }]);
    }
    // Good escapes are read as before: a product id with a space, a search for an accented word.
    expect((await server.request('GET', '/api/v1/products/protected/catalog/P%20NONE')).status).toBe(404);
    expect((await server.request('GET', '/api/v1/products/protected/catalog?q=ver%C3%A3o')).status).toBe(200);
  });

  it('accepts application/json with a charset parameter', async () => {
    const answer = await server.request('POST', SIMILAR, {
      rawBody: '{"sessionId":"s","data":{"id":"x"}}',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expectProblem(answer, 404, 'PRODUCT_NOT_FOUND');
  });

  it.each(['{"sessionId": "s", ', 'not json at all', '{"a":1}}', "{'a': 1}"])(
    'answers 400 to the malformed JSON %j',
    async (raw) => {
      const answer = await server.request('POST', SIMILAR, { rawBody: raw, headers: { 'Content-Type': 'application/json' } });
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors).toEqual([{ path: 'body', message: 'must be a valid JSON object' }]);
    },
  );

  it('answers 413 to a body over 256 KB, and accepts one just under', async () => {
    const big = JSON.stringify({ sessionId: 's', data: { id: 'x' }, padding: 'x'.repeat(300 * 1024) });
    expectProblem(
      await server.request('POST', SIMILAR, { rawBody: big, headers: { 'Content-Type': 'application/json' } }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    const fits = JSON.stringify({ sessionId: 's', data: { id: 'x' }, padding: 'x'.repeat(250 * 1024) });
    expectProblem(
      await server.request('POST', SIMILAR, { rawBody: fits, headers: { 'Content-Type': 'application/json' } }),
      404,
      'PRODUCT_NOT_FOUND',
    );
  });

  it('answers 404 ROUTE_NOT_FOUND as a problem for unknown routes, with or without a token', async () => {
    for (const path of [
      '/nothing-here',
      '/api/v1/unknown',
      '/api/v2/products/protected/similar',
      '/api/v1/crm/protected/profile/fax/123',
    ]) {
      expectProblem(await server.request('GET', path), 404, 'ROUTE_NOT_FOUND');
      expectProblem(await server.request('GET', path, { token: null }), 404, 'ROUTE_NOT_FOUND');
    }
  });

  it('answers 405 with an Allow header for a known route and another method', async () => {
    const answer = await server.request('GET', SIMILAR);
    expectProblem(answer, 405, 'METHOD_NOT_ALLOWED');
    expect(answer.headers.get('allow')).toBe('POST');
  });

  it('answers 500 INTERNAL without any internal detail when something unexpected fails', async () => {
    const answer = await broken.request('GET', '/api/v1/products/protected/catalog/x');
    expectProblem(answer, 500, 'INTERNAL');
    expect(answer.json).toEqual({
      type: 'urn:vitrine:problem:internal',
      title: 'Internal server error',
      status: 500,
      code: 'INTERNAL',
      detail: 'An unexpected error occurred.',
    });
    for (const leak of ['mongodb', 'hunter2', '/srv', '.ts', 'at ', 'Error']) expect(answer.text).not.toContain(leak);
  });

  it('never shows a stack trace or an internal path, whatever the failure', async () => {
    const answers = await Promise.all([
      server.request('POST', SIMILAR, { rawBody: '{', headers: { 'Content-Type': 'application/json' } }),
      server.request('POST', SIMILAR, { rawBody: 'x'.repeat(300 * 1024), headers: { 'Content-Type': 'application/json' } }),
      server.request('GET', '/api/v1/merchandising-collections/protected/%E0%A4%A'),
      broken.request('POST', SIMILAR, { body: { sessionId: 's', data: { id: 'x' } } }),
    ]);
    for (const answer of answers) {
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      expect(answer.text).not.toMatch(/node_modules|\/src\/|\.ts\b|\.js:\d|\n\s+at /);
    }
  });
});
