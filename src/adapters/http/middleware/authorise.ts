import type { Middleware } from 'koa';
import type { AuthenticateToken } from '../../../application/auth/authenticate-token.js';
import { hasScope } from '../../../domain/auth/api-token.js';
import type { Scope } from '../../../domain/auth/scopes.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { VitrineContext, VitrineState } from '../context.js';

export const TOKEN_HEADER = 'X-Service-APP-Token';

/**
 * Authenticates the application token (401) and checks the route's scope (403) before anything
 * else about the request is looked at, so a bad body without a token is still a 401.
 */
export function authoriser(
  authenticate: AuthenticateToken,
): (scope: Scope, scopeOf?: (ctx: VitrineContext) => Scope) => Middleware<VitrineState> {
  return (scope, scopeOf) => async (ctx, next) => {
    const principal = await authenticate.execute(ctx.get(TOKEN_HEADER) || undefined);
    const needed = scopeOf === undefined ? scope : scopeOf(ctx);
    if (!hasScope(principal, needed)) throw new DomainError('FORBIDDEN', `This token lacks the ${needed} scope.`);
    ctx.state.principal = principal;
    await next();
  };
}
