import { resolve } from '../../src/composition/resolve.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describe } from '../support/suite.js';
import { ListTokens } from '../../src/application/auth/list-tokens.js';
import { RevokeToken } from '../../src/application/auth/revoke-token.js';
import { SCOPES } from '../../src/domain/auth/scopes.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { PROTECTED_ROUTES } from '../support/protected-routes.js';
import { routesOf } from '../../src/composition/adapters/http.js';

describe('authentication and scopes', () => {
  let server: TestServer;
  let expired: string;
  let revoked: string;

  beforeAll(async () => {
    server = await startTestServer();
    expired = await server.tokenWith([...SCOPES], new Date(server.clock.now().getTime() + 1000));
    revoked = await server.tokenWith([...SCOPES]);
    const tokens = await resolve(server.container, ListTokens).execute();
    const toRevoke = tokens.items.at(-1);
    if (toRevoke === undefined) throw new Error('no token to revoke');
    await resolve(server.container, RevokeToken).execute(toRevoke.id);
    server.clock.advance(1000); // `expired` expires exactly now
  });
  afterAll(() => server.close());

  it('holds every route of the route table that needs a token: a protected route missing from it fails here', () => {
    const covers = (method: string, template: string) => {
      const pattern = new RegExp(`^${template.replace(/:[A-Za-z]+/g, '[^/?]+')}(\\?.*)?$`);
      return PROTECTED_ROUTES.some((route) => route.method === method && pattern.test(route.path));
    };
    const needingToken = routesOf(server.container).filter((spec) => spec.scope !== undefined || spec.scopeOf !== undefined);
    expect(needingToken.length).toBeGreaterThan(30);
    expect(needingToken.filter((spec) => !covers(spec.method, spec.path)).map((spec) => `${spec.method} ${spec.path}`)).toEqual(
      [],
    );
  });

  describe.each(PROTECTED_ROUTES)('$method $path', ({ method, path, scope, body }) => {
    it('answers 401 with one and the same body for a missing, empty, unknown, expired or revoked token', async () => {
      const answers = await Promise.all(
        [null, '', 'vtr_not-a-real-token', expired, revoked].map((token) => server.request(method, path, { token, body })),
      );
      for (const answer of answers) expectProblem(answer, 401, 'UNAUTHORIZED');
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    });

    // A route any authenticated token may use (`any`) forbids no one: the 403 rules are for the others.
    if (scope !== 'any') {
      it(`answers 403 to a valid token without ${scope}`, async () => {
        const token = await server.tokenWith(SCOPES.filter((s) => s !== scope));
        expectProblem(await server.request(method, path, { token, body }), 403, 'FORBIDDEN');
      });
    }

    it('checks the token before the request: a bad body or path without a token is 401, with the wrong scope 403', async () => {
      const badPath = path
        .replace(/\/1(\/|$)/, '/not-an-id$1')
        .replace('/phone/11987654321', '/phone/not-a-phone')
        .replace('/email/ana@example.com', '/email/not-an-email')
        .replace('/document/52998224725', '/document/52998224726')
        .replace('/user-profile-id/up_1', `/user-profile-id/${'x'.repeat(200)}`);
      const hasBody = body !== undefined;
      const bad = hasBody ? { rawBody: '{not json', headers: { 'Content-Type': 'application/json' } } : {};
      expectProblem(await server.request(method, badPath, { token: null, ...bad }), 401, 'UNAUTHORIZED');
      if (scope === 'any') return;
      const wrongScope = await server.tokenWith(SCOPES.filter((s) => s !== scope));
      expectProblem(await server.request(method, badPath, { token: wrongScope, ...bad }), 403, 'FORBIDDEN');
    });

    it(`lets a token with only ${scope === 'any' ? 'one scope, any' : scope} through the guard`, async () => {
      const token = await server.tokenWith([scope === 'any' ? 'products:read' : scope]);
      const answer = await server.request(method, path, { token, body });
      expect([401, 403]).not.toContain(answer.status);
    });
  });

  it('needs no token for the health routes', async () => {
    expect((await server.request('GET', '/health/live', { token: null })).status).toBe(200);
    expect((await server.request('GET', '/health/ready', { token: null })).status).toBe(200);
  });
});
