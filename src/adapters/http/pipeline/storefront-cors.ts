import type { Middleware } from 'koa';
import { isPublishable, mayCallFrom } from '../../../domain/auth/api-token.js';
import type { Scope } from '../../../domain/auth/scopes.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { ANY_SCOPE } from './admission.js';
import type { Pipeline } from './pipeline.js';
import type { Exchange } from './reply.js';
import type { RouteSpec } from './route-spec.js';

/** How long a browser may keep a preflight's answer (Chromium keeps it at most 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS (the Fetch standard) for the routes shops' web pages call with a publishable key (marked
 * `fromBrowsers`: the events route), and for nothing else. A preflight (OPTIONS with
 * Access-Control-Request-Method) is answered 204 with the page's origin when the key in its `key`
 * parameter lists that origin, else 403 without any CORS header (the browser then sends nothing);
 * an answer to a request admitted with a publishable key from an origin it lists names that origin
 * in Access-Control-Allow-Origin. Never credentials, never `*`; `Vary: Origin` on every answer of
 * such a route.
 */
export function storefrontCors(routes: readonly RouteSpec[], pipeline: Pipeline): Middleware<{ exchange: Exchange }> {
  const scopes = new Map<string, Scope>();
  for (const spec of routes) {
    if (spec.fromBrowsers && spec.scope !== undefined && spec.scope !== ANY_SCOPE) scopes.set(spec.path, spec.scope);
  }
  return async (ctx, next) => {
    const scope = scopes.get(ctx.path);
    if (scope === undefined) return next();
    ctx.vary('Origin');
    const origin = ctx.get('Origin');
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method') !== '') {
      if (
        ctx.get('Access-Control-Request-Method') !== 'POST' ||
        !(await pipeline.admission.allowsPage(ctx.req, scope, ctx.query.key))
      ) {
        throw new DomainError(
          'FORBIDDEN',
          "Cross-origin requests here need a publishable key (in the key parameter) that lists the page's origin.",
        );
      }
      ctx.set({
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': 'Content-Type, X-Service-APP-Token',
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
      });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    try {
      await next();
    } finally {
      const principal = ctx.state.exchange.principal;
      if (origin !== '' && principal !== undefined && isPublishable(principal) && mayCallFrom(principal, origin)) {
        ctx.set('Access-Control-Allow-Origin', origin);
      }
    }
  };
}
