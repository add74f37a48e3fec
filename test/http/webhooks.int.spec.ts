import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { DeliverWebhooks } from '../../src/application/webhooks/deliver-webhooks.js';
import { WatchSliceTransitions } from '../../src/application/webhooks/watch-slice-transitions.js';
import { override } from '../../src/composition/overrides.js';
import { resolve } from '../../src/composition/resolve.js';
import { SchedulerToken } from '../../src/domain/shared/scheduler.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';
import { passTo } from '../support/time-passing.js';

const WEBHOOKS = '/api/v1/admin/protected/webhooks';
const COLLECTIONS = '/api/v1/merchandising-collections/protected';

interface Received {
  readonly at: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A shop's receiver on this machine: records what it is sent at the fake clock's instant, answers as told (204 unless told). */
class Receiver {
  readonly received: Received[] = [];
  readonly statuses: number[] = [];
  private server: Server | undefined;
  url = '';

  constructor(private readonly clock: FakeClock) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          at: this.clock.now().toISOString(),
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.statusCode = this.statuses.shift() ?? 204;
        response.end();
      });
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/vitrine`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => this.server?.close(() => done()));
  }
}

/** What a receiver does with a delivery, as the Standard Webhooks specification says, written here from it and not from the service's code. */
function verify(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const content = `${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`;
  const expected = `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
  return String(headers['webhook-signature']).split(' ').includes(expected);
}

describe('webhooks over HTTP, to a receiver on this machine', () => {
  const clock = new FakeClock('2026-11-27T09:00:00.000Z');
  const receiver = new Receiver(clock);
  let server: TestServer;
  const instance = {
    settle: async () => {
      for (let i = 0; i < 5; i++) {
        await resolve(server.container, WatchSliceTransitions).settled();
        await resolve(server.container, DeliverWebhooks).settled();
        await clock.breathe();
      }
    },
  };

  beforeAll(async () => {
    await receiver.start();
    server = await startTestServer({
      clock,
      env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
      overrides: [override(SchedulerToken, clock)],
    });
  });
  afterAll(async () => {
    await server.close();
    await receiver.stop();
  });

  it('subscribes a URL with a secret shown once, lists it without, and refuses what cannot be subscribed', async () => {
    const created = await server.request('POST', WEBHOOKS, {
      body: { url: 'https://crm.example.com/a', events: ['product.changed'], description: 'CRM' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.json).toEqual({
      id: expect.stringMatching(/^wh_/),
      url: 'https://crm.example.com/a',
      events: ['product.changed'],
      description: 'CRM',
      createdAt: '2026-11-27T09:00:00.000Z',
      createdBy: 'bootstrap-admin',
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const listed = await server.request('GET', WEBHOOKS);
    const { secret: _secret, ...shown } = created.json as Record<string, unknown>;
    expect(listed.json.webhooks).toContainEqual(shown);
    expect(listed.json.webhooks.map((w: { id: string }) => w.id)).toContain(created.json.id);
    const refused = await server.request('POST', WEBHOOKS, {
      body: { url: 'ftp://x', events: ['slice.started'], secret: 'mine' },
    });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['secret']);
    const bad = await server.request('POST', WEBHOOKS, { body: { url: 'ftp://x', events: ['slice.started'] } });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json.errors).toEqual([
      { path: 'url', message: 'must be an http:// or https:// URL' },
      { path: 'events.0', message: expect.stringMatching(/^must be one of slice\.activated/) },
    ]);
    const reader = await server.tokenWith(['collections:write', 'products:write']);
    expectProblem(await server.request('GET', WEBHOOKS, { token: reader }), 403, 'FORBIDDEN');
    expectProblem(await server.request('DELETE', `${WEBHOOKS}/wh_nope`), 404, 'WEBHOOK_NOT_FOUND');
    expectProblem(await server.request('GET', `${WEBHOOKS}/deliveries?webhookId=wh_nope`), 404, 'WEBHOOK_NOT_FOUND');
    expect((await server.request('DELETE', `${WEBHOOKS}/${created.json.id}`)).status).toBe(204);
    expectProblem(await server.request('DELETE', `${WEBHOOKS}/${created.json.id}`), 404, 'WEBHOOK_NOT_FOUND');
  });

  it('posts a signed slice.activated at the instant the slice starts, retries a 500 after 5 s, and logs both attempts', async () => {
    const subscribed = await server.request('POST', WEBHOOKS, {
      body: { url: receiver.url, events: ['slice.activated', 'slice.expired'] },
    });
    const { id, secret } = subscribed.json as { id: string; secret: string };
    const collection = await server.request('POST', COLLECTIONS, { body: { name: 'Home', description: '' } });
    const slice = await server.request('POST', `${COLLECTIONS}/${collection.json.id}/slices`, {
      body: {
        name: 'Black Friday',
        type: 'MANUAL',
        startsAt: '2026-11-27T10:00:00Z',
        endsAt: '2026-11-28T00:00:00Z',
        products: ['P-1'],
      },
    });
    expect(slice.status).toBe(201);
    receiver.statuses.push(500);
    await passTo(clock, '2026-11-27T09:59:59.999Z', instance);
    expect(receiver.received).toEqual([]);
    await passTo(clock, '2026-11-27T10:00:00.000Z', instance);
    expect(receiver.received.map((r) => r.at)).toEqual(['2026-11-27T10:00:00.000Z']);
    await passTo(clock, '2026-11-27T10:00:04.999Z', instance);
    expect(receiver.received).toHaveLength(1);
    await passTo(clock, '2026-11-27T10:00:05.000Z', instance);
    expect(receiver.received.map((r) => r.at)).toEqual(['2026-11-27T10:00:00.000Z', '2026-11-27T10:00:05.000Z']);
    const [first, second] = receiver.received;
    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
    expect(first!.headers['content-type']).toBe('application/json');
    expect([first!.headers['webhook-timestamp'], second!.headers['webhook-timestamp']]).toEqual([
      String(Date.parse('2026-11-27T10:00:00Z') / 1000),
      String(Date.parse('2026-11-27T10:00:05Z') / 1000),
    ]);
    expect(receiver.received.map((r) => verify(secret, r))).toEqual([true, true]);
    expect(verify(secret, { ...second!, body: second!.body.replace('Black', 'White') })).toBe(false);
    expect(JSON.parse(second!.body)).toEqual({
      type: 'slice.activated',
      timestamp: '2026-11-27T10:00:00.000Z',
      data: {
        collectionId: collection.json.id,
        sliceId: slice.json.id,
        name: 'Black Friday',
        startsAt: '2026-11-27T10:00:00.000Z',
        endsAt: '2026-11-28T00:00:00.000Z',
      },
    });
    const log = await server.request('GET', `${WEBHOOKS}/deliveries?webhookId=${id}`);
    expect(log.status).toBe(200);
    expect(log.json).toEqual({
      deliveries: [
        {
          id: `${String(first!.headers['webhook-id'])}.${id}`,
          messageId: first!.headers['webhook-id'],
          type: 'slice.activated',
          timestamp: '2026-11-27T10:00:00.000Z',
          status: 'delivered',
          attempts: [
            { at: '2026-11-27T10:00:00.000Z', durationMs: 0, status: 500 },
            { at: '2026-11-27T10:00:05.000Z', durationMs: 0, status: 204 },
          ],
          nextAttemptAt: null,
          createdAt: '2026-11-27T10:00:00.000Z',
          finishedAt: '2026-11-27T10:00:05.000Z',
        },
      ],
      nextCursor: null,
    });
    await passTo(clock, '2026-11-28T00:00:00.000Z', instance);
    expect(JSON.parse(receiver.received.at(-1)!.body).type).toBe('slice.expired');
    const page = await server.request('GET', `${WEBHOOKS}/deliveries?webhookId=${id}&limit=1`);
    expect(page.json.deliveries.map((d: { type: string }) => d.type)).toEqual(['slice.expired']);
    const rest = await server.request('GET', `${WEBHOOKS}/deliveries?webhookId=${id}&limit=1&cursor=${page.json.nextCursor}`);
    expect([rest.json.deliveries.map((d: { type: string }) => d.type), rest.json.nextCursor]).toEqual([
      ['slice.activated'],
      null,
    ]);
    expectProblem(await server.request('GET', `${WEBHOOKS}/deliveries?webhookId=${id}&cursor=bm9wZQ`), 400, 'VALIDATION_FAILED');
  });

  it('posts collection.active_slice_changed when an edit changes what a collection shows', async () => {
    const subscribed = await server.request('POST', WEBHOOKS, {
      body: { url: receiver.url, events: ['collection.active_slice_changed'] },
    });
    const collection = await server.request('POST', COLLECTIONS, { body: { name: 'Outlet', description: '' } });
    const before = receiver.received.length;
    const slice = await server.request('POST', `${COLLECTIONS}/${collection.json.id}/slices`, {
      body: { name: 'Agora', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: ['P-1'] },
    });
    await instance.settle();
    const told = receiver.received.slice(before);
    expect(told.map((r) => JSON.parse(r.body))).toEqual([
      {
        type: 'collection.active_slice_changed',
        timestamp: clock.now().toISOString(),
        data: {
          collectionId: collection.json.id,
          previous: null,
          current: { sliceId: slice.json.id, version: 1, name: 'Agora' },
        },
      },
    ]);
    expect(verify(subscribed.json.secret, told[0]!)).toBe(true);
    const all = await server.request('GET', `${WEBHOOKS}/deliveries`);
    expect(all.json.deliveries.map((d: { type: string }) => d.type)).toEqual([
      'collection.active_slice_changed',
      'slice.expired',
      'slice.activated',
    ]);
  });
});

describe('webhook URLs where WEBHOOK_ALLOW_PRIVATE_URLS is not set', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('refuses this machine and private networks', async () => {
    for (const url of ['http://127.0.0.1:8080/x', 'http://localhost/x', 'http://10.0.0.7/x', 'http://[::1]/x']) {
      const refused = await server.request('POST', WEBHOOKS, { body: { url, events: ['slice.activated'] } });
      expectProblem(refused, 400, 'VALIDATION_FAILED');
      expect(refused.json.errors).toEqual([
        { path: 'url', message: expect.stringMatching(/^must not name this machine or a private network/) },
      ]);
    }
  });
});
