import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { MAX_SLICE_VERSIONS } from '../../src/domain/merchandising/slice-history.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

const BASE = '/api/v1/merchandising-collections/protected';
const START = '2026-11-01T00:00:00.000Z';

describe('a slice’s history', () => {
  let server: TestServer;
  let collectionId: number;
  let sliceId: number;
  let slicePath: string;
  let versionsPath: string;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    server.clock.set('2026-11-21T12:00:00.000Z');
    collectionId = (await server.request('POST', BASE, { body: { name: 'Black Friday' } })).json.id;
    const created = await server.request('POST', `${BASE}/${collectionId}/slices`, {
      body: { name: 'Esquenta', type: 'MANUAL', startsAt: START, products: ['A', 'B', 'C'] },
    });
    sliceId = created.json.id;
    slicePath = `${BASE}/${collectionId}/slices/${sliceId}`;
    versionsPath = `${slicePath}/versions`;
  });

  const replace = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.request('PUT', slicePath, { body: { type: 'MANUAL', startsAt: START, ...body }, headers });

  /** Saves versions 2 (a rename, D added, B removed) and 3 (C moved first, a filter), by another token, a day later. */
  async function twoMoreVersions(): Promise<void> {
    server.clock.set('2026-11-22T09:00:00.000Z');
    await replace({ name: 'Esquenta 2', products: ['A', 'C', 'D'] });
    const planner = await server.request('POST', '/api/v1/admin/protected/tokens', {
      body: { name: 'planner', scopes: ['collections:write'] },
    });
    server.clock.set('2026-11-22T10:00:00.000Z');
    const answer = await server.request('PATCH', `${slicePath}/products`, {
      token: planner.json.token,
      body: { operations: [{ op: 'move', productId: 'C', position: 1 }] },
    });
    expect(answer.status).toBe(200);
  }

  it('lists every version newest first: who saved it, when, and what it changed', async () => {
    await twoMoreVersions();
    const answer = await server.request('GET', versionsPath);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.json).toMatchObject({ collectionId, sliceId, nextCursor: null });
    expect(answer.json.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    const [third, second, first] = answer.json.versions;
    expect(third).toMatchObject({
      version: 3,
      at: '2026-11-22T10:00:00.000Z',
      by: 'planner',
      name: 'Esquenta 2',
      productCount: 3,
      changes: { fields: [], added: [], removed: [], moved: [{ productId: 'C', from: 2, to: 1 }] },
    });
    expect(second.changes).toEqual({
      fields: ['name'],
      added: [{ productId: 'D', position: 3 }],
      removed: [{ productId: 'B', position: 2 }],
      moved: [],
      counts: { added: 1, removed: 1, moved: 0 },
    });
    expect(first).toMatchObject({ version: 1, at: '2026-11-21T12:00:00.000Z', by: 'bootstrap-admin', changes: null });
    expect(first).not.toHaveProperty('products');
  });

  it('pages with limit and cursor', async () => {
    await twoMoreVersions();
    const first = await server.request('GET', `${versionsPath}?limit=2`);
    expect(first.json.versions.map((v: { version: number }) => v.version)).toEqual([3, 2]);
    expect(first.json.versions[1].changes).not.toBeNull();
    const second = await server.request('GET', `${versionsPath}?limit=2&cursor=${first.json.nextCursor}`);
    expect(second.json.versions.map((v: { version: number }) => v.version)).toEqual([1]);
    expect(second.json.nextCursor).toBeNull();
  });

  it('reads one version whole, with its products and all it changed', async () => {
    await twoMoreVersions();
    const answer = await server.request('GET', `${versionsPath}/2`);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      collectionId,
      sliceId,
      version: 2,
      by: 'bootstrap-admin',
      name: 'Esquenta 2',
      type: 'MANUAL',
      startsAt: START,
      endsAt: '9999-12-31T23:59:59.999Z',
      filters: {},
      productCount: 3,
      products: [
        { productId: 'A', position: 1 },
        { productId: 'C', position: 2 },
        { productId: 'D', position: 3 },
      ],
      changes: { fields: ['name'], counts: { added: 1, removed: 1, moved: 0 } },
    });
    expect((await server.request('GET', `${versionsPath}/1`)).json.changes).toBeNull();
  });

  it('restores a version as a new one: the slice, its list and the active-slice answer serve it', async () => {
    await twoMoreVersions();
    expect(
      (await server.request('GET', `${BASE}/${collectionId}`)).json.products.map((p: { productId: string }) => p.productId),
    ).toEqual(['C', 'A', 'D']);
    const restored = await server.request('POST', `${versionsPath}/1/restore`, {
      headers: { 'If-Match': `"slice-${sliceId}.3"` },
    });
    expect(restored.status).toBe(200);
    expect(restored.headers.get('etag')).toBe(`"slice-${sliceId}.4"`);
    expect(restored.json).toMatchObject({
      name: 'Esquenta',
      version: 4,
      products: [{ productId: 'A' }, { productId: 'B' }, { productId: 'C' }],
    });
    expect((await server.request('GET', slicePath)).json).toMatchObject({ name: 'Esquenta', version: 4, productCount: 3 });
    const active = await server.request('GET', `${BASE}/${collectionId}`);
    expect(active.json).toMatchObject({ sliceName: 'Esquenta' });
    expect(active.json.products.map((p: { productId: string }) => p.productId)).toEqual(['A', 'B', 'C']);
    const listed = await server.request('GET', versionsPath);
    expect(listed.json.versions.map((v: { version: number }) => v.version)).toEqual([4, 3, 2, 1]);
    expect(listed.json.versions[0].changes).toMatchObject({ fields: ['name'], counts: { added: 1, removed: 1 } });
  });

  it('restores without If-Match too, like any change of the slice', async () => {
    await replace({ name: 'Outro', products: ['Z'] });
    const restored = await server.request('POST', `${versionsPath}/1/restore`);
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ version: 3, name: 'Esquenta', updatedBy: 'bootstrap-admin' });
  });

  it('answers 412 to a stale If-Match and changes nothing', async () => {
    await replace({ name: 'Esquenta 2', products: ['A'] });
    const answer = await server.request('POST', `${versionsPath}/1/restore`, { headers: { 'If-Match': `"slice-${sliceId}.1"` } });
    expectProblem(answer, 412, 'PRECONDITION_FAILED');
    expect((await server.request('GET', slicePath)).json).toMatchObject({ name: 'Esquenta 2', version: 2 });
    expect((await server.request('GET', versionsPath)).json.versions).toHaveLength(2);
  });

  it('answers 404 for a version, a slice or a collection it does not know', async () => {
    const missingVersion = await server.request('GET', `${versionsPath}/2`);
    expectProblem(missingVersion, 404, 'SLICE_VERSION_NOT_FOUND');
    expect(missingVersion.json.detail).toContain('it is at version 1');
    expectProblem(await server.request('POST', `${versionsPath}/2/restore`), 404, 'SLICE_VERSION_NOT_FOUND');
    const otherSlice = `${BASE}/${collectionId}/slices/${sliceId + 1000}/versions`;
    expectProblem(await server.request('GET', otherSlice), 404, 'SLICE_NOT_FOUND');
    expectProblem(await server.request('GET', `${otherSlice}/1`), 404, 'SLICE_NOT_FOUND');
    expectProblem(await server.request('POST', `${otherSlice}/1/restore`), 404, 'SLICE_NOT_FOUND');
    const otherCollection = `${BASE}/${collectionId + 1000}/slices/${sliceId}/versions`;
    expectProblem(await server.request('GET', otherCollection), 404, 'COLLECTION_NOT_FOUND');
    expectProblem(await server.request('GET', `${otherCollection}/1`), 404, 'COLLECTION_NOT_FOUND');
    expectProblem(await server.request('POST', `${otherCollection}/1/restore`), 404, 'COLLECTION_NOT_FOUND');
  });

  it('forgets the history of a deleted slice', async () => {
    await replace({ name: 'Esquenta 2', products: ['A'] });
    expect((await server.request('DELETE', slicePath)).status).toBe(204);
    expectProblem(await server.request('GET', versionsPath), 404, 'SLICE_NOT_FOUND');
    expectProblem(await server.request('GET', `${versionsPath}/1`), 404, 'SLICE_NOT_FOUND');
  });

  it('answers 400 to a version, a limit or a cursor that cannot be', async () => {
    for (const path of [`${versionsPath}/0`, `${versionsPath}/abc`, `${versionsPath}/01`, `${versionsPath}/-1/restore`]) {
      const method = path.endsWith('/restore') ? 'POST' : 'GET';
      expectProblem(await server.request(method, path), 400, 'VALIDATION_FAILED');
    }
    for (const query of ['limit=0', `limit=${MAX_SLICE_VERSIONS + 1}`, 'limit=x', `cursor=${btoa('0')}`, 'cursor=abc']) {
      const answer = await server.request('GET', `${versionsPath}?${query}`);
      expectProblem(answer, 400, 'VALIDATION_FAILED');
    }
    expectProblem(await server.request('GET', `${versionsPath}?after=1`), 400, 'VALIDATION_FAILED');
  });

  it('needs a token (401), collections:read to read and collections:write to restore (403)', async () => {
    for (const [method, path] of [
      ['GET', versionsPath],
      ['GET', `${versionsPath}/1`],
      ['POST', `${versionsPath}/1/restore`],
    ] as const) {
      expectProblem(await server.request(method, path, { token: null }), 401, 'UNAUTHORIZED');
      expectProblem(await server.request(method, path, { token: 'vtr_unknown' }), 401, 'UNAUTHORIZED');
    }
    const reader = await server.tokenWith(['collections:read']);
    expect((await server.request('GET', versionsPath, { token: reader })).status).toBe(200);
    expect((await server.request('GET', `${versionsPath}/1`, { token: reader })).status).toBe(200);
    expectProblem(await server.request('POST', `${versionsPath}/1/restore`, { token: reader }), 403, 'FORBIDDEN');
    const writer = await server.tokenWith(['collections:write']);
    expectProblem(await server.request('GET', versionsPath, { token: writer }), 403, 'FORBIDDEN');
    expect((await server.request('POST', `${versionsPath}/1/restore`, { token: writer })).status).toBe(200);
  });

  it(`keeps only the last ${MAX_SLICE_VERSIONS} versions; an older one answers 404`, async () => {
    const last = MAX_SLICE_VERSIONS + 3;
    for (let n = 2; n <= last; n++) {
      expect((await replace({ name: `Esquenta ${n}`, products: [`P${n}`] })).status).toBe(200);
    }
    const versions: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { json: { versions: { version: number }[]; nextCursor: string | null } } = await server.request(
        'GET',
        `${versionsPath}?limit=${MAX_SLICE_VERSIONS}${cursor === null ? '' : `&cursor=${cursor}`}`,
      );
      versions.push(...page.json.versions.map((v) => v.version));
      cursor = page.json.nextCursor;
    } while (cursor !== null);
    expect(versions).toEqual(Array.from({ length: MAX_SLICE_VERSIONS }, (_, i) => last - i));
    const oldest = last - MAX_SLICE_VERSIONS + 1;
    expect((await server.request('GET', `${versionsPath}/${oldest}`)).json).toMatchObject({ version: oldest, changes: null });
    expectProblem(await server.request('GET', `${versionsPath}/${oldest - 1}`), 404, 'SLICE_VERSION_NOT_FOUND');
    expectProblem(await server.request('POST', `${versionsPath}/1/restore`), 404, 'SLICE_VERSION_NOT_FOUND');
  });
});
