import type { Middleware } from 'koa';
import type { Logger } from '../../logging/logger.js';
import { maskIdentifier, maskUnknownPath } from '../../logging/mask.js';
import type { VitrineContext, VitrineState } from '../context.js';
import { REQUEST_ID_HEADER, requestIdFrom } from '../request-id.js';
import type { RouteSpec } from '../routes/route-spec.js';

/** The route label of requests no route matched: one series, whatever was asked. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Routes probes and scrapers call every few seconds: logged at debug level, not info. */
const QUIET_TAGS = new Set(['Operations']);

export interface RequestRecorder {
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

interface RouteFacts {
  readonly sensitive: ReadonlySet<string>;
  readonly quiet: boolean;
}

/**
 * The outermost middleware: gives each request its id (the client's `X-Request-Id` when it is a
 * sensible one, else a new one) and echoes it back, then, once answered, records its metrics and
 * writes one log line: method, route pattern, path with personal identifiers masked, status,
 * duration and the calling token's name. Never a token, a header or a query string.
 */
export function observeRequests(
  specs: readonly RouteSpec[],
  logger: Logger,
  recorder: RequestRecorder,
): Middleware<VitrineState> {
  const facts = new Map<string, RouteFacts>(
    specs.map((spec) => [spec.operationId, { sensitive: new Set(spec.sensitiveParams ?? []), quiet: QUIET_TAGS.has(spec.tag) }]),
  );
  return async (ctx, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(ctx.get(REQUEST_ID_HEADER) || undefined);
    ctx.state.requestId = requestId;
    ctx.set(REQUEST_ID_HEADER, requestId);
    try {
      await next();
    } finally {
      const ms = performance.now() - started;
      const { _matchedRoute: route, _matchedRouteName: name } = ctx as { _matchedRoute?: unknown; _matchedRouteName?: unknown };
      const matched = typeof route === 'string' ? route : undefined;
      const status = ctx.status;
      recorder.observeRequest(ctx.method, matched ?? UNMATCHED_ROUTE, status, ms / 1000);
      const fact = typeof name === 'string' ? facts.get(name) : undefined;
      const line = {
        requestId,
        method: ctx.method,
        route: matched ?? null,
        path: matched === undefined ? maskUnknownPath(ctx.path) : loggedPath(matched, ctx, fact?.sensitive),
        status,
        ms: Math.round(ms * 1000) / 1000,
        client: ctx.state.principal?.name,
      };
      if (status >= 500) logger.warn(line, 'request');
      else if (fact?.quiet === true) logger.debug(line, 'request');
      else logger.info(line, 'request');
    }
  };
}

/** The route pattern with its parameters filled in, the personal ones masked. */
function loggedPath(pattern: string, ctx: VitrineContext, sensitive: ReadonlySet<string> | undefined): string {
  if (!pattern.includes(':')) return pattern;
  const params = (ctx.params ?? {}) as Record<string, string | undefined>;
  return pattern.replace(/:(\w+)/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return sensitive?.has(name) === true ? maskIdentifier(value) : value;
  });
}
