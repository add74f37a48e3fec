import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_PLANNER_SLICES_PER_COLLECTION } from '../../src/domain/merchandising/planner.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

const BASE = '/api/v1/merchandising-collections/protected';
const PLANNER = `${BASE}/planner`;

describe('the season planner, over HTTP', () => {
  let server: TestServer;
  let first: number;
  let second: number;
  let third: number;
  const ids: Record<string, number> = {};

  const slice = async (collectionId: number, name: string, startsAt: string, endsAt: string, products = ['A']) => {
    const answer = await server.request('POST', `${BASE}/${collectionId}/slices`, {
      body: { name, type: 'MANUAL', startsAt, endsAt, products },
    });
    expect(answer.status).toBe(201);
    ids[name] = answer.json.id;
    return answer.json.id as number;
  };
  const read = (query: string, token?: string) =>
    server.request('GET', `${PLANNER}?${query}`, token === undefined ? {} : { token });

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-11-10T12:00:00.000Z');
    first = (await server.request('POST', BASE, { body: { name: 'Verão' } })).json.id;
    second = (await server.request('POST', BASE, { body: { name: 'Natal' } })).json.id;
    third = (await server.request('POST', BASE, { body: { name: 'Vazia' } })).json.id;
    await slice(first, 'Ends at from', '2026-11-01T00:00:00.000Z', '2026-11-05T00:00:00.000Z');
    await slice(first, 'Crosses from', '2026-11-04T00:00:00.000Z', '2026-11-06T00:00:00.000Z', ['A', 'B']);
    await slice(first, 'Live', '2026-11-09T00:00:00.000Z', '2026-11-12T00:00:00.000Z');
    await slice(first, 'Starts at to', '2026-11-20T00:00:00.000Z', '2026-11-25T00:00:00.000Z');
    await slice(second, 'Ends just after from', '2026-11-01T00:00:00.000Z', '2026-11-05T00:00:00.001Z');
    await slice(second, 'Starts just before to', '2026-11-19T23:59:59.999Z', '2026-12-01T00:00:00.000Z');
  });
  afterAll(() => server.close());

  it('answers each collection with what it shows now and its slices overlapping [from, to), at exact instants', async () => {
    const answer = await read('from=2026-11-05T00:00:00.000Z&to=2026-11-20T00:00:00.000Z');
    expect(answer.status).toBe(200);
    expect(answer.json.now).toBe('2026-11-10T12:00:00.000Z');
    expect(answer.json.from).toBe('2026-11-05T00:00:00.000Z');
    expect(answer.json.to).toBe('2026-11-20T00:00:00.000Z');
    expect(answer.json.nextCursor).toBeNull();
    const [a, b, c] = answer.json.collections;
    expect(a).toEqual({
      id: first,
      name: 'Verão',
      activeSlice: { id: ids['Live'], name: 'Live' },
      slices: [
        {
          id: ids['Crosses from'],
          name: 'Crosses from',
          type: 'MANUAL',
          status: 'EXPIRED',
          startsAt: '2026-11-04T00:00:00.000Z',
          endsAt: '2026-11-06T00:00:00.000Z',
          version: 1,
          productCount: 2,
        },
        expect.objectContaining({ id: ids['Live'], status: 'ACTIVE', productCount: 1 }),
      ],
      slicesTruncated: false,
    });
    expect(b.activeSlice).toBeNull();
    expect(b.slices.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['Ends just after from', 'EXPIRED'],
      ['Starts just before to', 'SCHEDULED'],
    ]);
    expect(c).toEqual({ id: third, name: 'Vazia', activeSlice: null, slices: [], slicesTruncated: false });
  });

  it('reads what each collection shows now at the clock, not at the window', async () => {
    server.clock.set('2026-11-20T00:00:00.000Z');
    const answer = await read('from=2026-11-01T00:00:00.000Z&to=2026-11-02T00:00:00.000Z');
    server.clock.set('2026-11-10T12:00:00.000Z');
    expect(answer.json.now).toBe('2026-11-20T00:00:00.000Z');
    expect(answer.json.collections[0].activeSlice).toEqual({ id: ids['Starts at to'], name: 'Starts at to' });
    expect(answer.json.collections[0].slices.map((s: { name: string }) => s.name)).toEqual(['Ends at from']);
  });

  it('pages by collection with the cursor it gives, a default of 20', async () => {
    const one = await read('from=2026-11-05T00:00:00Z&to=2026-11-20T00:00:00Z&limit=2');
    expect(one.json.collections.map((c: { id: number }) => c.id)).toEqual([first, second]);
    expect(typeof one.json.nextCursor).toBe('string');
    const two = await read(`from=2026-11-05T00:00:00Z&to=2026-11-20T00:00:00Z&limit=2&cursor=${one.json.nextCursor}`);
    expect(two.json.collections.map((c: { id: number }) => c.id)).toEqual([third]);
    expect(two.json.nextCursor).toBeNull();
  });

  it("lists at most a bounded number of a collection's slices, the earliest first, and says so", async () => {
    const busy = (await server.request('POST', BASE, { body: { name: 'Busy' } })).json.id as number;
    for (let i = 0; i <= MAX_PLANNER_SLICES_PER_COLLECTION; i++) {
      const day = new Date(Date.UTC(2027, 0, 1) + i * 3_600_000).toISOString();
      await slice(busy, `Hour ${i}`, day, '2027-03-01T00:00:00.000Z');
    }
    const answer = await read(
      `from=2027-01-01T00:00:00Z&to=2027-02-01T00:00:00Z&cursor=${Buffer.from(String(third)).toString('base64url')}`,
    );
    const lane = answer.json.collections[0];
    expect(lane.id).toBe(busy);
    expect(lane.slicesTruncated).toBe(true);
    expect(lane.slices).toHaveLength(MAX_PLANNER_SLICES_PER_COLLECTION);
    expect(lane.slices[0].name).toBe('Hour 0');
    expect(lane.slices.at(-1).name).toBe(`Hour ${MAX_PLANNER_SLICES_PER_COLLECTION - 1}`);
  });

  it('refuses a window longer than 400 days, or empty, with the field named', async () => {
    const long = await read('from=2026-01-01T00:00:00Z&to=2027-02-05T00:00:00.001Z');
    expectProblem(long, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(long.json)).toContain('at most 400 days after from');
    expect((await read('from=2026-01-01T00:00:00Z&to=2027-02-05T00:00:00Z')).status).toBe(200);
    expectProblem(await read('from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z'), 400, 'VALIDATION_FAILED');
    expectProblem(await read('to=2026-01-01T00:00:00Z'), 400, 'VALIDATION_FAILED');
  });

  it('refuses a cursor it did not give and a limit out of 1 to 50', async () => {
    const window = 'from=2026-11-01T00:00:00Z&to=2026-11-20T00:00:00Z';
    const cursor = await read(`${window}&cursor=not-a-cursor`);
    expectProblem(cursor, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(cursor.json)).toContain('nextCursor of a previous page');
    expectProblem(await read(`${window}&limit=51`), 400, 'VALIDATION_FAILED');
    expectProblem(await read(`${window}&limit=0`), 400, 'VALIDATION_FAILED');
    expect((await read(`${window}&limit=50`)).status).toBe(200);
  });

  it('needs collections:read', async () => {
    const writer = await server.tokenWith(['events:write']);
    expectProblem(await read('from=2026-11-01T00:00:00Z&to=2026-11-20T00:00:00Z', writer), 403, 'FORBIDDEN');
    const reader = await server.tokenWith(['collections:read']);
    expect((await read('from=2026-11-01T00:00:00Z&to=2026-11-20T00:00:00Z', reader)).status).toBe(200);
    expectProblem(
      await server.request('GET', `${PLANNER}?from=2026-11-01T00:00:00Z&to=2026-11-20T00:00:00Z`, { token: null }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('a fresh start with the demo data', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: 'true' } });
  });
  afterAll(() => server.close());

  it("plans the last season in one read, and each expired slice's Performance shows what its products did", async () => {
    const now = Date.parse((await read(server, '')).json.now);
    const from = new Date(now - 120 * 86_400_000).toISOString();
    const to = new Date(now + 60 * 86_400_000).toISOString();
    const planner = (await read(server, `from=${from}&to=${to}`)).json;
    expect(planner.collections).toHaveLength(4);
    expect(planner.nextCursor).toBeNull();
    const expired = planner.collections.flatMap((c: { id: number; slices: { id: number; name: string; status: string }[] }) =>
      c.slices.filter((s) => s.status === 'EXPIRED').map((s) => ({ collectionId: c.id, ...s })),
    );
    expect(expired.map((s: { name: string }) => s.name).sort()).toEqual(['Liquida — última semana', 'Pré-verão']);
    for (const slice of expired) {
      const figures = (await server.request('GET', `${BASE}/${slice.collectionId}/slices/${slice.id}/performance`)).json;
      expect(figures.totals.views, slice.name).toBeGreaterThan(0);
      expect(figures.totals.addToCarts, slice.name).toBeGreaterThan(0);
      expect(figures.totals.purchases, slice.name).toBeGreaterThan(0);
      expect(figures.notViewed.length, slice.name).toBeGreaterThan(0);
    }
  });
});

function read(server: TestServer, query: string) {
  const window = query === '' ? 'from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z' : query;
  return server.request('GET', `${PLANNER}?${window}`);
}
