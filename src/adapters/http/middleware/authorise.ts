import type { Middleware } from 'koa';
import type { Admission, AdmitRequest } from '../../../application/auth/admit-request.js';
import { hasScope } from '../../../domain/auth/api-token.js';
import type { Scope } from '../../../domain/auth/scopes.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { clientAddress } from '../client-address.js';
import type { VitrineContext, VitrineState } from '../context.js';
import { handedOver } from '../handover.js';
import { rateLimitHeaders } from '../rate-limit-headers.js';

export const TOKEN_HEADER = 'X-Service-APP-Token';

/**
 * Admits the request (a token, known, within its quota: else 401 or 429) and checks the route's
 * scope (403) before anything else about the request is looked at, so a bad body without a token
 * is still a 401. Every admitted answer tells the token's quota in its RateLimit headers.
 */
export function authoriser(
  admit: AdmitRequest,
  trustedProxies: number,
): (scope: Scope, scopeOf?: (ctx: VitrineContext) => Scope) => Middleware<VitrineState> {
  return (scope, scopeOf) => async (ctx, next) => {
    // The hot path may have admitted the request already: it is not admitted (counted) twice.
    const handed = handedOver(ctx.req)?.admission;
    if (handed !== undefined && !handed.ok) throw handed.error;
    const admission =
      handed?.value ??
      (await admit.execute({ secret: ctx.get(TOKEN_HEADER) || undefined, client: clientAddress(ctx.req, trustedProxies) }));
    enter(ctx, admission, scopeOf === undefined ? scope : scopeOf(ctx));
    await next();
  };
}

/** What an admitted request carries on: its quota headers, its principal, once its scope is checked. */
export function enter(ctx: VitrineContext, admission: Admission, scope: Scope): void {
  if (admission.quota !== undefined) ctx.set(rateLimitHeaders(admission.quota));
  if (!hasScope(admission.principal, scope)) throw new DomainError('FORBIDDEN', `This token lacks the ${scope} scope.`);
  ctx.state.principal = admission.principal;
}
