import { afterEach, expect, it } from 'vitest';
import { expectProblem, startTestServer, type TestResponse, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

const TOKENS = '/api/v1/admin/protected/tokens';
const COLLECTIONS = '/api/v1/merchandising-collections/protected';

describe('rate limits', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function start(env: Record<string, string>): Promise<TestServer> {
    const server = await startTestServer({ env });
    servers.push(server);
    return server;
  }

  async function issue(server: TestServer, body: object): Promise<string> {
    const answer = await server.request('POST', TOKENS, { body: { name: 'storefront', scopes: ['collections:read'], ...body } });
    expect(answer.status).toBe(201);
    return answer.json.token as string;
  }

  function quota(answer: TestResponse): { policy: string | null; left: string | null; retryAfter: string | null } {
    return {
      policy: answer.headers.get('ratelimit-policy'),
      left: answer.headers.get('ratelimit')?.replace(/;t=([1-9]|[1-5]\d|60)$/, ';t=≤60') ?? null,
      retryAfter: answer.headers.get('retry-after'),
    };
  }

  describe('per token', () => {
    it('holds a token to its own limit, telling what is left, then answers 429 with Retry-After', async () => {
      const server = await start({ RATE_LIMIT: '1000/1s' });
      const token = await issue(server, { rateLimit: { requests: 3, windowSeconds: 60 } });
      const seen = [];
      for (let i = 0; i < 3; i++) {
        const answer = await server.request('GET', COLLECTIONS, { token });
        expect(answer.status).toBe(200);
        seen.push(quota(answer));
      }
      expect(seen).toEqual([
        { policy: '"token";q=3;w=60', left: '"token";r=2;t=≤60', retryAfter: null },
        { policy: '"token";q=3;w=60', left: '"token";r=1;t=≤60', retryAfter: null },
        { policy: '"token";q=3;w=60', left: '"token";r=0;t=≤60', retryAfter: null },
      ]);
      const refused = await server.request('GET', COLLECTIONS, { token });
      expectProblem(refused, 429, 'RATE_LIMITED');
      expect(quota(refused)).toEqual({ policy: '"token";q=3;w=60', left: '"token";r=0;t=≤60', retryAfter: expect.any(String) });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json.detail).toBe('This token made more requests than its rate limit allows; try again later.');
      const metrics = await server.request('GET', '/metrics', { token: null });
      expect(metrics.text).toContain('vitrine_rate_limited_total{limit="token"} 1');
    });

    it('keeps each token to its own count: one over its limit does not slow another', async () => {
      const server = await start({ RATE_LIMIT: '2/1m' });
      const [first, second] = [await issue(server, {}), await issue(server, {})];
      for (let i = 0; i < 2; i++) expect((await server.request('GET', COLLECTIONS, { token: first })).status).toBe(200);
      expectProblem(await server.request('GET', COLLECTIONS, { token: first }), 429, 'RATE_LIMITED');
      const other = await server.request('GET', COLLECTIONS, { token: second });
      expect({ status: other.status, ...quota(other) }).toEqual({
        status: 200,
        policy: '"token";q=2;w=60',
        left: '"token";r=1;t=≤60',
        retryAfter: null,
      });
      expectProblem(await server.request('GET', COLLECTIONS, { token: first }), 429, 'RATE_LIMITED');
    });

    it('applies RATE_LIMIT to tokens without a limit of their own, on every route, a 403 included', async () => {
      const server = await start({ RATE_LIMIT: '2/1m' });
      const token = await issue(server, {});
      const forbidden = await server.request('POST', COLLECTIONS, { token, body: { name: 'C' } });
      expectProblem(forbidden, 403, 'FORBIDDEN');
      expect(quota(forbidden).left).toBe('"token";r=1;t=≤60');
      expect((await server.request('GET', COLLECTIONS, { token })).status).toBe(200);
      expectProblem(await server.request('GET', `${COLLECTIONS}/1`, { token }), 429, 'RATE_LIMITED');
    });

    it('sends no RateLimit headers and refuses nothing with RATE_LIMIT=off', async () => {
      const server = await start({ RATE_LIMIT: 'off' });
      const token = await issue(server, {});
      for (let i = 0; i < 5; i++) {
        const answer = await server.request('GET', COLLECTIONS, { token });
        expect({ status: answer.status, ...quota(answer) }).toEqual({ status: 200, policy: null, left: null, retryAfter: null });
      }
    });

    it("shows a token's own limit, and refuses one that makes no sense", async () => {
      const server = await start({});
      const issued = await server.request('POST', TOKENS, {
        body: { name: 'crm', scopes: ['profiles:read'], rateLimit: { requests: 50, windowSeconds: 10 } },
      });
      expect(issued.json.rateLimit).toEqual({ requests: 50, windowSeconds: 10 });
      const listed = await server.request('GET', TOKENS);
      expect(listed.json.tokens.find((t: { id: string }) => t.id === issued.json.id).rateLimit).toEqual({
        requests: 50,
        windowSeconds: 10,
      });
      const bad = await server.request('POST', TOKENS, {
        body: { name: 'crm', scopes: ['profiles:read'], rateLimit: { requests: 0, windowSeconds: 86_401 } },
      });
      expectProblem(bad, 400, 'VALIDATION_FAILED');
      expect(bad.json.errors).toEqual([
        { path: 'rateLimit.requests', message: 'must be at least 1' },
        { path: 'rateLimit.windowSeconds', message: 'must be at most 86400' },
      ]);
      const missing = await server.request('POST', TOKENS, { body: { name: 'crm', scopes: ['profiles:read'], rateLimit: {} } });
      expect(missing.json.errors.map((e: { path: string }) => e.path)).toEqual(['rateLimit.requests', 'rateLimit.windowSeconds']);
    });
  });

  describe('failed authentications per client address', () => {
    it('answers 429 to the failing attempts of an address past more than its failed authentications, never to a valid token', async () => {
      const server = await start({ AUTH_FAILURE_LIMIT: '3/1m' });
      const valid = await server.tokenWith(['collections:read']);
      // Three failures, then a fourth: the address has made more than three only after it.
      for (const token of [null, 'vtr_guess-1', 'vtr_guess-2', 'vtr_guess-3']) {
        const refused = await server.request('GET', COLLECTIONS, { token });
        expectProblem(refused, 401, 'UNAUTHORIZED');
        expect(refused.headers.get('www-authenticate')).toBe('ApiKey realm="vitrine", header="X-Service-APP-Token"');
      }
      for (const token of ['vtr_guess-4', null]) {
        const refused = await server.request('GET', COLLECTIONS, { token });
        expectProblem(refused, 429, 'RATE_LIMITED');
        expect(quota(refused)).toEqual({
          policy: '"failed-authentications";q=3;w=60',
          left: '"failed-authentications";r=0;t=≤60',
          retryAfter: expect.any(String),
        });
        expect(refused.json.detail).toBe('Too many failed authentications from this address; try again later.');
      }
      // A token that authenticates passes from the same address, again and again, on both lanes.
      for (let i = 0; i < 3; i++) expect((await server.request('GET', COLLECTIONS, { token: valid })).status).toBe(200);
      // The routes without a token still answer.
      expect((await server.request('GET', '/health/live', { token: null })).status).toBe(200);
      const metrics = await server.request('GET', '/metrics', { token: null });
      expect(metrics.text).toContain('vitrine_rate_limited_total{limit="failed-authentications"} 2');
    });

    it('looks an unknown token up in the store once, not once a request', async () => {
      const server = await start({ AUTH_FAILURE_LIMIT: 'off' });
      const lookups = async () => {
        const text = (await server.request('GET', '/metrics', { token: null })).text;
        const line = text
          .split('\n')
          .find((l) => l.startsWith('vitrine_store_operation_duration_seconds_count{store="tokens",operation="findByHash"}'));
        return Number(line?.split(' ').at(-1) ?? 0);
      };
      const before = await lookups();
      for (let i = 0; i < 5; i++)
        expectProblem(await server.request('GET', COLLECTIONS, { token: 'vtr_wrong' }), 401, 'UNAUTHORIZED');
      expect((await lookups()) - before).toBe(1);
    });

    it('tells addresses apart by X-Forwarded-For only behind as many proxies as TRUST_PROXY says', async () => {
      const behind = await start({ AUTH_FAILURE_LIMIT: '2/1m', TRUST_PROXY: '1' });
      const from = (address: string) => ({ 'X-Forwarded-For': `203.0.113.99, ${address}` });
      for (let i = 0; i < 3; i++) {
        expectProblem(
          await behind.request('GET', COLLECTIONS, { token: 'vtr_bad', headers: from('198.51.100.1') }),
          401,
          'UNAUTHORIZED',
        );
      }
      expectProblem(
        await behind.request('GET', COLLECTIONS, { token: 'vtr_bad', headers: from('198.51.100.1') }),
        429,
        'RATE_LIMITED',
      );
      expectProblem(
        await behind.request('GET', COLLECTIONS, { token: 'vtr_bad', headers: from('198.51.100.2') }),
        401,
        'UNAUTHORIZED',
      );
      expect((await behind.request('GET', COLLECTIONS, { headers: from('198.51.100.2') })).status).toBe(200);

      // Without TRUST_PROXY the header proves nothing: every request is the socket's address.
      const direct = await start({ AUTH_FAILURE_LIMIT: '2/1m' });
      for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.4']) {
        expectProblem(
          await direct.request('GET', COLLECTIONS, { token: 'vtr_bad', headers: from(address) }),
          401,
          'UNAUTHORIZED',
        );
      }
      expectProblem(
        await direct.request('GET', COLLECTIONS, { token: 'vtr_bad', headers: from('198.51.100.3') }),
        429,
        'RATE_LIMITED',
      );
    });
  });
});
