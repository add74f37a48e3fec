import { afterAll, beforeAll, expect, it } from 'vitest';
import { RefreshRuleSlices } from '../../src/application/merchandising/refresh-rule-slices.js';
import { UpsertProduct } from '../../src/application/product/upsert-product.js';
import { resolve } from '../../src/composition/resolve.js';
import { EventStoreToken } from '../../src/domain/events/event-store.js';
import { ACTIVE_SLICE_RESPONSE_FIELDS, anEvent, aPlainProductInput, at } from '../support/mothers.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

const BASE = '/api/v1/merchandising-collections/protected';
const RULES = {
  conditions: { categories: ['vestidos'], availableOnly: true },
  sort: 'bestSelling',
  windowDays: 7,
  pins: [
    { productId: 'V9', position: 1 },
    { productId: 'S1', position: 3 },
  ],
  size: 4,
};

describe('slices filled by rules, over HTTP', () => {
  let server: TestServer;
  let collectionId: number;
  let slices: string;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-11-20T00:00:00.000Z');
    const upsert = resolve(server.container, UpsertProduct);
    for (const [id, category, available] of [
      ['V1', 'vestidos', true],
      ['V2', 'vestidos', true],
      ['V3', 'vestidos', true],
      ['V4', 'vestidos', false],
      ['S1', 'saias', true],
    ] as const) {
      await upsert.execute(aPlainProductInput(id, { category, available }));
    }
    server.clock.set('2026-11-21T12:00:00.000Z');
    const purchases = (productId: string, n: number) =>
      Array.from({ length: n }, (_, i) =>
        anEvent({ type: 'purchase', productId, sessionId: `s-${productId}-${i}`, at: at('2026-11-21T00:00:00.000Z') }),
      );
    await resolve(server.container, EventStoreToken).append([
      ...purchases('V2', 3),
      ...purchases('V3', 1),
      ...purchases('V4', 9),
    ]);
    collectionId = (await server.request('POST', BASE, { body: { name: 'Verão' } })).json.id;
    slices = `${BASE}/${collectionId}/slices`;
  });
  afterAll(() => server.close());

  it('previews what rules would hold, each product’s position and pin, and counts, changing nothing', async () => {
    const answer = await server.request('POST', `${slices}/rules/preview`, { body: { rules: RULES } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      at: '2026-11-21T12:00:00.000Z',
      rules: { ...RULES, conditions: { availableOnly: true, categories: ['vestidos'] } },
      products: [
        { productId: 'V9', position: 1, pinned: true },
        { productId: 'V2', position: 2, pinned: false },
        { productId: 'S1', position: 3, pinned: true },
        { productId: 'V3', position: 4, pinned: false },
      ],
      counts: { matching: 3, pinned: 2, shown: 4 },
    });
    expect((await server.request('GET', slices)).json.slices).toEqual([]);
  });

  it('refuses rules that cannot hold, unknown fields and a missing collection, and needs collections:read', async () => {
    const broken = await server.request('POST', `${slices}/rules/preview`, {
      body: { rules: { ...RULES, size: 1, windowDays: 0 } },
    });
    expectProblem(broken, 400, 'VALIDATION_FAILED');
    expect(broken.json.errors.map((e: { path: string }) => e.path)).toEqual([
      'rules.windowDays',
      'rules.pins',
      'rules.pins.1.position',
    ]);
    const unknown = await server.request('POST', `${slices}/rules/preview`, { body: { rules: { ...RULES, limit: 3 } } });
    expectProblem(unknown, 400, 'VALIDATION_FAILED');
    expect(unknown.json.errors[0].path).toBe('rules.limit');
    const badSort = await server.request('POST', `${slices}/rules/preview`, { body: { rules: { ...RULES, sort: 'random' } } });
    expectProblem(badSort, 400, 'VALIDATION_FAILED');
    expectProblem(
      await server.request('POST', `${BASE}/9999/slices/rules/preview`, { body: { rules: RULES } }),
      404,
      'COLLECTION_NOT_FOUND',
    );
    expectProblem(
      await server.request('POST', `${slices}/rules/preview`, { body: { rules: RULES }, token: null }),
      401,
      'UNAUTHORIZED',
    );
    const writer = await server.request('POST', '/api/v1/admin/protected/tokens', {
      body: { name: 'feeds', scopes: ['events:write'] },
    });
    expectProblem(
      await server.request('POST', `${slices}/rules/preview`, { body: { rules: RULES }, token: writer.json.token }),
      403,
      'FORBIDDEN',
    );
  });

  it('creates, reads, replaces and serves a RULES slice: the contract’s answer unchanged, `active` from the filters', async () => {
    const created = await server.request('POST', slices, {
      body: {
        name: 'Mais vendidos',
        type: 'RULES',
        startsAt: '2026-11-21T00:00:00Z',
        filters: { availableOnly: true },
        rules: RULES,
      },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      type: 'RULES',
      version: 1,
      rules: { sort: 'bestSelling', windowDays: 7, size: 4 },
      refreshedAt: '2026-11-21T12:00:00.000Z',
      listChangedAt: '2026-11-21T12:00:00.000Z',
      products: [
        { productId: 'V9', position: 1 },
        { productId: 'V2', position: 2 },
        { productId: 'S1', position: 3 },
        { productId: 'V3', position: 4 },
      ],
      notInCatalog: ['V9'],
    });
    const path = `${slices}/${created.json.id}`;
    const read = await server.request('GET', path);
    expect(read.json).toMatchObject({ rules: created.json.rules, refreshedAt: '2026-11-21T12:00:00.000Z' });
    const served = await server.request('GET', `${BASE}/${collectionId}`);
    expect(Object.keys(served.json)).toEqual([...ACTIVE_SLICE_RESPONSE_FIELDS]);
    expect(served.json.products).toEqual([
      { productId: 'V9', position: 1, active: false },
      { productId: 'V2', position: 2, active: true },
      { productId: 'S1', position: 3, active: true },
      { productId: 'V3', position: 4, active: true },
    ]);
    const newest = await server.request('PUT', path, {
      headers: { 'If-Match': created.headers.get('etag')! },
      body: { name: 'Novidades', type: 'RULES', startsAt: '2026-11-21T00:00:00Z', rules: { sort: 'newest', size: 2 } },
    });
    expect(newest.status).toBe(200);
    // Every product was made at the same instant: the newest are then taken by id.
    expect(newest.json).toMatchObject({ version: 2, products: [{ productId: 'S1' }, { productId: 'V1' }] });
    expect(newest.json.rules).toEqual({ conditions: {}, sort: 'newest', pins: [], size: 2 });
    const history = await server.request('GET', `${path}/versions`);
    expect(history.json.versions[0]).toMatchObject({
      version: 2,
      rules: { sort: 'newest' },
      changes: { fields: ['name', 'filters', 'rules'] },
    });
    expect(history.json.versions[1]).toMatchObject({ version: 1, rules: { sort: 'bestSelling' } });
  });

  it('takes its rules back as a read answers them: the planner moves and copies a rule slice so', async () => {
    const created = await server.request('POST', slices, {
      body: { name: 'Para mover', type: 'RULES', startsAt: '2026-11-22T00:00:00Z', rules: RULES },
    });
    const path = `${slices}/${created.json.id}`;
    const read = await server.request('GET', path);
    const moved = await server.request('PUT', path, {
      headers: { 'If-Match': read.headers.get('etag')! },
      body: {
        name: read.json.name,
        type: 'RULES',
        startsAt: '2026-11-23T00:00:00Z',
        endsAt: null,
        filters: read.json.filters,
        rules: read.json.rules,
      },
    });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ startsAt: '2026-11-23T00:00:00.000Z', rules: read.json.rules });
    const ids = (slice: { products: { productId: string }[] }) => slice.products.map((p) => p.productId);
    expect(ids(moved.json)).toEqual(ids(read.json));
  });

  it('refuses a RULES slice without rules or with hand-made products, rules on other slices, and hand edits of its list', async () => {
    const body = { name: 'R', type: 'RULES', startsAt: '2026-11-21T00:00:00Z' };
    const without = await server.request('POST', slices, { body });
    expectProblem(without, 400, 'VALIDATION_FAILED');
    expect(without.json.errors).toEqual([{ path: 'rules', message: expect.stringContaining('required') }]);
    const both = await server.request('POST', slices, { body: { ...body, rules: RULES, products: ['V1'] } });
    expect(both.json.errors.map((e: { path: string }) => e.path)).toEqual(['products']);
    const manual = await server.request('POST', slices, { body: { ...body, type: 'MANUAL', products: [], rules: RULES } });
    expect(manual.json.errors.map((e: { path: string }) => e.path)).toEqual(['rules']);
    const made = await server.request('POST', slices, { body: { ...body, rules: RULES } });
    const edit = await server.request('PATCH', `${slices}/${made.json.id}/products`, {
      body: { operations: [{ op: 'remove', productId: 'V2' }] },
    });
    expectProblem(edit, 409, 'CONFLICT');
  });

  it('refreshes the list without changing the version, so a merchandiser’s If-Match still holds', async () => {
    const made = await server.request('POST', slices, {
      body: { name: 'Carrinho', type: 'RULES', startsAt: '2026-11-22T00:00:00Z', rules: { sort: 'mostAddedToCart', size: 2 } },
    });
    // No add-to-cart yet: all tie, taken by id.
    expect(made.json.products.map((p: { productId: string }) => p.productId)).toEqual(['S1', 'V1']);
    server.clock.set('2026-11-21T12:10:00.000Z');
    await resolve(server.container, EventStoreToken).append([
      anEvent({ type: 'add_to_cart', productId: 'V3', at: at('2026-11-21T12:05:00.000Z') }),
    ]);
    await resolve(server.container, RefreshRuleSlices).refreshNow();
    const read = await server.request('GET', `${slices}/${made.json.id}`);
    expect(read.json).toMatchObject({
      version: 1,
      refreshedAt: '2026-11-21T12:10:00.000Z',
      listChangedAt: '2026-11-21T12:10:00.000Z',
    });
    expect(read.json.products.map((p: { productId: string }) => p.productId)).toEqual(['V3', 'S1']);
    expect(read.headers.get('etag')).toBe(made.headers.get('etag'));
    const saved = await server.request('PUT', `${slices}/${made.json.id}`, {
      headers: { 'If-Match': made.headers.get('etag')! },
      body: { name: 'Carrinho', type: 'RULES', startsAt: '2026-11-22T00:00:00Z', rules: { sort: 'mostAddedToCart', size: 1 } },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.products).toEqual([{ productId: 'V3', position: 1 }]);
  });
});
