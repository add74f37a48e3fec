import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fastLane } from '../../src/adapters/http/fast-lane.js';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import type { RequestLimiter } from '../../src/domain/auth/request-limiter.js';
import { AnswerCache } from '../../src/application/caching/answer-cache.js';
import { createApp, PipelineToken, routesOf } from '../../src/composition/adapters/http.js';
import { resolve } from '../../src/composition/resolve.js';
import { ADMIN_SECRET, expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { T0 } from '../support/mothers.js';
import { describe } from '../support/suite.js';
import { RequestLimiterToken } from '../../src/domain/auth/request-limiter.js';
import { override } from '../../src/composition/overrides.js';

const PROFILE = '/api/v1/crm/protected/profile';
const COLLECTIONS = '/api/v1/merchandising-collections/protected';
const SIMILAR = '/api/v1/products/protected/similar';
/** What the fast lane answers when it leaves a request to the full path: it must never reach a client. */
const FELL_THROUGH = 599;
/** Headers that differ between any two answers: when, which request, how much quota is left. */
const VOLATILE = new Set(['date', 'x-request-id', 'ratelimit', 'connection', 'keep-alive']);

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array;
  /** Sent without a length, in chunks (Transfer-Encoding: chunked). */
  readonly chunked?: boolean;
}

/**
 * The fast lane against the full path, on one container: whatever the fast lane answers must be
 * what the full (Koa) path answers, byte for byte and header for header; whatever it cannot, it
 * must leave untouched.
 */
describe('the fast lane', () => {
  let server: TestServer;
  let full: Server;
  let hotOnly: Server;
  let collectionId: number;

  beforeAll(async () => {
    server = await startTestServer();
    const { container } = server;
    full = await listen(createServer(createApp(container).callback()));
    const fast = fastLane(routesOf(container), resolve(container, PipelineToken));
    hotOnly = await listen(
      createServer((req, res) => {
        if (fast(req, res)) return;
        res.writeHead(FELL_THROUGH);
        res.end();
      }),
    );
    await server.request('PUT', `${PROFILE}/user-profile-id/up_ana`, {
      body: { identifiers: { phones: ['11987654321'], emails: ['ana@example.com'] }, profile: { ganchos_conteudo: ['a'] } },
    });
    for (const id of ['A', 'B', 'C']) {
      await server.request('PUT', `/api/v1/products/protected/catalog/${id}`, { body: { name: id, category: 'c' } });
    }
    collectionId = (await server.request('POST', COLLECTIONS, { body: { name: 'Verão' } })).json.id;
    await server.request('POST', `${COLLECTIONS}/${collectionId}/slices`, {
      body: { name: 'S', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: ['A', 'B'], filters: { categories: ['c'] } },
    });
  });
  afterAll(async () => {
    await Promise.all([close(full), close(hotOnly)]);
    await server.close();
  });

  const hotReads = (): Sent[] => [
    { method: 'GET', path: `${PROFILE}/user-profile-id/up_ana` },
    { method: 'GET', path: `${PROFILE}/phone/%2B55%20(11)%2098765-4321` },
    { method: 'GET', path: `${PROFILE}/email/ANA@example.com` },
    { method: 'GET', path: `${COLLECTIONS}/${collectionId}` },
    // The route table's matcher (@koa/router's) takes a trailing slash on both lanes alike.
    { method: 'GET', path: `${COLLECTIONS}/${collectionId}/` },
  ];

  async function send(target: Server, sent: Sent) {
    const response = await fetch(`${baseOf(target)}${sent.path}`, {
      method: sent.method,
      headers: { 'X-Service-APP-Token': ADMIN_SECRET, ...sent.headers },
      body: sent.chunked === true ? chunksOf(sent.body!) : sent.body,
      ...(sent.chunked === true ? { duplex: 'half' } : {}),
    } as RequestInit);
    // A recommendation id's serial differs from answer to answer: the product it names must not.
    const headers = Object.fromEntries(
      [...response.headers]
        .filter(([name]) => !VOLATILE.has(name))
        .map(([name, value]) => [name, name === 'x-recommendation-id' ? `…${value.slice(value.lastIndexOf('.'))}` : value]),
    );
    return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString('utf8') };
  }

  async function primed(sent: Sent) {
    const answer = await send(full, sent);
    await resolve(server.container, AnswerCache).settled();
    return answer;
  }

  it('answers each hot read it has at hand exactly as the full path does', async () => {
    for (const sent of hotReads()) {
      const expected = await primed(sent);
      expect(expected.status, sent.path).toBe(200);
      expect(await send(hotOnly, sent), sent.path).toEqual(expected);
    }
  });

  it('takes every similar-products POST whole, and answers it exactly as the full path does, problems included', async () => {
    const readsProfiles = await server.tokenWith(['profiles:read']);
    const json = { 'Content-Type': 'application/json' };
    const posts: Sent[] = [
      { method: 'POST', path: SIMILAR, headers: json, body: '{"sessionId":"s","userId":null,"data":{"id":"A","limit":5}}' },
      { method: 'POST', path: SIMILAR, headers: json, body: '{"sessionId":"s","data":{"id":"NOPE"}}' },
      { method: 'POST', path: SIMILAR, headers: json, body: '{"data":{"id":"A"}}' },
      { method: 'POST', path: SIMILAR, headers: json, body: '{"sessionId":' },
      { method: 'POST', path: SIMILAR, headers: json, body: '"just a string"' },
      { method: 'POST', path: SIMILAR, headers: json, body: '{"sessionId":"s","__proto__":{"x":1},"data":{"id":"A"}}' },
      { method: 'POST', path: SIMILAR, headers: { 'Content-Type': 'text/plain' }, body: '{"sessionId":"s","data":{"id":"A"}}' },
      { method: 'POST', path: SIMILAR, headers: { 'Content-Type': 'application/json; charset=latin1' }, body: '{}' },
      { method: 'POST', path: SIMILAR, headers: json, body: JSON.stringify({ sessionId: 's', pad: 'x'.repeat(300_000) }) },
      { method: 'POST', path: SIMILAR, headers: { ...json, 'X-Service-APP-Token': 'vtr_unknown' }, body: '{}' },
      { method: 'POST', path: SIMILAR, headers: { ...json, 'X-Service-APP-Token': readsProfiles }, body: '{}' },
      // Read straight from the stream when its length is declared: a byte order mark, leading
      // whitespace, no body at all; read by koa-bodyparser otherwise: chunked, compressed.
      { method: 'POST', path: SIMILAR, headers: json, body: '\uFEFF{"sessionId":"s","data":{"id":"A"}}' },
      { method: 'POST', path: SIMILAR, headers: json, body: ' \n\t{"sessionId":"s","data":{"id":"B"}}' },
      { method: 'POST', path: SIMILAR, headers: json, body: '' },
      // Within the limit, but in several chunks as it arrives.
      {
        method: 'POST',
        path: SIMILAR,
        headers: json,
        body: JSON.stringify({ sessionId: 's'.repeat(200_000), data: { id: 'A' } }),
      },
      { method: 'POST', path: SIMILAR, headers: json, body: '{"sessionId":"s","data":{"id":"A"}}', chunked: true },
      { method: 'POST', path: SIMILAR, headers: json, body: '{"sessionId":"s","data":{"id":"A"}', chunked: true },
      {
        method: 'POST',
        path: SIMILAR,
        headers: { ...json, 'Content-Encoding': 'gzip' },
        body: gzipSync('{"sessionId":"s","data":{"id":"A"}}'),
      },
    ];
    const statuses = [];
    for (const sent of posts) {
      const expected = await send(full, sent);
      statuses.push(expected.status);
      expect(await send(hotOnly, sent), String(sent.body).slice(0, 60)).toEqual(expected);
    }
    expect(statuses).toEqual([200, 404, 400, 400, 400, 400, 415, 415, 413, 401, 403, 200, 200, 400, 200, 200, 400, 200]);
  });

  it('answers a refused admission of a request it took exactly as the full path does: 401, 403', async () => {
    const readsCollections = await server.tokenWith(['collections:read']);
    for (const sent of hotReads()) await primed(sent);
    for (const token of ['vtr_unknown-token', readsCollections]) {
      for (const sent of hotReads().filter((s) => s.path.includes(PROFILE))) {
        const refused = { ...sent, headers: { 'X-Service-APP-Token': token } };
        const expected = await send(full, refused);
        expect([401, 403], sent.path).toContain(expected.status);
        expect(await send(hotOnly, refused), sent.path).toEqual(expected);
      }
    }
  });

  it('answers 304 for a current If-None-Match exactly as the full path does', async () => {
    for (const sent of hotReads().filter((s) => s.method === 'GET')) {
      const { headers } = await primed(sent);
      const conditional = { ...sent, headers: { 'If-None-Match': headers.etag ?? '' } };
      const expected = await send(full, conditional);
      expect(expected.status, sent.path).toBe(304);
      expect(await send(hotOnly, conditional), sent.path).toEqual(expected);
    }
  });

  it('leaves to the full path, untouched, what it does not have at hand, and every request that is not a plain GET', async () => {
    const left: Sent[] = [
      { method: 'GET', path: `${PROFILE}/user-profile-id/someone-else` },
      { method: 'GET', path: `${COLLECTIONS}/${collectionId}?at=2026-11-21T00:00:00Z` },
      { method: 'HEAD', path: `${PROFILE}/user-profile-id/up_ana` },
      { method: 'GET', path: `${COLLECTIONS}` },
      { method: 'GET', path: `${COLLECTIONS}/not-a-number` },
      {
        method: 'POST',
        path: `${SIMILAR}?at=now`,
        headers: { 'Content-Type': 'application/json' },
        body: '{"sessionId":"s","data":{"id":"A"}}',
      },
      {
        method: 'POST',
        path: '/api/v1/products/protected/catalog/batch-delete',
        headers: { 'Content-Type': 'application/json' },
        body: '{"ids":["Z"]}',
      },
    ];
    for (const sent of left) expect((await send(hotOnly, sent)).status, `${sent.method} ${sent.path}`).toBe(FELL_THROUGH);
  });

  it('answers what is held once the request is admitted: an answer that expired meanwhile is not sent', async () => {
    const clock = new FakeClock(T0);
    let slowAdmission = false;
    // Admission that takes 100 ms (a far Redis): the slice ends while the request is admitted.
    const limiter: RequestLimiter = {
      consume: async () => {
        if (slowAdmission) clock.advance(100);
        return { consumed: 1, resetMs: 1_000 };
      },
      knownOver: () => undefined,
    };
    const slow = await startTestServer({ clock, overrides: [override(RequestLimiterToken, limiter)] });
    try {
      const id = (await slow.request('POST', COLLECTIONS, { body: { name: 'Relâmpago' } })).json.id;
      const ends = new Date(T0.getTime() + 50).toISOString();
      await slow.request('POST', `${COLLECTIONS}/${id}/slices`, {
        body: { name: 'S', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', endsAt: ends, products: ['A'] },
      });
      expect((await slow.request('GET', `${COLLECTIONS}/${id}`)).status).toBe(200);
      await resolve(slow.container, AnswerCache).settled();
      slowAdmission = true;
      const fast = fastLane(routesOf(slow.container), resolve(slow.container, PipelineToken));
      const lane = await listen(
        createServer((req, res) => {
          if (fast(req, res)) return;
          res.writeHead(FELL_THROUGH);
          res.end();
        }),
      );
      try {
        // Taken (the answer was held when it came), answered by the route once admitted: nothing is live.
        const answer = await fetch(`${baseOf(lane)}${COLLECTIONS}/${id}`, { headers: { 'X-Service-APP-Token': ADMIN_SECRET } });
        expect({ status: answer.status, code: ((await answer.json()) as { code: string }).code }).toEqual({
          status: 404,
          code: 'NO_ACTIVE_SLICE',
        });
      } finally {
        await close(lane);
      }
    } finally {
      await slow.close();
    }
  });

  it('is taken by the service, and counts each request once against its quota, whichever lane answers it', async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT: '3/1m', AUTH_FAILURE_LIMIT: '2/1m' } });
    try {
      await limited.request('PUT', `${PROFILE}/user-profile-id/up_ana`, { body: { profile: {} } });
      const token = await limited.tokenWith(['profiles:read']);
      const left = [];
      for (let i = 0; i < 3; i++) {
        const answer = await limited.request('GET', `${PROFILE}/user-profile-id/up_ana`, { token });
        await resolve(limited.container, AnswerCache).settled();
        left.push(answer.headers.get('ratelimit')?.split(';')[1]);
      }
      // The first answer is computed (the full path), the next ones come from memory (the fast lane).
      expect(left).toEqual(['r=2', 'r=1', 'r=0']);
      expectProblem(await limited.request('GET', `${PROFILE}/user-profile-id/up_ana`, { token }), 429, 'RATE_LIMITED');
      for (let i = 0; i < 3; i++) {
        expectProblem(
          await limited.request('GET', `${PROFILE}/user-profile-id/up_ana`, { token: 'vtr_bad' }),
          401,
          'UNAUTHORIZED',
        );
      }
      expectProblem(await limited.request('GET', `${PROFILE}/user-profile-id/up_ana`, { token: 'vtr_bad' }), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

async function listen(server: Server): Promise<Server> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

function baseOf(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
}

/** A body sent in two chunks, with no length declared. */
function chunksOf(body: string | Uint8Array): ReadableStream<Uint8Array> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const half = Math.floor(bytes.length / 2);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.slice(0, half));
      controller.enqueue(bytes.slice(half));
      controller.close();
    },
  });
}
