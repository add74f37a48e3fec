import type { IncomingMessage } from 'node:http';
import type { RequestLines } from '../../logging/request-log.js';
import { maskIdentifier, maskUnknownPath } from '../../logging/mask.js';
import { Remembered } from '../../../application/shared/remembered.js';
import type { Exchange } from './reply.js';
import { requestIdFrom } from './request-id.js';
import type { RouteSpec } from './route-spec.js';

/** The route label of requests no route matched: one series, whatever was asked. */
export const UNMATCHED_ROUTE = '(unmatched)';

export interface RequestRecorder {
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/** One answered request, as logged and measured. */
export interface AnsweredRequest {
  readonly method: string;
  /** The spec of the route that matched; undefined when none did. */
  readonly spec: RouteSpec | undefined;
  readonly params: Readonly<Record<string, string | undefined>>;
  /** The path as requested, for requests no route matched. */
  readonly path: string;
  readonly status: number;
}

/**
 * Gives each request its id (the client's `X-Request-Id` when it is a sensible one, else a new
 * one), and, once answered, records its metrics and writes one log line: method, route pattern,
 * path with personal identifiers masked, status, duration and the calling token's name. Never a
 * token, a header or a query string. Routes that need no token (probes, scrapes, this API's
 * description) are logged at debug level. The one observer of both lanes a request can take.
 */
export class RequestObserver {
  /** The logged form of recent paths (masking an identifier costs more than the rest of the line). */
  private readonly loggedPaths = new Remembered<string>(REMEMBERED_PATHS);

  constructor(
    private readonly lines: RequestLines,
    private readonly recorder: RequestRecorder,
  ) {}

  /** A request begins: its id, and when it started. */
  begin(req: IncomingMessage): Exchange {
    const sent = req.headers['x-request-id'];
    // Every field from the start, so each exchange keeps one shape as admission fills it in.
    return {
      requestId: requestIdFrom(typeof sent === 'string' ? sent : undefined),
      started: performance.now(),
      principal: undefined,
      quota: undefined,
    };
  }

  /** A request was answered: its metrics and its log line. */
  finish(exchange: Exchange, request: AnsweredRequest): void {
    const ms = performance.now() - exchange.started;
    const { spec, status } = request;
    this.recorder.observeRequest(request.method, spec?.path ?? UNMATCHED_ROUTE, status, ms / 1000);
    const line = {
      requestId: exchange.requestId,
      method: request.method,
      route: spec?.path ?? null,
      path: spec === undefined ? maskUnknownPath(request.path) : this.loggedPath(spec, request),
      status,
      ms: Math.round(ms * 1000) / 1000,
      client: exchange.principal?.name,
    };
    this.lines.write(status >= 500 ? 'warn' : spec !== undefined && spec.scope === undefined ? 'debug' : 'info', line);
  }

  private loggedPath(spec: RouteSpec, request: AnsweredRequest): string {
    if (!spec.path.includes(':')) return spec.path;
    return this.loggedPaths.get(`${spec.operationId} ${request.path}`, () => maskedPath(spec, request.params));
  }
}

/** How many paths' logged forms are remembered. */
const REMEMBERED_PATHS = 10_000;

/** The route pattern with its parameters filled in, the personal ones masked. */
function maskedPath(spec: RouteSpec, params: Readonly<Record<string, string | undefined>>): string {
  return spec.path.replace(/:(\w+)/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return spec.sensitiveParams?.includes(name) === true ? maskIdentifier(value) : value;
  });
}
