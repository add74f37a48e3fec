import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { RedisConnectionToken, type RedisConnection } from '../../src/adapters/redis/redis-connection.js';
import { createApp } from '../../src/composition/adapters/http.js';
import { AnswerCache } from '../../src/application/caching/answer-cache.js';
import { parseConfig } from '../../src/composition/config.js';
import { createContainer } from '../../src/composition/container.js';
import { resolve } from '../../src/composition/resolve.js';
import { ADMIN_SECRET, expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { T0 } from '../support/mothers.js';
import { describeWithRedis } from '../support/redis-suite.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { ClockToken } from '../../src/domain/shared/clock.js';
import { override } from '../../src/composition/overrides.js';

const PROFILE = '/api/v1/crm/protected/profile';
const COLLECTIONS = '/api/v1/merchandising-collections/protected';
const SIMILAR = '/api/v1/products/protected/similar';
const TIMEOUT_MS = 500;

/** A loopback port nothing listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

describeWithRedis('MongoDB unreachable', () => {
  let redis: RedisServer;
  let primer: TestServer;
  let outage: { server: Server; baseUrl: string; redis: RedisConnection };
  const prefix = `test:${randomUUID().slice(0, 8)}:`;
  const env = { REDIS_KEY_PREFIX: prefix, CACHE_TTL: '3600', LOG_LEVEL: 'silent', DEMO_DATA: 'false' };
  const primed: Record<string, unknown> = {};

  beforeAll(async () => {
    redis = await startRedisServer();
    // An instance whose stores answer fills the shared cache...
    primer = await startTestServer({ clock: new FakeClock(T0), env: { ...env, REDIS_URL: redis.url } });
    await primer.request('PUT', `${PROFILE}/user-profile-id/up_ana`, {
      body: { identifiers: { phones: ['11987654321'] }, profile: { ganchos_conteudo: ['a'] } },
    });
    await primer.request('PUT', '/api/v1/products/protected/catalog/A', { body: { name: 'A', category: 'c' } });
    await primer.request('PUT', '/api/v1/products/protected/catalog/B', { body: { name: 'B', category: 'c' } });
    const id = (await primer.request('POST', COLLECTIONS, { body: { name: 'Verão' } })).json.id;
    await primer.request('POST', `${COLLECTIONS}/${id}/slices`, {
      body: { name: 'S', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: ['A'] },
    });
    primed.profile = (await primer.request('GET', `${PROFILE}/phone/11987654321`)).json;
    primed.slice = (await primer.request('GET', `${COLLECTIONS}/${id}`)).json;
    await resolve(primer.container, AnswerCache).settled();

    // ...and an instance whose MongoDB does not answer shares it.
    const config = parseConfig({
      ...env,
      REDIS_URL: redis.url,
      MONGODB_URI: `mongodb://127.0.0.1:${await closedPort()}/?directConnection=true`,
      MONGODB_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    const container = createContainer(config, [override(ClockToken, new FakeClock(T0))]);
    const connection = resolve(container, RedisConnectionToken);
    await connection.start();
    const server = createServer(createApp(container).callback());
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    outage = { server, redis: connection, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  });
  afterAll(async () => {
    outage.server.closeAllConnections();
    await new Promise<void>((done) => outage.server.close(() => done()));
    await outage.redis.stop();
    await primer.close();
    await redis.stop();
  });

  async function call(method: string, path: string, body?: unknown, token = ADMIN_SECRET) {
    const started = performance.now();
    const response = await fetch(`${outage.baseUrl}${path}`, {
      method,
      headers: { 'X-Service-APP-Token': token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: JSON.parse(text), ms: performance.now() - started };
  }

  it('still answers 200 from the cache: the token, the profile, the active slice', async () => {
    expect(await call('GET', `${PROFILE}/phone/11987654321`)).toMatchObject({ status: 200, json: primed.profile });
    expect(await call('GET', `${PROFILE}/phone/%2B5511987654321`)).toMatchObject({ status: 200, json: primed.profile });
    expect(await call('GET', `${COLLECTIONS}/${(primed.slice as { collectionId: number }).collectionId}`)).toMatchObject({
      status: 200,
      json: primed.slice,
    });
  });

  it('answers what it cannot know with 503 UNAVAILABLE and Retry-After, within about the deadline', async () => {
    for (const [method, path, body] of [
      ['GET', `${PROFILE}/phone/11912345678`, undefined],
      ['GET', '/api/v1/products/protected/catalog/A', undefined],
      // Similar products come from the engine, which this instance could never fill from the store.
      ['POST', SIMILAR, { sessionId: 's', data: { id: 'A' } }],
      ['PUT', `${PROFILE}/user-profile-id/up_bob`, { profile: {} }],
      ['POST', COLLECTIONS, { name: 'Natal' }],
    ] as const) {
      const answer = await call(method, path, body);
      expectProblem({ ...answer, headers: answer.headers }, 503, 'UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(answer.ms).toBeLessThan(TIMEOUT_MS + 2_500);
      expect(answer.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|Mongo/);
    }
  });

  it('cannot tell a token it has not cached: 503, not 401', async () => {
    const answer = await call('GET', COLLECTIONS, undefined, 'vtr_a-token-this-instance-never-saw');
    expectProblem({ ...answer, headers: answer.headers }, 503, 'UNAVAILABLE');
  });

  it('reports itself not ready, naming MongoDB', async () => {
    const answer = await call('GET', '/health/ready');
    expect(answer.status).toBe(503);
    expect(answer.json.checks).toEqual({ mongodb: 'down', redis: 'up' });
  });
});
