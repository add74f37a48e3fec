import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import type { Logger } from '../../logging/logger.js';
import { RequestLog } from '../../logging/request-log.js';
import { maskIdentifier, maskUnknownPath } from '../../logging/mask.js';
import type { VitrineState } from '../context.js';
import { handedOver } from '../handover.js';
import { REQUEST_ID_HEADER, requestIdFrom } from '../request-id.js';
import type { RouteSpec } from '../routes/route-spec.js';

/** The route label of requests no route matched: one series, whatever was asked. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Routes probes and scrapers call every few seconds: logged at debug level, not info. */
const QUIET_TAGS = new Set(['Operations']);

export interface RequestRecorder {
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/** One answered request, as logged and measured. */
export interface AnsweredRequest {
  readonly requestId: string;
  readonly started: number;
  readonly method: string;
  /** The spec of the route that matched; undefined when none did. */
  readonly spec: RouteSpec | undefined;
  readonly params: Readonly<Record<string, string | undefined>>;
  /** The path as requested, for requests no route matched. */
  readonly path: string;
  readonly status: number;
  /** The name of the calling token, once known. */
  readonly client: string | undefined;
}

/**
 * Gives each request its id (the client's `X-Request-Id` when it is a sensible one, else a new
 * one), and, once answered, records its metrics and writes one log line: method, route pattern,
 * path with personal identifiers masked, status, duration and the calling token's name. Never a
 * token, a header or a query string. Used by both paths a request can take.
 */
export class RequestObserver {
  private readonly byOperation: ReadonlyMap<string, RouteSpec>;
  private readonly log: RequestLog;

  constructor(
    specs: readonly RouteSpec[],
    logger: Logger,
    private readonly recorder: RequestRecorder,
  ) {
    this.byOperation = new Map(specs.map((spec) => [spec.operationId, spec]));
    this.log = new RequestLog(logger);
  }

  /** The request's id and start: the ones the hot path gave it, or new ones. */
  begin(req: IncomingMessage): { requestId: string; started: number } {
    const handover = handedOver(req);
    if (handover !== undefined) return handover;
    const sent = req.headers['x-request-id'];
    return { requestId: requestIdFrom(typeof sent === 'string' ? sent : undefined), started: performance.now() };
  }

  finish(request: AnsweredRequest): void {
    const ms = performance.now() - request.started;
    const { spec, status } = request;
    this.recorder.observeRequest(request.method, spec?.path ?? UNMATCHED_ROUTE, status, ms / 1000);
    const line = {
      requestId: request.requestId,
      method: request.method,
      route: spec?.path ?? null,
      path: spec === undefined ? maskUnknownPath(request.path) : loggedPath(spec, request.params),
      status,
      ms: Math.round(ms * 1000) / 1000,
      client: request.client,
    };
    this.log.write(status >= 500 ? 'warn' : spec !== undefined && QUIET_TAGS.has(spec.tag) ? 'debug' : 'info', line);
  }

  /** The outermost Koa middleware. */
  middleware(): Middleware<VitrineState> {
    return async (ctx, next) => {
      const { requestId, started } = this.begin(ctx.req);
      ctx.state.requestId = requestId;
      ctx.set(REQUEST_ID_HEADER, requestId);
      try {
        await next();
      } finally {
        const name = (ctx as { _matchedRouteName?: unknown })._matchedRouteName;
        this.finish({
          requestId,
          started,
          method: ctx.method,
          spec: typeof name === 'string' ? this.byOperation.get(name) : undefined,
          params: (ctx.params ?? {}) as Record<string, string | undefined>,
          path: ctx.path,
          status: ctx.status,
          client: ctx.state.principal?.name,
        });
      }
    };
  }
}

/** The route pattern with its parameters filled in, the personal ones masked. */
function loggedPath(spec: RouteSpec, params: Readonly<Record<string, string | undefined>>): string {
  if (!spec.path.includes(':')) return spec.path;
  return spec.path.replace(/:(\w+)/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return spec.sensitiveParams?.includes(name) === true ? maskIdentifier(value) : value;
  });
}
