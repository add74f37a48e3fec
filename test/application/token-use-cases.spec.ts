import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { AuthenticateToken, HASHED_SECRETS_KEPT, UNKNOWN_SECRETS_KEPT } from '../../src/application/auth/authenticate-token.js';
import { EnsureBootstrapToken } from '../../src/application/auth/ensure-bootstrap-token.js';
import { IssueToken } from '../../src/application/auth/issue-token.js';
import { ListTokens } from '../../src/application/auth/list-tokens.js';
import { RevokeToken } from '../../src/application/auth/revoke-token.js';
import { SCOPES } from '../../src/domain/auth/scopes.js';
import { TokenStoreToken, type TokenStore } from '../../src/domain/auth/token-store.js';
import { TokenSecretsToken } from '../../src/domain/auth/token-secrets.js';
import { testContainer, type TestContainer } from '../support/test-container.js';
import { DomainError, ValidationError } from '../../src/domain/shared/errors.js';

const codeOf = (e: unknown) => (e instanceof DomainError ? e.code : String(e));

describe('token use cases', () => {
  let clock: FakeClock;
  let store: TokenStore;
  let get: TestContainer['get'];
  let issue: IssueToken;
  let authenticate: AuthenticateToken;

  beforeEach(() => {
    clock = new FakeClock('2026-11-21T12:00:00.000Z');
    ({ get } = testContainer({ clock, env: { CACHE_LOCAL_ENTRIES: '0' } }));
    store = get(TokenStoreToken);
    issue = get(IssueToken);
    authenticate = get(AuthenticateToken);
  });

  it('issues a prefixed secret with at least 32 random bytes and stores only its SHA-256 hash', async () => {
    const { token, secret } = await issue.execute({ name: 'storefront', scopes: ['collections:read', 'products:read'] });
    expect(secret).toMatch(/^vtr_[A-Za-z0-9_-]{43,}$/);
    expect(Buffer.from(secret.slice(4), 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(token.hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(await store.list({ limit: 100 }))).not.toContain(secret);
    const other = await issue.execute({ name: 'storefront', scopes: ['products:read'] });
    expect(other.secret).not.toBe(secret);
    expect(other.token.id).not.toBe(token.id);
  });

  it('lists tokens issued in the same millisecond in the order they were issued', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (const name of names) await issue.execute({ name, scopes: ['products:read'] });
    const listed = await get(ListTokens).execute({ limit: 200 });
    expect(listed.items.map((t) => t.name)).toEqual(names);
  });

  it('authenticates a secret as its token with its scopes', async () => {
    const { token, secret } = await issue.execute({ name: 'crm', scopes: ['profiles:read'] });
    const principal = await authenticate.execute(secret);
    expect(principal).toEqual({ tokenId: token.id, name: 'crm', scopes: new Set(['profiles:read']) });
  });

  it('accepts a token until the millisecond before it expires, and refuses it from then on', async () => {
    const { secret } = await issue.execute({
      name: 'campaign',
      scopes: ['products:read'],
      expiresAt: new Date('2026-11-21T13:00:00.000Z'),
    });
    clock.set('2026-11-21T12:59:59.999Z');
    await expect(authenticate.execute(secret)).resolves.toBeDefined();
    clock.set('2026-11-21T13:00:00.000Z');
    expect(await authenticate.execute(secret).catch(codeOf)).toBe('UNAUTHORIZED');
  });

  it.each([
    ['a missing secret', undefined],
    ['an empty secret', ''],
    ['an unknown secret', 'vtr_unknown'],
    ['an absurdly long secret', 'x'.repeat(10_000)],
  ])('refuses %s as UNAUTHORIZED', async (_label, secret) => {
    expect(await authenticate.execute(secret).catch(codeOf)).toBe('UNAUTHORIZED');
  });

  it('remembers an unknown secret for a minute: one store lookup, not one a request', async () => {
    const lookups = vi.spyOn(store, 'findByHash');
    for (let i = 0; i < 3; i++) expect(await authenticate.execute('vtr_unknown').catch(codeOf)).toBe('UNAUTHORIZED');
    expect(lookups).toHaveBeenCalledTimes(1);
    clock.set('2026-11-21T12:00:59.999Z');
    expect(await authenticate.execute('vtr_unknown').catch(codeOf)).toBe('UNAUTHORIZED');
    expect(lookups).toHaveBeenCalledTimes(1);
    clock.set('2026-11-21T12:01:00.000Z');
    expect(await authenticate.execute('vtr_unknown').catch(codeOf)).toBe('UNAUTHORIZED');
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('remembers at most UNKNOWN_SECRETS_KEPT unknown secrets, forgetting the oldest first', async () => {
    const lookups = vi.spyOn(store, 'findByHash');
    for (let i = 0; i <= UNKNOWN_SECRETS_KEPT; i++) await authenticate.execute(`vtr_guess-${i}`).catch(codeOf);
    expect(lookups).toHaveBeenCalledTimes(UNKNOWN_SECRETS_KEPT + 1);
    await authenticate.execute(`vtr_guess-${UNKNOWN_SECRETS_KEPT}`).catch(codeOf);
    expect(lookups).toHaveBeenCalledTimes(UNKNOWN_SECRETS_KEPT + 1);
    await authenticate.execute('vtr_guess-0').catch(codeOf);
    expect(lookups).toHaveBeenCalledTimes(UNKNOWN_SECRETS_KEPT + 2);
  });

  it('hashes a secret presented again once, and a flood of distinct secrets one by one', async () => {
    const { secret } = await issue.execute({ name: 'storefront', scopes: ['products:read'] });
    const hashes = vi.spyOn(get(TokenSecretsToken), 'hash');
    for (let i = 0; i < 3; i++) await authenticate.execute(secret);
    authenticate.peek(secret);
    expect(hashes).toHaveBeenCalledTimes(1);
    for (let i = 0; i < HASHED_SECRETS_KEPT; i++) await authenticate.execute(`vtr_flood-${i}`).catch(codeOf);
    expect(hashes).toHaveBeenCalledTimes(HASHED_SECRETS_KEPT + 1);
    await expect(authenticate.execute(secret)).resolves.toMatchObject({ name: 'storefront' });
    expect(hashes).toHaveBeenCalledTimes(HASHED_SECRETS_KEPT + 2);
  });

  it('gives a token at hand (peek) until the millisecond before it expires; one without an expiry whenever', async () => {
    ({ get } = testContainer({ clock, env: { CACHE_LOCAL_ENTRIES: '100', CACHE_TTL: '86400' } }));
    [issue, authenticate] = [get(IssueToken), get(AuthenticateToken)];
    const expiring = await issue.execute({
      name: 'campaign',
      scopes: ['products:read'],
      expiresAt: new Date('2026-11-21T13:00:00.000Z'),
    });
    const lasting = await issue.execute({ name: 'storefront', scopes: ['products:read'] });
    for (const { secret } of [expiring, lasting]) await authenticate.execute(secret);
    clock.set('2026-11-21T12:59:59.999Z');
    expect([authenticate.peek(expiring.secret)?.name, authenticate.peek(lasting.secret)?.name]).toEqual([
      'campaign',
      'storefront',
    ]);
    clock.set('2026-11-21T13:00:00.000Z');
    expect([authenticate.peek(expiring.secret), authenticate.peek(lasting.secret)?.name]).toEqual([undefined, 'storefront']);
  });

  it('refuses a revoked token at once', async () => {
    const { token, secret } = await issue.execute({ name: 'old', scopes: ['products:read'] });
    await get(RevokeToken).execute(token.id);
    expect(await authenticate.execute(secret).catch(codeOf)).toBe('UNAUTHORIZED');
    expect(await get(RevokeToken).execute(token.id).catch(codeOf)).toBe('TOKEN_NOT_FOUND');
    expect((await get(ListTokens).execute()).items).toEqual([]);
  });

  it('names every problem of a token request', async () => {
    const error = await issue
      .execute({ name: ' ', scopes: ['profiles:read', 'admin'], expiresAt: new Date('2026-11-21T12:00:00.000Z') })
      .catch((e: unknown) => e);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual(['name', 'scopes.1', 'expiresAt']);
    const empty = await issue.execute({ name: 'x', scopes: [] }).catch((e: unknown) => e);
    expect((empty as ValidationError).issues.map((i) => i.path)).toEqual(['scopes']);
    expect(await store.count()).toBe(0);
  });

  describe('the bootstrap token', () => {
    it('makes a configured secret a token with every scope, once', async () => {
      const bootstrap = get(EnsureBootstrapToken);
      const configured = 'a-configured-admin-secret-of-32-chars!';
      expect(await bootstrap.execute(configured)).toEqual({});
      expect(await bootstrap.execute(configured)).toEqual({});
      expect(await store.count()).toBe(1);
      expect((await authenticate.execute(configured)).scopes).toEqual(new Set(SCOPES));
    });

    it('creates and answers a secret when no token exists and none is configured', async () => {
      const bootstrap = get(EnsureBootstrapToken);
      const { generatedSecret } = await bootstrap.execute(undefined);
      expect(generatedSecret).toMatch(/^vtr_/);
      expect((await authenticate.execute(generatedSecret)).scopes).toEqual(new Set(SCOPES));
      expect(await bootstrap.execute(undefined)).toEqual({});
      expect(await store.count()).toBe(1);
    });
  });
});
