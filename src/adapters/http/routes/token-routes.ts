import { IssueToken } from '../../../application/auth/issue-token.js';
import { ListTokens } from '../../../application/auth/list-tokens.js';
import { RevokeToken } from '../../../application/auth/revoke-token.js';
import { sendJson, sendNoContent } from '../context.js';
import { presentToken } from '../presenters/token-presenter.js';
import { IssueTokenBody } from '../schemas/token-schemas.js';
import { parseBody } from '../validation.js';
import type { RouteKit } from './route-kit.js';

export const TOKENS_BASE = '/api/v1/admin/protected/tokens';

export function tokenRoutes({ router, container, requireScope, jsonBody }: RouteKit): void {
  const issue = container.get(IssueToken);
  const list = container.get(ListTokens);
  const revoke = container.get(RevokeToken);
  const manage = requireScope('tokens:manage');

  router.post(TOKENS_BASE, manage, jsonBody, async (ctx) => {
    const body = parseBody(IssueTokenBody, ctx.request.body);
    const { token, secret } = await issue.execute({ ...body, expiresAt: body.expiresAt ?? undefined });
    ctx.set('Cache-Control', 'no-store');
    sendJson(ctx, 201, { ...presentToken(token), token: secret });
  });

  router.get(TOKENS_BASE, manage, async (ctx) => {
    sendJson(ctx, 200, { tokens: (await list.execute()).map(presentToken) });
  });

  router.delete(`${TOKENS_BASE}/:tokenId`, manage, async (ctx) => {
    await revoke.execute(ctx.params.tokenId ?? '');
    sendNoContent(ctx);
  });
}
