import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_SECRET, startTestServer, type TestServer } from '../support/http-harness.js';
import { captureLogs, type CapturedLogs } from '../support/log-capture.js';
import { VALID_CPF, VALID_CPF_FORMATTED } from '../support/mothers.js';
import { describe } from '../support/suite.js';
import { LoggerToken } from '../../src/adapters/logging/logger.js';
import { ReadinessChecksToken } from '../../src/domain/health/readiness-check.js';
import { override } from '../../src/composition/overrides.js';

const PROFILE = '/api/v1/crm/protected/profile';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('observability', () => {
  let server: TestServer;
  let logs: CapturedLogs;
  beforeAll(async () => {
    logs = captureLogs('debug');
    server = await startTestServer({ overrides: [override(LoggerToken, logs.logger)] });
    await server.request('PUT', `${PROFILE}/user-profile-id/up_observed`, {
      body: {
        identifiers: { phones: ['11987654321'], emails: ['Ana.Souza@Example.com'], documents: [VALID_CPF] },
        profile: {},
      },
    });
  });
  afterAll(() => server.close());

  /** The request lines logged for requests carrying this id. */
  const linesOf = (requestId: string) => logs.lines().filter((line) => line.requestId === requestId && line.msg === 'request');

  describe('request ids', () => {
    it('gives every answer a new id when the client sends none, and logs the request under it', async () => {
      const answer = await server.request('GET', '/health/live', { token: null });
      const id = answer.headers.get('x-request-id') ?? '';
      expect(id).toMatch(UUID);
      const other = await server.request('GET', '/health/live', { token: null });
      expect(other.headers.get('x-request-id')).not.toBe(id);
      expect(linesOf(id)).toHaveLength(1);
    });

    it('gives one to the answers the router makes by itself too (OPTIONS)', async () => {
      const answer = await fetch(`${server.baseUrl}${PROFILE}/user-profile-id/x`, {
        method: 'OPTIONS',
        headers: { 'X-Request-Id': 'preflight-1' },
      });
      expect({ status: answer.status, id: answer.headers.get('x-request-id') }).toEqual({ status: 200, id: 'preflight-1' });
    });

    it("keeps the client's id when it is a sensible one, on problem answers too", async () => {
      for (const id of ['checkout-7f3a9c', 'req.2026:11:21_0001', 'a'.repeat(128)]) {
        const answer = await server.request('GET', `${PROFILE}/user-profile-id/nobody`, { headers: { 'X-Request-Id': id } });
        expect({ status: answer.status, id: answer.headers.get('x-request-id') }).toEqual({ status: 404, id });
        expect(linesOf(id).at(-1)).toMatchObject({ status: 404 });
      }
      const unauthorised = await server.request('GET', `${PROFILE}/user-profile-id/x`, {
        token: null,
        headers: { 'X-Request-Id': 'no-token-1' },
      });
      expect({ status: unauthorised.status, id: unauthorised.headers.get('x-request-id') }).toEqual({
        status: 401,
        id: 'no-token-1',
      });
    });

    it('replaces an id that could forge or flood a log line with a new one', async () => {
      for (const id of ['a'.repeat(129), 'two words', 'quote"d', 'tab\there', '{"level":60}']) {
        const answer = await server.request('GET', '/health/live', { token: null, headers: { 'X-Request-Id': id } });
        expect(answer.headers.get('x-request-id')).toMatch(UUID);
      }
    });
  });

  describe('request logs', () => {
    it('writes one line per request: method, route pattern, path, status, duration and the calling token', async () => {
      const answer = await server.request('GET', `${PROFILE}/user-profile-id/up_observed`);
      const [line, ...more] = linesOf(answer.headers.get('x-request-id') ?? '');
      expect(more).toEqual([]);
      expect(line).toMatchObject({
        level: 30,
        service: 'vitrine',
        method: 'GET',
        route: '/api/v1/crm/protected/profile/user-profile-id/:userProfileId',
        // The profile id is a shopper's userId: masked like every personal identifier.
        path: '/api/v1/crm/protected/profile/user-profile-id/**_******ed',
        status: 200,
        client: 'bootstrap-admin',
      });
      expect(typeof line.ms).toBe('number');
      expect(line.ms).toBeGreaterThanOrEqual(0);
    });

    it('masks phones, e-mails and documents in logged paths, and never logs a token', async () => {
      const secret = await server.tokenWith(['profiles:read']);
      const lookups = [
        ['phone', '+55 (11) 98765-4321', '+** (**) *****-**21'],
        ['email', 'Ana.Souza@Example.com', 'A***@Example.com'],
        ['document', VALID_CPF_FORMATTED, '***.***.***-25'],
        ['document', VALID_CPF, '*********25'],
      ] as const;
      for (const [kind, value, masked] of lookups) {
        const answer = await server.request('GET', `${PROFILE}/${kind}/${encodeURIComponent(value)}`, { token: secret });
        expect(answer.status).toBe(200);
        const [line] = linesOf(answer.headers.get('x-request-id') ?? '');
        expect(line).toMatchObject({ route: `${PROFILE}/${kind}/:${kind}`, path: `${PROFILE}/${kind}/${masked}`, status: 200 });
      }
      // The profile id (a shopper's userId in events) is masked on every profile route, writes included.
      const profile = { identifiers: {}, profile: { perfil_cliente: { descricao_geral: 'Teste' } } };
      for (const [method, body] of [
        ['PUT', profile],
        ['GET', undefined],
        ['DELETE', undefined],
      ] as const) {
        const answer = await server.request(
          method,
          `${PROFILE}/user-profile-id/up_masked_person`,
          body === undefined ? {} : { body },
        );
        expect(answer.status).toBeLessThan(300);
        expect(linesOf(answer.headers.get('x-request-id') ?? '')[0]).toMatchObject({
          path: `${PROFILE}/user-profile-id/**_******_****on`,
        });
      }
      expect(logs.text()).not.toContain('up_masked_person');
      // A path no route knows, holding identifiers, is masked as well.
      const stray = await server.request('GET', `${PROFILE}/phones/11987654321/ana.souza@example.com`, { token: secret });
      expect(stray.status).toBe(404);
      expect(linesOf(stray.headers.get('x-request-id') ?? '')[0]).toMatchObject({
        route: null,
        path: `${PROFILE}/phones/*********21/a***@example.com`,
      });

      const everything = logs.text();
      for (const clear of ['98765', '987654321', 'Souza', 'souza', '529.982', '5299822', secret, ADMIN_SECRET]) {
        expect(everything, clear).not.toContain(clear);
      }
    });

    it('logs health probes and scrapes at debug level, errors of the service at warn', async () => {
      const probe = await server.request('GET', '/health/ready', { token: null });
      expect(linesOf(probe.headers.get('x-request-id') ?? '')[0]).toMatchObject({ level: 20, route: '/health/ready' });
      const failing = await startTestServer({
        overrides: [
          override(LoggerToken, logs.logger),
          override(ReadinessChecksToken, [{ name: 'database', required: true, check: () => Promise.reject(new Error('down')) }]),
        ],
      });
      try {
        const down = await failing.request('GET', '/health/ready', { token: null });
        expect(down.status).toBe(503);
        expect(linesOf(down.headers.get('x-request-id') ?? '')[0]).toMatchObject({ level: 40, status: 503 });
      } finally {
        await failing.close();
      }
    });
  });

  describe('metrics', () => {
    it('are served without a token in the Prometheus text format', async () => {
      const answer = await server.request('GET', '/metrics', { token: null });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(answer.text).toContain('# TYPE vitrine_http_requests_total counter');
      expect(answer.text).toContain('# TYPE vitrine_http_request_duration_seconds histogram');
      expect(answer.text).toContain('vitrine_process_cpu_user_seconds_total');
      expect(answer.text).toContain('vitrine_nodejs_eventloop_lag_seconds');
    });

    it('count requests by route pattern and status, with a latency histogram, never by identifier', async () => {
      const route = `${PROFILE}/email/:email`;
      const before = await scrape(server);
      await server.request('GET', `${PROFILE}/email/nobody@example.com`);
      await server.request('GET', `${PROFILE}/email/nobody-else@example.com`);
      await server.request('GET', `${PROFILE}/email/not-an-email`);
      const after = await scrape(server);
      const requests = (status: number) => `vitrine_http_requests_total{method="GET",route="${route}",status="${status}"}`;
      const count = (status: number) =>
        `vitrine_http_request_duration_seconds_count{method="GET",route="${route}",status="${status}"}`;
      expect(valueOf(after, requests(404)) - valueOf(before, requests(404))).toBe(2);
      expect(valueOf(after, requests(400)) - valueOf(before, requests(400))).toBe(1);
      expect(valueOf(after, count(404)) - valueOf(before, count(404))).toBe(2);
      expect(after).toContain(
        `vitrine_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="${route}",status="404"}`,
      );
      expect(after).not.toContain('nobody');
      await server.request('GET', '/no/such/route/5511987654321');
      const unmatched = await scrape(server);
      expect(unmatched).toContain('vitrine_http_requests_total{method="GET",route="(unmatched)",status="404"}');
      expect(unmatched).not.toContain('5511987654321');
    });

    it('time the store calls behind the answers, and count cache lookups by family, layer and result', async () => {
      await server.request('GET', `${PROFILE}/user-profile-id/up_observed`);
      const text = await scrape(server);
      expect(
        valueOf(text, 'vitrine_store_operation_duration_seconds_count{store="profiles",operation="upsert"}'),
      ).toBeGreaterThan(0);
      expect(text).toContain('vitrine_store_errors_total');
      expect(text).toMatch(/vitrine_cache_lookups_total\{family="profile",layer="(local|shared)",result="(hit|miss)"\} \d+/);
      expect(text).toMatch(/vitrine_cache_lookups_total\{family="token",layer="(local|shared)",result="hit"\} \d+/);
    });
  });
});

async function scrape(server: TestServer): Promise<string> {
  return (await server.request('GET', '/metrics', { token: null })).text;
}

/** The value of one series in a scrape, 0 when it is not there yet. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}
