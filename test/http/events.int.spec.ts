import { afterAll, beforeAll, expect, it } from 'vitest';
import { EventStoreToken } from '../../src/domain/events/event-store.js';
import { resolve } from '../../src/composition/resolve.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { captureLogs, type CapturedLogs } from '../support/log-capture.js';
import { describe } from '../support/suite.js';
import { LoggerToken } from '../../src/adapters/logging/logger.js';
import { override } from '../../src/composition/overrides.js';
import { historyOf } from '../support/event-history.js';

const BATCH = '/api/v1/events/protected/batch';
const PROFILE = '/api/v1/crm/protected/profile/user-profile-id';

describe('the events route', () => {
  let server: TestServer;
  let logs: CapturedLogs;
  const store = () => resolve(server.container, EventStoreToken);

  beforeAll(async () => {
    logs = captureLogs('debug');
    server = await startTestServer({ overrides: [override(LoggerToken, logs.logger)] });
  });
  afterAll(() => server.close());

  it('records a batch: each event answered by its index, bad ones with their errors, the counts', async () => {
    const now = server.clock.now();
    const body = {
      events: [
        { eventId: 'h-1', type: 'view', productId: 'VES-001', sessionId: 'sess-h', userId: 'up_http' },
        { eventId: 'h-2', type: 'add_to_cart', productId: 'SAN-002', sessionId: 'sess-h', at: '2026-11-21T08:59:00-03:00' },
        { eventId: 'h-1', type: 'view', productId: 'VES-001', sessionId: 'sess-h' },
        { eventId: 'h-4', type: 'like', productId: 'VES-001', sessionId: 'sess-h' },
        { type: 'view', productId: 'VES-001', sessionId: '  ', at: new Date(now.getTime() + 3_600_000).toISOString() },
        { type: 'recommendation_click', productId: 'BOL-003', sessionId: 'sess-h', at: '2026-11-21T12:00:00' },
        'not an event',
        { type: 'purchase', productId: 'SAN-002', sessionId: 'sess-h', userId: null },
      ],
    };
    const answer = await server.request('POST', BATCH, { body });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      results: [
        { index: 0, id: 'h-1', status: 'accepted' },
        { index: 1, id: 'h-2', status: 'accepted' },
        { index: 2, id: 'h-1', status: 'duplicate' },
        {
          index: 3,
          id: 'h-4',
          status: 'invalid',
          errors: [{ path: 'type', message: 'must be one of view, add_to_cart, purchase, recommendation_click' }],
        },
        {
          index: 4,
          status: 'invalid',
          errors: [
            { path: 'sessionId', message: 'must not be empty' },
            { path: 'at', message: "must not be in the future (more than 5 minutes after the server's clock)" },
          ],
        },
        { index: 5, status: 'invalid', errors: [expect.objectContaining({ path: 'at' })] },
        { index: 6, status: 'invalid', errors: [expect.objectContaining({ path: 'item' })] },
        { index: 7, status: 'accepted' },
      ],
      accepted: 3,
      duplicate: 1,
      invalid: 4,
    });
    const session = (await historyOf(store())).filter((e) => e.sessionId === 'sess-h');
    // In time order; of two events at one instant, the one recorded first first.
    expect(session.map((e) => [e.productId, e.type, e.at.toISOString()])).toEqual([
      ['SAN-002', 'add_to_cart', '2026-11-21T11:59:00.000Z'],
      ['VES-001', 'view', now.toISOString()],
      ['SAN-002', 'purchase', now.toISOString()],
    ]);
    expect(session.find((e) => e.type === 'purchase')).not.toHaveProperty('userId');
  });

  it('refuses an event with a field it does not have (personal data above all), naming it, and records the rest', async () => {
    const before = await store().count();
    const answer = await server.request('POST', BATCH, {
      body: {
        events: [
          { type: 'purchase', productId: 'SAN-002', sessionId: 'sess-x', email: 'ana@example.com' },
          { type: 'view', productId: 'SAN-002', sessionId: 'sess-x' },
        ],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.results[0]).toEqual({
      index: 0,
      status: 'invalid',
      errors: [{ path: 'email', message: expect.stringMatching(/^is not a field of this object \(it takes: .*userId/) }],
    });
    expect(answer.json.results[1]).toMatchObject({ index: 1, status: 'accepted' });
    expect(await store().count()).toBe(before + 1);
  });

  it('refuses an envelope that is not 1 to 1,000 events with 400, recording nothing', async () => {
    const before = await store().count();
    const event = { type: 'view', productId: 'P-1', sessionId: 's' };
    for (const body of [{}, { events: [] }, { events: event }, { events: Array.from({ length: 1001 }, () => event) }]) {
      expectProblem(await server.request('POST', BATCH, { body }), 400, 'VALIDATION_FAILED');
    }
    expect(await store().count()).toBe(before);
  });

  it('refuses a known field of the wrong type, an object where an id belongs among them', async () => {
    const answer = await server.request('POST', BATCH, {
      body: { events: [{ type: 'view', productId: { $gt: '' }, sessionId: 7, userId: { $ne: null } }] },
    });
    expect(answer.json.results[0].errors).toEqual([
      { path: 'productId', message: 'must be a string' },
      { path: 'sessionId', message: 'must be a string' },
      { path: 'userId', message: 'must be a string or null' },
    ]);
  });

  it('takes 1,000 events in one request', async () => {
    const events = Array.from({ length: 1000 }, (_, i) => ({
      eventId: `bulk-${i}`,
      type: 'view',
      productId: `P-${i % 50}`,
      sessionId: `bulk-session-${i % 100}`,
    }));
    const answer = await server.request('POST', BATCH, { body: { events } });
    expect(answer.json).toMatchObject({ accepted: 1000, duplicate: 0, invalid: 0 });
    expect((await server.request('POST', BATCH, { body: { events } })).json).toMatchObject({ accepted: 0, duplicate: 1000 });
  });

  it('never writes a userId to the log, whatever the batch holds and however it is answered', async () => {
    const secret = 'up_never-logged-7d1c';
    const events = [
      { type: 'view', productId: 'VES-001', sessionId: 'sess-log', userId: secret },
      { type: 'view', productId: 'VES-001', sessionId: 'sess-log', userId: `${secret}-${'x'.repeat(200)}` },
    ];
    expect((await server.request('POST', BATCH, { body: { events } })).status).toBe(200);
    expectProblem(await server.request('POST', BATCH, { body: { events: [], userId: secret } }), 400, 'VALIDATION_FAILED');
    expectProblem(await server.request('POST', BATCH, { token: null, body: { events } }), 401, 'UNAUTHORIZED');
    expect(logs.lines().some((line) => line.route === BATCH)).toBe(true);
    expect(logs.text()).not.toContain('never-logged');
  });

  it("erases a profile's events, and its sessions' anonymous ones, with the profile (DELETE on the profile)", async () => {
    await server.request('PUT', `${PROFILE}/up_erased`, { body: { profile: {} } });
    const events = [
      { type: 'purchase', productId: 'VES-001', sessionId: 'sess-e', userId: 'up_erased' },
      { type: 'view', productId: 'VES-002', sessionId: 'sess-e' },
    ];
    expect((await server.request('POST', BATCH, { body: { events } })).json).toMatchObject({ accepted: 2 });
    const ofSession = async () => (await historyOf(store())).filter((e) => e.sessionId === 'sess-e');
    expect((await ofSession()).map((e) => e.userId)).toEqual(['up_erased', undefined]);
    expect((await server.request('DELETE', `${PROFILE}/up_erased`)).status).toBe(204);
    expect((await historyOf(store())).filter((e) => e.userId === 'up_erased')).toEqual([]);
    // The session was theirs from its start: its anonymous view went too.
    expect(await ofSession()).toEqual([]);
  });
});
