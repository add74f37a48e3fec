import * as v from 'valibot';
import type { GetOwnToken } from '../../../application/auth/get-own-token.js';
import type { IssueToken } from '../../../application/auth/issue-token.js';
import type { ListTokens } from '../../../application/auth/list-tokens.js';
import type { RevokeToken } from '../../../application/auth/revoke-token.js';
import { SCOPES } from '../../../domain/auth/scopes.js';
import { ANY_SCOPE } from '../pipeline/admission.js';
import { json, noContent } from '../pipeline/reply.js';
import { jsonBody, route, type RouteGroup, type RouteSpec, type RouteTag } from '../pipeline/route-spec.js';
import { presentToken } from './token-presenter.js';
import {
  IssuedTokenResponse,
  IssueTokenBody,
  tokenCursor,
  TokenListQuery,
  TokenListResponse,
  TokenResponse,
} from './token-schemas.js';

export const TOKENS_BASE = '/api/v1/admin/protected/tokens';

const TOKENS_TAG: RouteTag = { name: 'Tokens', description: 'Application tokens and their scopes.' };

/** A token for a shop's site, as the service lists it (never with its secret). */
const TOKEN_EXAMPLE = {
  id: 'tok_01a2199a18e30000026a1b9fd9dbcf',
  name: 'loja-site',
  scopes: ['products:read', 'collections:read'],
  createdAt: '2026-11-21T12:00:00.000Z',
  expiresAt: '2027-12-31T23:59:59.000Z',
  rateLimit: { requests: 100, windowSeconds: 1 },
  kind: 'secret',
};

/** A publishable key for the storefront's pages: it records events, from its origins only. */
const PUBLISHABLE_EXAMPLE = {
  id: 'tok_01a2199a18e30000036c2d8ee1f0a1',
  name: 'loja-vitrine-web',
  scopes: ['events:write'],
  createdAt: '2026-11-21T12:00:00.000Z',
  expiresAt: null,
  rateLimit: null,
  kind: 'publishable',
  allowedOrigins: ['https://loja.example.com.br', 'https://m.loja.example.com.br'],
};

/** The token `npm start` makes, which may do everything. */
const ADMIN_TOKEN_EXAMPLE = {
  id: 'tok_01a219955302000001e1dcdda3d33b',
  name: 'bootstrap-admin',
  scopes: [...SCOPES],
  createdAt: '2026-11-21T12:00:00.000Z',
  expiresAt: null,
  rateLimit: null,
  kind: 'secret',
};

/** Application tokens: issued, listed and revoked by a token with `tokens:manage`. */
export function tokenRoutes(issue: IssueToken, list: ListTokens, revoke: RevokeToken, own: GetOwnToken): RouteGroup {
  return {
    tag: TOKENS_TAG,
    schemas: { Token: TokenResponse, TokenList: TokenListResponse, IssuedToken: IssuedTokenResponse, TokenInput: IssueTokenBody },
    routes: [
      issuing(issue),
      route({
        method: 'GET',
        path: TOKENS_BASE,
        operationId: 'listTokens',
        summary: 'List tokens, without their secrets',
        description:
          'Oldest first; 100 a page unless `limit` says (at most 200); `cursor` is the `nextCursor` of the page before.',
        scope: 'tokens:manage',
        query: TokenListQuery,
        responses: [{ status: 200, description: 'A page of tokens.', body: TokenListResponse }],
        examples: { responses: { 200: { tokens: [ADMIN_TOKEN_EXAMPLE, TOKEN_EXAMPLE, PUBLISHABLE_EXAMPLE], nextCursor: null } } },
        handler: async ({ query }) => {
          const page = await list.execute({ limit: query.limit, after: query.cursor });
          return json(200, {
            tokens: page.items.map(presentToken),
            nextCursor: page.next === undefined ? null : tokenCursor(page.next),
          });
        },
      }),
      route({
        method: 'GET',
        path: `${TOKENS_BASE}/self`,
        operationId: 'getOwnToken',
        summary: 'The token this request is made with',
        description: 'Who is signed in: its id, name, scopes and expiry (never its secret). Any token may ask about itself.',
        scope: ANY_SCOPE,
        responses: [{ status: 200, description: 'The token.', body: TokenResponse }],
        examples: { responses: { 200: ADMIN_TOKEN_EXAMPLE } },
        handler: async ({ principal }) => json(200, presentToken(await own.execute(principal!.tokenId))),
      }),
      route({
        method: 'DELETE',
        path: `${TOKENS_BASE}/:tokenId`,
        operationId: 'revokeToken',
        summary: 'Revoke a token',
        description: 'It answers 401 from then on.',
        scope: 'tokens:manage',
        params: v.object({ tokenId: v.string() }),
        responses: [{ status: 204, description: 'Revoked.' }],
        problems: ['TOKEN_NOT_FOUND'],
        examples: { params: { tokenId: TOKEN_EXAMPLE.id }, responses: {} },
        handler: async ({ params }) => {
          await revoke.execute(params.tokenId);
          return noContent();
        },
      }),
    ],
  };
}

function issuing(issue: IssueToken): RouteSpec {
  return route({
    method: 'POST',
    path: TOKENS_BASE,
    operationId: 'issueToken',
    summary: 'Issue an application token',
    description:
      'The secret is in this answer only; the service keeps its SHA-256 hash. A `publishable` key (`vtp_...`) is for the ' +
      "storefront's web pages: it records events (`events:write`) and nothing else, only with an `Origin` it lists, within its " +
      'quota and each client address within PUBLISHABLE_ADDRESS_LIMIT; what it records is marked as sent from a browser.',
    scope: 'tokens:manage',
    body: jsonBody(IssueTokenBody),
    responses: [{ status: 201, description: 'Issued.', body: IssuedTokenResponse, headers: ['Cache-Control'] }],
    examples: {
      body: {
        name: 'loja-site',
        scopes: ['products:read', 'collections:read'],
        expiresAt: '2027-12-31T23:59:59Z',
        rateLimit: { requests: 100, windowSeconds: 1 },
      },
      responses: { 201: { ...TOKEN_EXAMPLE, token: 'vtr_Xq3vN7dY0bWmK2pL9sTfR4hJ8cGzA1eU6oIyB5nMwQk' } },
    },
    handler: async ({ body }) => {
      const { token, secret } = await issue.execute({
        ...body,
        expiresAt: body.expiresAt ?? undefined,
        rateLimit: body.rateLimit ?? undefined,
      });
      return json(201, { ...presentToken(token), token: secret }, { 'Cache-Control': 'no-store' });
    },
  });
}
