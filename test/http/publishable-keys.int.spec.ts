import { afterEach, expect, it } from 'vitest';
import { resolve } from '../../src/composition/resolve.js';
import { EventStoreToken } from '../../src/domain/events/event-store.js';
import { historyOf } from '../support/event-history.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

const TOKENS = '/api/v1/admin/protected/tokens';
const EVENTS = '/api/v1/events/protected/batch';
const CATALOG = '/api/v1/products/protected/catalog';
const SHOP = 'https://loja.example.com.br';
const OTHER = 'https://outra-loja.example.com';

const view = (sessionId: string, userId?: string) => ({
  events: [{ type: 'view', productId: 'VES-002', sessionId, ...(userId === undefined ? {} : { userId }) }],
});

describe('publishable keys', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function start(env: Record<string, string> = {}): Promise<TestServer> {
    const server = await startTestServer({ env });
    servers.push(server);
    return server;
  }

  async function publishable(server: TestServer, body: object = {}): Promise<{ id: string; key: string }> {
    const answer = await server.request('POST', TOKENS, {
      body: { name: 'loja-web', kind: 'publishable', allowedOrigins: [SHOP], ...body },
    });
    expect(answer.status).toBe(201);
    return { id: answer.json.id as string, key: answer.json.token as string };
  }

  /** A request as a browser sends it: Origin, no credentials, the key where the page put it. */
  function fromPage(
    server: TestServer,
    method: string,
    path: string,
    origin: string | undefined,
    headers: Record<string, string> = {},
    body?: unknown,
  ) {
    return fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        ...(origin === undefined ? {} : { Origin: origin }),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  describe('issuing', () => {
    it('issues a visibly distinct key that holds events:write only, with its origins in their browser form', async () => {
      const server = await start();
      const answer = await server.request('POST', TOKENS, {
        body: {
          name: 'loja-web',
          kind: 'publishable',
          allowedOrigins: ['HTTPS://Loja.Example.com.br:443/', 'http://localhost:5173'],
        },
      });
      expect(answer.status).toBe(201);
      expect(answer.json).toMatchObject({
        name: 'loja-web',
        kind: 'publishable',
        scopes: ['events:write'],
        allowedOrigins: [SHOP, 'http://localhost:5173'],
        token: expect.stringMatching(/^vtp_[A-Za-z0-9_-]{43,}$/),
      });
      const listed = await server.request('GET', TOKENS);
      expect(listed.json.tokens).toContainEqual(expect.objectContaining({ id: answer.json.id, kind: 'publishable' }));
      expect(
        listed.json.tokens.find((t: { name: string }) => t.name === 'bootstrap-admin' || t.name !== 'loja-web'),
      ).toMatchObject({
        kind: 'secret',
      });
    });

    it.each([
      [{ kind: 'publishable' }, 'allowedOrigins', 'must list 1 to 20 web origins'],
      [{ kind: 'publishable', allowedOrigins: [`${SHOP}/loja`] }, 'allowedOrigins.0', 'must be a web origin'],
      [{ kind: 'publishable', allowedOrigins: ['ftp://loja.example.com.br'] }, 'allowedOrigins.0', 'must be a web origin'],
      [{ kind: 'publishable', allowedOrigins: ['https://ana@loja.example.com.br'] }, 'allowedOrigins.0', 'must be a web origin'],
      [
        { kind: 'publishable', allowedOrigins: [SHOP], scopes: ['products:read'] },
        'scopes.0',
        'a publishable key may only hold events:write',
      ],
      [{ kind: 'secret', scopes: ['events:write'], allowedOrigins: [SHOP] }, 'allowedOrigins', 'only a publishable key'],
      [{ kind: 'public', scopes: ['events:write'] }, 'kind', 'must be one of secret, publishable'],
    ])('refuses %j (400 on %s) and issues nothing', async (body, path, message) => {
      const server = await start();
      const before = (await server.request('GET', TOKENS)).json.tokens.length;
      const answer = await server.request('POST', TOKENS, { body: { name: 'loja-web', ...body } });
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors).toContainEqual({ path, message: expect.stringContaining(message) });
      expect((await server.request('GET', TOKENS)).json.tokens).toHaveLength(before);
    });
  });

  describe('recording', () => {
    it('records events from a page of an allowed origin, marked as sent from a browser', async () => {
      const server = await start();
      const { key } = await publishable(server);
      const answer = await fromPage(
        server,
        'POST',
        EVENTS,
        SHOP,
        { 'X-Service-APP-Token': key },
        view('sess-web-1', 'up_claimed'),
      );
      expect(answer.status).toBe(200);
      expect((await answer.json()) as object).toMatchObject({ accepted: 1 });
      const secret = await server.request('POST', EVENTS, { body: view('sess-server-1') });
      expect(secret.status).toBe(200);
      const history = await historyOf(resolve(server.container, EventStoreToken));
      expect(history.map((e) => [e.sessionId, e.userId, e.source])).toEqual([
        ['sess-web-1', 'up_claimed', 'browser'],
        ['sess-server-1', undefined, undefined],
      ]);
    });

    it('takes the key from the key parameter (a beacon sends no header), never a secret token there', async () => {
      const server = await start();
      const { key } = await publishable(server);
      const answer = await fromPage(server, 'POST', `${EVENTS}?key=${key}`, SHOP, {}, view('sess-beacon'));
      expect(answer.status).toBe(200);
      const admin = await server.request('POST', TOKENS, { body: { name: 'server', scopes: ['events:write'] } });
      const secretInUrl = await server.request('POST', `${EVENTS}?key=${admin.json.token}`, { token: null, body: view('s') });
      expectProblem(secretInUrl, 401, 'UNAUTHORIZED');
    });

    it('refuses a page of another origin, and a request with no Origin, with 403 and records nothing', async () => {
      const server = await start();
      const { key } = await publishable(server);
      const other = await fromPage(server, 'POST', EVENTS, OTHER, { 'X-Service-APP-Token': key }, view('sess-x'));
      expect(other.status).toBe(403);
      expect(((await other.json()) as { detail: string }).detail).toBe(
        `This publishable key is not allowed from ${OTHER}; add the origin to the key's allowedOrigins (a new key).`,
      );
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const none = await server.request('POST', EVENTS, { token: key, body: view('sess-y') });
      expectProblem(none, 403, 'FORBIDDEN');
      expect(await historyOf(resolve(server.container, EventStoreToken))).toEqual([]);
    });

    it('can do nothing else: every other route answers 403, even from an allowed origin', async () => {
      const server = await start();
      const { key } = await publishable(server);
      for (const [method, path] of [
        ['GET', CATALOG],
        ['GET', TOKENS],
        ['GET', '/api/v1/merchandising-collections/protected'],
      ] as const) {
        const answer = await fromPage(server, method, path, SHOP, { 'X-Service-APP-Token': key });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      }
    });

    it('stops working once revoked', async () => {
      const server = await start();
      const { id, key } = await publishable(server);
      expect((await server.request('DELETE', `${TOKENS}/${id}`)).status).toBe(204);
      const answer = await fromPage(server, 'POST', EVENTS, SHOP, { 'X-Service-APP-Token': key }, view('sess-z'));
      expect(answer.status).toBe(401);
    });

    it('holds each client address to its share of the key, so one page cannot spend it for the others', async () => {
      const server = await start({ PUBLISHABLE_ADDRESS_LIMIT: '2/1m', TRUST_PROXY: '1' });
      const { key } = await publishable(server);
      const send = (address: string) =>
        fromPage(
          server,
          'POST',
          EVENTS,
          SHOP,
          { 'X-Service-APP-Token': key, 'X-Forwarded-For': address },
          view(`sess-${address}`),
        );
      expect((await send('203.0.113.7')).status).toBe(200);
      expect((await send('203.0.113.7')).status).toBe(200);
      const refused = await send('203.0.113.7');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('ratelimit-policy')).toBe('"publishable-address";q=2;w=60');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await refused.json()) as { detail: string }).detail).toBe(
        'This address sent more with this publishable key than it may; try again later.',
      );
      expect((await send('198.51.100.20')).status).toBe(200);
    });
  });

  describe('CORS', () => {
    const preflight = (server: TestServer, path: string, origin: string, method = 'POST') =>
      fromPage(server, 'OPTIONS', path, origin, {
        'Access-Control-Request-Method': method,
        'Access-Control-Request-Headers': 'content-type',
      });

    it("answers a preflight for the key's own origins, without credentials, and names the origin on the answer", async () => {
      const server = await start();
      const { key } = await publishable(server);
      const answer = await preflight(server, `${EVENTS}?key=${key}`, SHOP);
      expect(answer.status).toBe(204);
      expect(
        Object.fromEntries([...answer.headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary')),
      ).toEqual({
        'access-control-allow-origin': SHOP,
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'Content-Type, X-Service-APP-Token',
        'access-control-max-age': '600',
        vary: 'Origin',
      });
      const posted = await fromPage(server, 'POST', `${EVENTS}?key=${key}`, SHOP, {}, view('sess-cors'));
      expect(posted.status).toBe(200);
      expect(posted.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(posted.headers.get('access-control-allow-credentials')).toBeNull();
      expect(posted.headers.get('vary')).toContain('Origin');
    });

    it('refuses a preflight from an origin the key does not list, without a key, with a secret token or for another method', async () => {
      const server = await start();
      const { key } = await publishable(server);
      const admin = await server.request('POST', TOKENS, { body: { name: 'server', scopes: ['events:write'] } });
      for (const [path, origin, method] of [
        [`${EVENTS}?key=${key}`, OTHER, 'POST'],
        [EVENTS, SHOP, 'POST'],
        [`${EVENTS}?key=${admin.json.token}`, SHOP, 'POST'],
        [`${EVENTS}?key=vtp_not-a-key-of-this-service-at-all`, SHOP, 'POST'],
        [`${EVENTS}?key=${key}`, SHOP, 'DELETE'],
      ] as const) {
        const answer = await preflight(server, path, origin, method);
        expect(answer.status, `${path} from ${origin}`).toBe(403);
        expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      }
    });

    it('sends no CORS header on any other route, to any origin', async () => {
      const server = await start();
      const { key } = await publishable(server);
      const other = await preflight(server, `${CATALOG}?key=${key}`, SHOP, 'GET');
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const read = await fromPage(server, 'GET', CATALOG, SHOP, {
        'X-Service-APP-Token': await server.tokenWith(['products:read']),
      });
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
    });
  });
});
