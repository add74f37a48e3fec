import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

const BASE = '/api/v1/merchandising-collections/protected';

describe('big collections', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { MAX_SLICES_PER_COLLECTION: '5' } });
  });
  afterAll(() => server.close());

  const collection = async () => (await server.request('POST', BASE, { body: { name: 'Grande' } })).json.id as number;
  const slice = (id: number, name: string, day: number) =>
    server.request('POST', `${BASE}/${id}/slices`, {
      body: { name, type: 'MANUAL', startsAt: `2026-12-${String(day).padStart(2, '0')}T00:00:00Z`, products: [] },
    });

  it('pages the slice list by start then id, cursor after cursor, with every slice once', async () => {
    const id = await collection();
    for (const [name, day] of [
      ['E', 5],
      ['A', 1],
      ['C', 3],
      ['B', 1],
      ['D', 4],
    ] as const) {
      expect((await slice(id, name, day)).status).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor === null ? '?limit=2' : `?limit=2&cursor=${cursor}`;
      const page = await server.request('GET', `${BASE}/${id}/slices${query}`);
      expect(page.status).toBe(200);
      expect(page.json.slices.length).toBeLessThanOrEqual(2);
      expect(page.json.collection.sliceCount).toBe(5);
      seen.push(...page.json.slices.map((s: { name: string }) => s.name));
      cursor = page.json.nextCursor;
      pages++;
    } while (cursor !== null);
    expect(seen).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(pages).toBe(3);
    const all = await server.request('GET', `${BASE}/${id}/slices`);
    expect(all.json.nextCursor).toBeNull();
    // Every slice runs for ever (no end): each overlaps every other.
    expect(all.json.slices[0].overlapsWith).toHaveLength(4);
    for (const bad of ['nope', Buffer.from('1:x').toString('base64url')]) {
      const answer = await server.request('GET', `${BASE}/${id}/slices?cursor=${bad}`);
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors).toEqual([{ path: 'cursor', message: 'must be the nextCursor of a previous page' }]);
    }
    expectProblem(await server.request('GET', `${BASE}/${id}/slices?limit=201`), 400, 'VALIDATION_FAILED');
  });

  it('refuses a slice past MAX_SLICES_PER_COLLECTION with 409, by hand, by spreadsheet and by AI alike, and keeps the rest', async () => {
    const id = await collection();
    for (let day = 1; day <= 5; day++) expect((await slice(id, `S${day}`, day)).status).toBe(201);
    const refused = await slice(id, 'S6', 6);
    expectProblem(refused, 409, 'CONFLICT');
    expect(refused.json.detail).toBe(
      'The collection holds 5 slices, the most it may (MAX_SLICES_PER_COLLECTION: 5); delete slices it no longer needs first.',
    );
    const sheet = await server.request('POST', `${BASE}/${id}/slices/spreadsheet?name=X&startsAt=2026-12-09T00:00:00Z`, {
      rawBody: 'productId\nP-1\n',
      headers: { 'Content-Type': 'text/csv' },
    });
    expectProblem(sheet, 409, 'CONFLICT');
    expect((await server.request('GET', `${BASE}/${id}/slices`)).json.slices).toHaveLength(5);
    const first = (await server.request('GET', `${BASE}/${id}/slices?limit=1`)).json.slices[0].id;
    expect((await server.request('DELETE', `${BASE}/${id}/slices/${first}`)).status).toBe(204);
    expect((await slice(id, 'S6', 6)).status).toBe(201);
  });

  it('bounds a timeline to 400 days', async () => {
    const id = await collection();
    const within = await server.request('GET', `${BASE}/${id}/timeline?from=2026-01-01T00:00:00Z&to=2027-02-05T00:00:00Z`);
    expect(within.status).toBe(200);
    const beyond = await server.request('GET', `${BASE}/${id}/timeline?from=2026-01-01T00:00:00Z&to=2027-02-05T00:00:00.001Z`);
    expectProblem(beyond, 400, 'VALIDATION_FAILED');
    expect(beyond.json.errors).toEqual([{ path: 'to', message: 'must be at most 400 days after from' }]);
  });
});
