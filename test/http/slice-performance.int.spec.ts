import { afterAll, beforeAll, expect, it } from 'vitest';
import { resolve } from '../../src/composition/resolve.js';
import { EventStoreToken } from '../../src/domain/events/event-store.js';
import type { EventType } from '../../src/domain/events/shopper-event.js';
import { anEvent, at } from '../support/mothers.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

const BASE = '/api/v1/merchandising-collections/protected';

describe('what a slice did, over HTTP', () => {
  let server: TestServer;
  let collectionId: number;
  let beforeId: number;
  let sliceId: number;
  let path: string;

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-11-19T12:00:00.000Z');
    collectionId = (await server.request('POST', BASE, { body: { name: 'Verão' } })).json.id;
    const slice = async (name: string, startsAt: string, endsAt: string, products: string[]) =>
      (
        await server.request('POST', `${BASE}/${collectionId}/slices`, {
          body: { name, type: 'MANUAL', startsAt, endsAt, products },
        })
      ).json.id as number;
    beforeId = await slice('Antes', '2026-11-20T00:00:00.000Z', '2026-11-23T00:00:00.000Z', ['X']);
    sliceId = await slice('Semana', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z', ['A', 'B']);
    path = `${BASE}/${collectionId}/slices/${sliceId}/performance`;
    server.clock.set('2026-11-25T12:00:00.000Z');
    const events = (n: number, type: EventType, productId: string, instant: string) =>
      Array.from({ length: n }, () => anEvent({ type, productId, at: at(instant) }));
    await resolve(server.container, EventStoreToken).append([
      ...events(3, 'view', 'X', '2026-11-21T00:00:00.000Z'),
      ...events(2, 'view', 'A', '2026-11-24T00:00:00.000Z'),
      ...events(1, 'purchase', 'A', '2026-11-24T01:00:00.000Z'),
      ...events(1, 'add_to_cart', 'B', '2026-11-24T02:00:00.000Z'),
    ]);
  });
  afterAll(() => server.close());

  it('answers the figures, per product and in total, and those of the slice live before it', async () => {
    const answer = await server.request('GET', path);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, max-age=60');
    const a = { productId: 'A', position: 1, views: 2, addToCarts: 0, purchases: 1 };
    const b = { productId: 'B', position: 2, views: 0, addToCarts: 1, purchases: 0 };
    expect(answer.json).toEqual({
      collectionId,
      sliceId,
      sliceName: 'Semana',
      version: 1,
      countedAt: '2026-11-25T12:00:00.000Z',
      from: '2026-11-23T00:00:00.000Z',
      until: '2026-11-25T12:00:00.000Z',
      totals: { views: 2, addToCarts: 1, purchases: 1 },
      products: [a, b],
      best: [a, b],
      worst: [b, a],
      notViewed: ['B'],
      eventsRead: 4,
      complete: true,
      countedUntil: '2026-11-25T12:00:00.000Z',
      before: expect.objectContaining({
        sliceId: beforeId,
        sliceName: 'Antes',
        from: '2026-11-20T00:00:00.000Z',
        until: '2026-11-23T00:00:00.000Z',
        totals: { views: 3, addToCarts: 0, purchases: 0 },
      }),
    });
    const first = await server.request('GET', `${BASE}/${collectionId}/slices/${beforeId}/performance`);
    expect(first.json.before).toBeNull();
  });

  it('counts the part of the window asked for', async () => {
    const answer = await server.request('GET', `${path}?from=2026-11-24T00:30:00Z&to=2026-11-24T01:30:00Z`);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      from: '2026-11-24T00:30:00.000Z',
      until: '2026-11-24T01:30:00.000Z',
      totals: { views: 0, addToCarts: 0, purchases: 1 },
    });
  });

  it('refuses a bad window with a problem naming the field', async () => {
    const notAnInstant = await server.request('GET', `${path}?from=yesterday`);
    expectProblem(notAnInstant, 400, 'VALIDATION_FAILED');
    expect(notAnInstant.json.errors[0].path).toContain('from');
    const upsideDown = await server.request('GET', `${path}?from=2026-11-25T00:00:00Z&to=2026-11-24T00:00:00Z`);
    expectProblem(upsideDown, 400, 'VALIDATION_FAILED');
    expectProblem(await server.request('GET', `${path}?from=2026-12-01T00:00:00Z`), 400, 'VALIDATION_FAILED');
  });

  it('answers 404 for an unknown slice or collection', async () => {
    expectProblem(await server.request('GET', `${BASE}/${collectionId}/slices/9999/performance`), 404, 'SLICE_NOT_FOUND');
    expectProblem(await server.request('GET', `${BASE}/9999/slices/${sliceId}/performance`), 404, 'COLLECTION_NOT_FOUND');
  });

  it('needs a token with collections:read', async () => {
    expectProblem(await server.request('GET', path, { token: null }), 401, 'UNAUTHORIZED');
    const writer = await server.request('POST', '/api/v1/admin/protected/tokens', {
      body: { name: 'feeds', scopes: ['events:write'] },
    });
    expectProblem(await server.request('GET', path, { token: writer.json.token }), 403, 'FORBIDDEN');
  });
});
