import type { Container } from 'inversify';
import * as v from 'valibot';
import { IssueToken } from '../../../application/auth/issue-token.js';
import { ListTokens } from '../../../application/auth/list-tokens.js';
import { RevokeToken } from '../../../application/auth/revoke-token.js';
import { sendJson, sendNoContent } from '../context.js';
import { presentToken } from '../presenters/token-presenter.js';
import { IssuedTokenResponse, IssueTokenBody, TokenListResponse } from '../schemas/token-schemas.js';
import { parseBody } from '../validation.js';
import type { RouteSpec } from './route-spec.js';

export const TOKENS_BASE = '/api/v1/admin/protected/tokens';

export function tokenRoutes(container: Container): RouteSpec[] {
  const issue = container.get(IssueToken);
  const list = container.get(ListTokens);
  const revoke = container.get(RevokeToken);

  return [
    {
      method: 'POST',
      path: TOKENS_BASE,
      operationId: 'issueToken',
      tag: 'Tokens',
      summary: 'Issue an application token',
      description: 'The secret is in this answer only; the service keeps its SHA-256 hash.',
      scope: 'tokens:manage',
      body: { json: IssueTokenBody },
      responses: [{ status: 201, description: 'Issued.', body: IssuedTokenResponse, headers: ['Cache-Control'] }],
      handler: async (ctx) => {
        const body = parseBody(IssueTokenBody, ctx.request.body);
        const { token, secret } = await issue.execute({
          ...body,
          expiresAt: body.expiresAt ?? undefined,
          rateLimit: body.rateLimit ?? undefined,
        });
        ctx.set('Cache-Control', 'no-store');
        sendJson(ctx, 201, { ...presentToken(token), token: secret });
      },
    },
    {
      method: 'GET',
      path: TOKENS_BASE,
      operationId: 'listTokens',
      tag: 'Tokens',
      summary: 'List tokens, without their secrets',
      scope: 'tokens:manage',
      responses: [{ status: 200, description: 'Every token.', body: TokenListResponse }],
      handler: async (ctx) => {
        sendJson(ctx, 200, { tokens: (await list.execute()).map(presentToken) });
      },
    },
    {
      method: 'DELETE',
      path: `${TOKENS_BASE}/:tokenId`,
      operationId: 'revokeToken',
      tag: 'Tokens',
      summary: 'Revoke a token',
      description: 'It answers 401 from then on.',
      scope: 'tokens:manage',
      params: v.object({ tokenId: v.string() }),
      responses: [{ status: 204, description: 'Revoked.' }],
      problems: ['TOKEN_NOT_FOUND'],
      handler: async (ctx) => {
        await revoke.execute(ctx.params.tokenId ?? '');
        sendNoContent(ctx);
      },
    },
  ];
}
