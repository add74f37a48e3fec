import { afterAll, beforeAll, expect, it } from 'vitest';
import { describe } from '../support/suite.js';
import { ADMIN_SECRET, expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';

const TOKENS = '/api/v1/admin/protected/tokens';

describe('token administration', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('issues a token: 201 with its secret shown this once, not cached', async () => {
    const answer = await server.request('POST', TOKENS, {
      body: { name: 'storefront', scopes: ['collections:read', 'products:read'], expiresAt: '2027-01-01T00:00:00-03:00' },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.json).toEqual({
      id: expect.any(String),
      name: 'storefront',
      scopes: ['collections:read', 'products:read'],
      createdAt: '2026-11-21T12:00:00.000Z',
      expiresAt: '2027-01-01T03:00:00.000Z',
      rateLimit: null,
      kind: 'secret',
      token: expect.stringMatching(/^vtr_[A-Za-z0-9_-]{43,}$/),
    });
    const listed = await server.request('GET', TOKENS);
    expect(listed.status).toBe(200);
    expect(listed.json.tokens).toContainEqual({
      id: answer.json.id,
      name: 'storefront',
      scopes: ['collections:read', 'products:read'],
      createdAt: '2026-11-21T12:00:00.000Z',
      expiresAt: '2027-01-01T03:00:00.000Z',
      rateLimit: null,
      kind: 'secret',
    });
    expect(listed.text).not.toContain(answer.json.token);
    expect(listed.text).not.toContain('hash');
  });

  it('lists tokens in pages, oldest first, cursor after cursor', async () => {
    for (const name of ['p1', 'p2', 'p3']) await server.request('POST', TOKENS, { body: { name, scopes: ['products:read'] } });
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '?limit=2' : `?limit=2&cursor=${cursor}`;
      const page = await server.request('GET', `${TOKENS}${query}`);
      expect(page.status).toBe(200);
      expect(page.json.tokens.length).toBeLessThanOrEqual(2);
      names.push(...page.json.tokens.map((t: { name: string }) => t.name));
      cursor = page.json.nextCursor;
    } while (cursor !== null);
    expect(names.slice(-3)).toEqual(['p1', 'p2', 'p3']);
    expect(new Set(names).size).toBe(names.length);
    const bad = await server.request('GET', `${TOKENS}?cursor=x`);
    expect(bad.status).toBe(400);
  });

  it('tells any token about itself: id, name, scopes and expiry, never the secret', async () => {
    const issued = await server.request('POST', TOKENS, {
      body: { name: 'vitrine-builder', scopes: ['collections:read'], expiresAt: '2027-01-01T00:00:00Z' },
    });
    const self = await server.request('GET', `${TOKENS}/self`, { token: issued.json.token });
    expect(self.status).toBe(200);
    expect(self.json).toMatchObject({
      id: issued.json.id,
      name: 'vitrine-builder',
      scopes: ['collections:read'],
      expiresAt: '2027-01-01T00:00:00.000Z',
    });
    expect(JSON.stringify(self.json)).not.toContain(issued.json.token);
    expect((await server.request('GET', `${TOKENS}/self`, { token: null })).status).toBe(401);
    expect((await server.request('DELETE', `${TOKENS}/${issued.json.id}`)).status).toBe(204);
    expect((await server.request('GET', `${TOKENS}/self`, { token: issued.json.token })).status).toBe(401);
  });

  it('gives the new token exactly its scopes', async () => {
    const { json } = await server.request('POST', TOKENS, { body: { name: 'reader', scopes: ['collections:read'] } });
    expect(json.expiresAt).toBeNull();
    expect((await server.request('GET', '/api/v1/merchandising-collections/protected', { token: json.token })).status).toBe(200);
    expectProblem(await server.request('GET', TOKENS, { token: json.token }), 403, 'FORBIDDEN');
  });

  it('revokes a token: 204, and it answers 401 from then on', async () => {
    const { json } = await server.request('POST', TOKENS, { body: { name: 'temp', scopes: ['products:read'] } });
    expect((await server.request('GET', '/api/v1/products/protected/catalog/x', { token: json.token })).status).toBe(404);
    expect((await server.request('DELETE', `${TOKENS}/${json.id}`)).status).toBe(204);
    expectProblem(
      await server.request('GET', '/api/v1/products/protected/catalog/x', { token: json.token }),
      401,
      'UNAUTHORIZED',
    );
    expectProblem(await server.request('DELETE', `${TOKENS}/${json.id}`), 404, 'TOKEN_NOT_FOUND');
  });

  it('lets an admin revoke its own token', async () => {
    const { json } = await server.request('POST', TOKENS, { body: { name: 'admin-2', scopes: ['tokens:manage'] } });
    expect((await server.request('DELETE', `${TOKENS}/${json.id}`, { token: json.token })).status).toBe(204);
    expectProblem(await server.request('GET', TOKENS, { token: json.token }), 401, 'UNAUTHORIZED');
    expect((await server.request('GET', TOKENS, { token: ADMIN_SECRET })).status).toBe(200);
  });

  it('refuses a token that expires in the past', async () => {
    const answer = await server.request('POST', TOKENS, {
      body: { name: 'late', scopes: ['products:read'], expiresAt: '2026-11-21T12:00:00Z' },
    });
    expectProblem(answer, 400, 'VALIDATION_FAILED');
    expect(answer.json.errors).toEqual([{ path: 'expiresAt', message: 'must be in the future' }]);
  });

  it.each([
    ['no name', { scopes: ['products:read'] }, ['name']],
    ['no scopes', { name: 'x' }, ['scopes']],
    ['an empty scope list', { name: 'x', scopes: [] }, ['scopes']],
    ['an unknown scope', { name: 'x', scopes: ['products:read', 'root'] }, ['scopes.1']],
    ['an expiry without offset', { name: 'x', scopes: ['products:read'], expiresAt: '2030-01-01T00:00:00' }, ['expiresAt']],
  ])('refuses a token with %s (400)', async (_label, body, paths) => {
    const answer = await server.request('POST', TOKENS, { body });
    expectProblem(answer, 400, 'VALIDATION_FAILED');
    expect(answer.json.errors.map((e: { path: string }) => e.path)).toEqual(paths);
  });
});
