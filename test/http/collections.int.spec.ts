import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describe } from '../support/suite.js';
import { expectProblem, startTestServer, type TestResponse, type TestServer } from '../support/http-harness.js';
import { ACTIVE_SLICE_RESPONSE_FIELDS } from '../support/mothers.js';

const BASE = '/api/v1/merchandising-collections/protected';
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('merchandising collections', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    for (const [id, body] of [
      ['CHEAP', { name: 'Blusa', category: 'blusas', price: 80 }],
      ['DEAR', { name: 'Bolsa', category: 'bolsas', price: 900 }],
      ['GONE', { name: 'Saia', category: 'saias', price: 90, available: false }],
    ] as const) {
      await server.request('PUT', `/api/v1/products/protected/catalog/${id}`, { body });
    }
  });
  afterAll(() => server.close());
  beforeEach(() => server.clock.set('2026-11-21T12:00:00.000Z'));

  async function newCollection(name = 'Black Friday', description = 'Ofertas da semana'): Promise<number> {
    const answer = await server.request('POST', BASE, { body: { name, description } });
    expect(answer.status).toBe(201);
    return answer.json.id;
  }

  async function newSlice(collectionId: number, body: Record<string, unknown>): Promise<TestResponse> {
    return server.request('POST', `${BASE}/${collectionId}/slices`, {
      body: { name: 'Slice', type: 'MANUAL', products: ['CHEAP'], ...body },
    });
  }

  describe('collections', () => {
    it('creates a collection: 201 with { id, name, description, createdAt, sliceCount }, then who made it and its version', async () => {
      const answer = await server.request('POST', BASE, { body: { name: '  Natal  ', description: 'Presentes' } });
      expect(answer.status).toBe(201);
      expect(Object.keys(answer.json)).toEqual([
        'id',
        'name',
        'description',
        'createdAt',
        'sliceCount',
        'updatedAt',
        'updatedBy',
        'version',
      ]);
      expect(answer.json).toEqual({
        id: expect.any(Number),
        name: 'Natal',
        description: 'Presentes',
        createdAt: '2026-11-21T12:00:00.000Z',
        sliceCount: 0,
        updatedAt: '2026-11-21T12:00:00.000Z',
        updatedBy: 'bootstrap-admin',
        version: 1,
      });
      expect(answer.headers.get('etag')).toBe(`"collection-${answer.json.id}.1"`);
      expect(Number.isInteger(answer.json.id) && answer.json.id > 0).toBe(true);
    });

    it('accepts the builder’s POST / with a trailing slash and a missing description', async () => {
      const answer = await server.request('POST', `${BASE}/`, { body: { name: 'Sem descrição' } });
      expect(answer.status).toBe(201);
      expect(answer.json.description).toBe('');
    });

    it('lists collections with their slice counts', async () => {
      const id = await newCollection('Listada');
      await newSlice(id, { startsAt: '2026-11-01T00:00:00Z' });
      const answer = await server.request('GET', BASE);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.json)).toEqual(['collections', 'nextCursor']);
      expect(answer.json.collections).toContainEqual({
        id,
        name: 'Listada',
        description: 'Ofertas da semana',
        createdAt: '2026-11-21T12:00:00.000Z',
        sliceCount: 1,
        updatedAt: '2026-11-21T12:00:00.000Z',
        updatedBy: 'bootstrap-admin',
        version: 1,
        activeSlice: {
          id: expect.any(Number),
          name: 'Slice',
          startsAt: '2026-11-01T00:00:00.000Z',
          endsAt: '9999-12-31T23:59:59.999Z',
        },
      });
    });

    it('lists each collection with the slice it shows at the very instant of the answer, or null', async () => {
      const starting = await newCollection('Começa agora');
      const startsNow = (await newSlice(starting, { name: 'Agora', startsAt: '2026-11-21T12:00:00.000Z' })).json.id;
      const ending = await newCollection('Termina agora');
      await newSlice(ending, { name: 'Antes', startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-21T12:00:00.000Z' });
      const tied = await newCollection('Empate');
      await newSlice(tied, { name: 'Primeiro', startsAt: '2026-11-20T00:00:00Z' });
      const laterId = (await newSlice(tied, { name: 'Segundo', startsAt: '2026-11-20T00:00:00Z' })).json.id;
      const empty = await newCollection('Vazia');
      const live = async () => {
        const answer = await server.request('GET', `${BASE}?limit=200`);
        expect(answer.status).toBe(200);
        const byId = new Map(answer.json.collections.map((c: { id: number; activeSlice: unknown }) => [c.id, c.activeSlice]));
        return [starting, ending, tied, empty].map((id) => byId.get(id));
      };

      server.clock.set('2026-11-21T11:59:59.999Z');
      expect(await live()).toEqual([
        null,
        { id: expect.any(Number), name: 'Antes', startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-11-21T12:00:00.000Z' },
        { id: laterId, name: 'Segundo', startsAt: '2026-11-20T00:00:00.000Z', endsAt: '9999-12-31T23:59:59.999Z' },
        null,
      ]);
      server.clock.set('2026-11-21T12:00:00.000Z');
      expect(await live()).toEqual([
        { id: startsNow, name: 'Agora', startsAt: '2026-11-21T12:00:00.000Z', endsAt: '9999-12-31T23:59:59.999Z' },
        null,
        { id: laterId, name: 'Segundo', startsAt: '2026-11-20T00:00:00.000Z', endsAt: '9999-12-31T23:59:59.999Z' },
        null,
      ]);
      // The same answer as the contract read, collection by collection.
      for (const id of [starting, tied]) {
        const read = await server.request('GET', `${BASE}/${id}`);
        expect(read.json.sliceId).toBe(id === starting ? startsNow : laterId);
      }
      expectProblem(await server.request('GET', `${BASE}/${ending}`), 404, 'NO_ACTIVE_SLICE');
    });

    it('renames and re-describes with PATCH (200), and deletes with DELETE (204) together with its slices', async () => {
      const id = await newCollection();
      const slice = await newSlice(id, { startsAt: '2026-11-01T00:00:00Z' });
      const renamed = await server.request('PATCH', `${BASE}/${id}`, { body: { name: 'Cyber Monday' } });
      expect(renamed.status).toBe(200);
      expect(renamed.json).toEqual({
        id,
        name: 'Cyber Monday',
        description: 'Ofertas da semana',
        createdAt: '2026-11-21T12:00:00.000Z',
        sliceCount: 1,
        updatedAt: '2026-11-21T12:00:00.000Z',
        updatedBy: 'bootstrap-admin',
        version: 2,
      });
      expect(renamed.headers.get('etag')).toBe(`"collection-${id}.2"`);
      expect((await server.request('PATCH', `${BASE}/${id}`, { body: { description: '' } })).json.description).toBe('');
      expect((await server.request('DELETE', `${BASE}/${id}`)).status).toBe(204);
      expectProblem(await server.request('GET', `${BASE}/${id}`), 404, 'COLLECTION_NOT_FOUND');
      expectProblem(await server.request('GET', `${BASE}/${id}/slices/${slice.json.id}`), 404, 'COLLECTION_NOT_FOUND');
      expectProblem(await server.request('DELETE', `${BASE}/${id}`), 404, 'COLLECTION_NOT_FOUND');
      expectProblem(await server.request('PATCH', `${BASE}/${id}`, { body: { name: 'x' } }), 404, 'COLLECTION_NOT_FOUND');
    });

    it.each([
      ['no name', { description: 'x' }, 'name'],
      ['an empty name', { name: '  ' }, 'name'],
      ['a numeric name', { name: 5 }, 'name'],
      ['a name over 200 characters', { name: 'x'.repeat(201) }, 'name'],
      ['a description that is not text', { name: 'x', description: ['a'] }, 'description'],
    ])('refuses a collection with %s (400)', async (_label, body, path) => {
      const answer = await server.request('POST', BASE, { body });
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors[0].path).toBe(path);
    });

    it('refuses a PATCH that changes nothing', async () => {
      const id = await newCollection();
      expectProblem(await server.request('PATCH', `${BASE}/${id}`, { body: {} }), 400, 'VALIDATION_FAILED');
    });

    it.each(['abc', '0', '-1', '1.5', '1e3', '01', '99999999999999999999'])(
      'answers 400 for the collection id %s',
      async (id) => {
        const answer = await server.request('GET', `${BASE}/${id}`);
        expectProblem(answer, 400, 'VALIDATION_FAILED');
        expect(answer.json.errors[0].path).toBe('id');
      },
    );
  });

  describe('GET /:id, the contract read', () => {
    let id: number;
    beforeAll(async () => {
      id = await newCollection('Verão', 'Linho e praia');
      await newSlice(id, {
        name: 'Expirada',
        startsAt: '2026-10-01T00:00:00Z',
        endsAt: '2026-11-01T00:00:00Z',
        products: ['GONE'],
      });
      await newSlice(id, {
        name: 'Longa',
        startsAt: '2026-11-01T00:00:00-03:00',
        endsAt: '2026-12-01T03:00:00Z',
        products: ['DEAR', 'CHEAP'],
      });
      await newSlice(id, {
        name: 'Fim de semana',
        startsAt: '2026-11-20T00:00:00.000Z',
        endsAt: '2026-11-23T00:00:00.000Z',
        products: ['DEAR', 'GONE', 'UNKNOWN', 'CHEAP'],
        filters: { availableOnly: true, maxPrice: 500 },
      });
      await newSlice(id, { name: 'Natal', startsAt: '2026-12-01T03:00:00Z', products: ['CHEAP'] });
    });

    it('answers exactly the ActiveSliceResponse of the active slice with the latest start', async () => {
      const answer = await server.request('GET', `${BASE}/${id}`);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.json)).toEqual(ACTIVE_SLICE_RESPONSE_FIELDS);
      expect(answer.json).toEqual({
        collectionId: id,
        collectionName: 'Verão',
        collectionDescription: 'Linho e praia',
        sliceId: expect.any(Number),
        sliceName: 'Fim de semana',
        startsAt: '2026-11-20T00:00:00.000Z',
        endsAt: '2026-11-23T00:00:00.000Z',
        products: [
          { productId: 'DEAR', position: 1, active: false },
          { productId: 'GONE', position: 2, active: false },
          { productId: 'UNKNOWN', position: 3, active: false },
          { productId: 'CHEAP', position: 4, active: true },
        ],
      });
      for (const product of answer.json.products) expect(Object.keys(product)).toEqual(['productId', 'position', 'active']);
    });

    it.each([
      ['2026-11-19T23:59:59.999Z', 'Longa'],
      ['2026-11-20T00:00:00.000Z', 'Fim de semana'],
      ['2026-11-22T23:59:59.999Z', 'Fim de semana'],
      ['2026-11-23T00:00:00.000Z', 'Longa'],
      ['2026-11-01T02:59:59.999Z', undefined],
      ['2026-11-01T03:00:00.000Z', 'Longa'],
      ['2026-12-01T02:59:59.999Z', 'Longa'],
      ['2026-12-01T03:00:00.000Z', 'Natal'],
      ['9999-12-31T23:59:59.998Z', 'Natal'],
    ])('at %s shows %s', async (instant, name) => {
      server.clock.set(instant);
      const answer = await server.request('GET', `${BASE}/${id}`);
      if (name === undefined) {
        expectProblem(answer, 404, 'NO_ACTIVE_SLICE');
        expect(answer.json).not.toHaveProperty('products');
      } else {
        expect(answer.json.sliceName).toBe(name);
      }
    });

    it('breaks a tie of equal starts by the higher slice id', async () => {
      const tie = await newCollection('Empate');
      const first = await newSlice(tie, { name: 'Primeira', startsAt: '2026-11-21T00:00:00Z' });
      const second = await newSlice(tie, { name: 'Segunda', startsAt: '2026-11-21T00:00:00Z' });
      expect(second.json.id).toBeGreaterThan(first.json.id);
      expect((await server.request('GET', `${BASE}/${tie}`)).json.sliceName).toBe('Segunda');
    });

    it('answers 404 NO_ACTIVE_SLICE for a collection without slices, 404 COLLECTION_NOT_FOUND for none', async () => {
      const empty = await newCollection('Vazia');
      expectProblem(await server.request('GET', `${BASE}/${empty}`), 404, 'NO_ACTIVE_SLICE');
      expectProblem(await server.request('GET', `${BASE}/987654`), 404, 'COLLECTION_NOT_FOUND');
    });
  });

  describe('slices', () => {
    let id: number;
    beforeEach(async () => {
      id = await newCollection();
    });

    it('creates a slice: 201 with its products as { productId, position }', async () => {
      const answer = await newSlice(id, {
        name: 'Black Friday',
        type: 'SPREADSHEET',
        startsAt: '2026-11-27T00:00:00-03:00',
        endsAt: '2026-11-28T00:00:00-03:00',
        products: ['B', 'A', 'C'],
        filters: { categories: ['vestidos'] },
      });
      expect(answer.status).toBe(201);
      expect(answer.json).toEqual({
        id: expect.any(Number),
        name: 'Black Friday',
        type: 'SPREADSHEET',
        startsAt: '2026-11-27T03:00:00.000Z',
        endsAt: '2026-11-28T03:00:00.000Z',
        status: 'SCHEDULED',
        colour: 'yellow',
        productCount: 3,
        filters: { categories: ['vestidos'] },
        createdAt: '2026-11-21T12:00:00.000Z',
        updatedAt: '2026-11-21T12:00:00.000Z',
        updatedBy: 'bootstrap-admin',
        version: 1,
        products: [
          { productId: 'B', position: 1 },
          { productId: 'A', position: 2 },
          { productId: 'C', position: 3 },
        ],
        warnings: [],
        notInCatalog: ['B', 'A', 'C'],
      });
      expect(answer.headers.get('etag')).toBe(`"slice-${answer.json.id}.1"`);
    });

    it('gives a slice without endsAt (or with null) the far-future end', async () => {
      for (const endsAt of [undefined, null]) {
        const answer = await newSlice(id, { startsAt: '2026-11-01T00:00:00Z', ...(endsAt === null ? { endsAt } : {}) });
        expect(answer.json.endsAt).toBe('9999-12-31T23:59:59.999Z');
      }
    });

    it('accepts 500 products and refuses 501, saving nothing', async () => {
      const ids = (n: number) => Array.from({ length: n }, (_, i) => `P-${i + 1}`);
      const ok = await newSlice(id, { startsAt: '2026-11-01T00:00:00Z', products: ids(500) });
      expect(ok.status).toBe(201);
      expect(ok.json.products.at(-1)).toEqual({ productId: 'P-500', position: 500 });
      const tooMany = await newSlice(id, { startsAt: '2026-11-01T00:00:00Z', products: ids(501) });
      expectProblem(tooMany, 400, 'VALIDATION_FAILED');
      expect(tooMany.json.errors).toEqual([{ path: 'products', message: 'must hold at most 500 products (got 501)' }]);
      expect((await server.request('GET', `${BASE}/${id}/slices`)).json.slices).toHaveLength(1);
    });

    it.each([
      ['endsAt equal to startsAt', { startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-01T00:00:00.000Z' }, ['endsAt']],
      ['endsAt before startsAt', { startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-10-31T23:59:59.999Z' }, ['endsAt']],
      ['a start without offset', { startsAt: '2026-11-01T00:00:00' }, ['startsAt']],
      ['a start as a date only', { startsAt: '2026-11-01' }, ['startsAt']],
      ['a start as epoch milliseconds', { startsAt: 1793491200000 }, ['startsAt']],
      ['no start', {}, ['startsAt']],
      ['an unknown type', { startsAt: '2026-11-01T00:00:00Z', type: 'RANDOM' }, ['type']],
      ['duplicate products', { startsAt: '2026-11-01T00:00:00Z', products: ['A', 'B', 'A'] }, ['products.2']],
      ['an empty product id', { startsAt: '2026-11-01T00:00:00Z', products: ['A', ''] }, ['products.1']],
      ['a product id that is not text', { startsAt: '2026-11-01T00:00:00Z', products: ['A', 7] }, ['products.1']],
      ['products that are not a list', { startsAt: '2026-11-01T00:00:00Z', products: 'A,B' }, ['products']],
      [
        'a filter of the wrong type',
        { startsAt: '2026-11-01T00:00:00Z', filters: { availableOnly: 'yes' } },
        ['filters.availableOnly'],
      ],
      [
        'minPrice above maxPrice',
        { startsAt: '2026-11-01T00:00:00Z', filters: { minPrice: 10, maxPrice: 5 } },
        ['filters.minPrice'],
      ],
    ])('refuses a slice with %s (400)', async (_label, body, paths) => {
      const answer = await newSlice(id, body);
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors.map((e: { path: string }) => e.path)).toEqual(paths);
    });

    it('trims product ids, then refuses the ones that repeat', async () => {
      const trimmed = await newSlice(id, { startsAt: '2026-11-01T00:00:00Z', products: [' CHEAP', 'DEAR\t'] });
      expect(trimmed.json.products).toEqual([
        { productId: 'CHEAP', position: 1 },
        { productId: 'DEAR', position: 2 },
      ]);
      const repeated = await newSlice(id, { startsAt: '2026-11-01T00:00:00Z', products: ['CHEAP', ' CHEAP '] });
      expect(repeated.json.errors).toEqual([{ path: 'products.1', message: 'duplicates products.0 (CHEAP)' }]);
    });

    it('lists the first 100 problems of a huge bad request, and how many there are', async () => {
      const answer = await newSlice(id, {
        startsAt: '2026-11-01T00:00:00Z',
        products: Array.from({ length: 400 }, () => 'SAME'),
      });
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors).toHaveLength(100);
      expect(answer.json.errorCount).toBe(399);
    });

    it('lists slices with status and colour', async () => {
      await newSlice(id, { name: 'Expirada', startsAt: '2026-10-01T00:00:00Z', endsAt: '2026-11-21T12:00:00.000Z' });
      await newSlice(id, {
        name: 'Ativa',
        startsAt: '2026-11-21T12:00:00.000Z',
        endsAt: '2026-11-21T12:00:00.001Z',
        filters: { tags: ['festa'] },
      });
      await newSlice(id, { name: 'Agendada', startsAt: '2026-11-21T12:00:00.001Z', products: [] });
      const answer = await server.request('GET', `${BASE}/${id}/slices`);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.json)).toEqual(['collection', 'slices', 'nextCursor']);
      expect(answer.json.collection).toMatchObject({ id, sliceCount: 3 });
      expect(
        answer.json.slices.map((s: { name: string; status: string; colour: string }) => [s.name, s.status, s.colour]),
      ).toEqual([
        ['Expirada', 'EXPIRED', 'red'],
        ['Ativa', 'ACTIVE', 'green'],
        ['Agendada', 'SCHEDULED', 'yellow'],
      ]);
      expect(Object.keys(answer.json.slices[1])).toEqual([
        'id',
        'name',
        'type',
        'startsAt',
        'endsAt',
        'status',
        'colour',
        'productCount',
        'filters',
        'createdAt',
        'updatedAt',
        'updatedBy',
        'version',
        'overlapsWith',
      ]);
      expect(answer.json.slices[1].filters).toEqual({ tags: ['festa'] });
      expect(answer.json.slices[2].productCount).toBe(0);
      for (const s of answer.json.slices) {
        expect(s.startsAt).toMatch(ISO_MS);
        expect(s.endsAt).toMatch(ISO_MS);
      }
    });

    it('reads one slice with its products’ active flags', async () => {
      const created = await newSlice(id, {
        startsAt: '2026-11-01T00:00:00Z',
        products: ['CHEAP', 'DEAR'],
        filters: { maxPrice: 100 },
      });
      const answer = await server.request('GET', `${BASE}/${id}/slices/${created.json.id}`);
      expect(answer.status).toBe(200);
      expect(answer.json.products).toEqual([
        { productId: 'CHEAP', position: 1, active: true },
        { productId: 'DEAR', position: 2, active: false },
      ]);
      expect(answer.json.status).toBe('ACTIVE');
    });

    it('replaces a slice with PUT (200), and a failed PUT changes nothing', async () => {
      const created = await newSlice(id, { startsAt: '2026-11-01T00:00:00Z', products: ['A', 'B'] });
      const path = `${BASE}/${id}/slices/${created.json.id}`;
      const replaced = await server.request('PUT', path, {
        body: { name: 'Nova', type: 'AI', startsAt: '2026-12-01T00:00:00Z', products: ['C'] },
      });
      expect(replaced.status).toBe(200);
      expect(replaced.json).toMatchObject({
        id: created.json.id,
        name: 'Nova',
        type: 'AI',
        status: 'SCHEDULED',
        products: [{ productId: 'C', position: 1 }],
      });
      const failed = await server.request('PUT', path, {
        body: { name: 'Quebrada', type: 'AI', startsAt: '2026-12-01T00:00:00Z', products: ['C', 'C'] },
      });
      expectProblem(failed, 400, 'VALIDATION_FAILED');
      expect((await server.request('GET', path)).json).toMatchObject({
        name: 'Nova',
        products: [{ productId: 'C', position: 1, active: true }],
      });
    });

    it('deletes a slice (204); then it is 404 SLICE_NOT_FOUND', async () => {
      const created = await newSlice(id, { startsAt: '2026-11-01T00:00:00Z' });
      const path = `${BASE}/${id}/slices/${created.json.id}`;
      expect((await server.request('DELETE', path)).status).toBe(204);
      expectProblem(await server.request('GET', path), 404, 'SLICE_NOT_FOUND');
      expectProblem(await server.request('DELETE', path), 404, 'SLICE_NOT_FOUND');
      expectProblem(
        await server.request('PUT', path, {
          body: { name: 'x', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: [] },
        }),
        404,
        'SLICE_NOT_FOUND',
      );
      expectProblem(await server.request('GET', `${BASE}/${id}`), 404, 'NO_ACTIVE_SLICE');
    });

    it('answers 404 COLLECTION_NOT_FOUND for slices of an unknown collection', async () => {
      expectProblem(await newSlice(987654, { startsAt: '2026-11-01T00:00:00Z' }), 404, 'COLLECTION_NOT_FOUND');
      expectProblem(await server.request('GET', `${BASE}/987654/slices`), 404, 'COLLECTION_NOT_FOUND');
    });

    it('answers 400 for a slice id that is not a positive integer', async () => {
      const answer = await server.request('GET', `${BASE}/${id}/slices/first`);
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors[0].path).toBe('sliceId');
    });

    it('lets collections:read read but not write', async () => {
      const reader = await server.tokenWith(['collections:read']);
      expect((await server.request('GET', `${BASE}/${id}/slices`, { token: reader })).status).toBe(200);
      expectProblem(await server.request('POST', `${BASE}/${id}/slices`, { token: reader, body: {} }), 403, 'FORBIDDEN');
    });
  });
});
