import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AdmitRequest } from '../../application/auth/admit-request.js';
import { hasScope } from '../../domain/auth/api-token.js';
import type { Scope } from '../../domain/auth/scopes.js';
import { clientAddress } from './client-address.js';
import { noneMatchHits } from './entity-tags.js';
import { handOver, type Handover } from './handover.js';
import { isJsonUtf8, JSON_BODY_LIMIT_BYTES, parseJsonBody, readRaw } from './middleware/json-body.js';
import type { RequestObserver } from './middleware/observe-requests.js';
import { rateLimitHeaders } from './rate-limit-headers.js';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.js';
import type { HotHandler, RouteSpec } from './routes/route-spec.js';

interface HotRoute {
  readonly spec: RouteSpec;
  readonly scope: Scope;
  readonly hot: HotHandler;
  /** The path's segments: literal text, or the name of a parameter. */
  readonly segments: readonly ({ readonly text: string } | { readonly param: string })[];
}

export interface HotPathDependencies {
  readonly admit: AdmitRequest;
  readonly trustedProxies: number;
  readonly observer: RequestObserver;
}

/** Answers a request and says so (true), or leaves it to the full path (false). */
export type HotPath = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

/**
 * The hot reads' short way through: for a route with a `hot` handler, a request without a query
 * string is admitted (the same AdmitRequest as the full path), its scope checked, and its answer
 * sent as the bytes the process keeps, without the framework's per-request work. Whatever it cannot
 * answer that way (an answer not at hand, an error of any kind, a body it cannot take) goes to the
 * full path, with what was done handed over (the request id, the admission or its error, a body
 * already read), so nothing happens twice and every error is answered in one place.
 */
export function hotPath(specs: readonly RouteSpec[], dependencies: HotPathDependencies): HotPath {
  const routes: HotRoute[] = [];
  for (const spec of specs) {
    if (spec.hot === undefined || spec.scope === undefined) continue;
    const segments = spec.path
      .split('/')
      .slice(1)
      .map((part) => (part.startsWith(':') ? { param: part.slice(1) } : { text: part }));
    routes.push({ spec, scope: spec.scope, hot: spec.hot, segments });
  }
  const { admit, trustedProxies, observer } = dependencies;

  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'POST') return false;
    const url = req.url ?? '';
    // A query (a preview's `?at=`) takes the full path, where the scope a query needs is decided.
    if (url.includes('?')) return false;
    const found = match(routes, method, url);
    if (found === undefined) return false;
    return serve(found.route, found.params, req, res);
  };

  async function serve(
    route: HotRoute,
    params: Record<string, string>,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<boolean> {
    const sent = req.headers['x-request-id'];
    const handover: Handover = {
      requestId: requestIdFrom(typeof sent === 'string' ? sent : undefined),
      started: performance.now(),
    };
    handOver(req, handover);
    const token = req.headers['x-service-app-token'];
    let admission;
    try {
      admission = await admit.admit({
        secret: typeof token === 'string' && token !== '' ? token : undefined,
        client: clientAddress(req, trustedProxies),
      });
      handover.admission = { ok: true, value: admission };
    } catch (error) {
      handover.admission = { ok: false, error };
      return false;
    }
    if (!hasScope(admission.principal, route.scope)) return false;

    let body: unknown;
    if (route.spec.body !== undefined) {
      const declared = Number(req.headers['content-length']);
      const { json, utf8 } = isJsonUtf8(req);
      if (!json || !utf8 || !(declared > 0 && declared <= JSON_BODY_LIMIT_BYTES)) return false;
      try {
        handover.rawBody = bufferedBody(req) ?? (await readRaw(req));
      } catch (error) {
        handover.bodyError = error;
        return false;
      }
      try {
        body = parseJsonBody(handover.rawBody);
      } catch {
        return false;
      }
    }

    let answer;
    try {
      answer = route.hot({ params, body });
    } catch {
      return false;
    }
    if (answer === undefined) return false;

    const headers: Record<string, string> = { [REQUEST_ID_HEADER]: handover.requestId };
    if (admission.quota !== undefined) Object.assign(headers, rateLimitHeaders(admission.quota));
    const { rendered } = answer;
    if (answer.tagged) headers.ETag = rendered.etag;
    if (answer.headers !== undefined) Object.assign(headers, answer.headers);
    let status = 200;
    if (answer.tagged && noneMatchHits(req.headers['if-none-match'], rendered.etag)) {
      status = 304;
      res.writeHead(304, headers);
      res.end();
    } else {
      headers['Content-Type'] = 'application/json; charset=utf-8';
      headers['Content-Length'] = String(rendered.body.length);
      res.writeHead(200, headers);
      res.end(rendered.body);
    }
    observer.finish({
      requestId: handover.requestId,
      started: handover.started,
      method: route.spec.method,
      spec: route.spec,
      params,
      path: requestPath(req),
      status,
      client: admission.principal.name,
    });
    return true;
  }
}

/**
 * A small body that arrived with its request (the usual case) is already in the request's buffer
 * by the time its handler runs: taken at once, without waiting for the stream's events. Undefined
 * while some of it is still on its way.
 */
function bufferedBody(req: IncomingMessage): Buffer | undefined {
  if (!req.complete) return undefined;
  const chunks: Buffer[] = [];
  for (let chunk = req.read() as Buffer | null; chunk !== null; chunk = req.read() as Buffer | null) chunks.push(chunk);
  if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0];
  return Buffer.concat(chunks);
}

function requestPath(req: IncomingMessage): string {
  return req.url ?? '';
}

/** The route this path names, with its parameters decoded as the router decodes them. */
function match(
  routes: readonly HotRoute[],
  method: string,
  path: string,
): { route: HotRoute; params: Record<string, string> } | undefined {
  const parts = path.split('/');
  for (const route of routes) {
    if (route.spec.method !== method || route.segments.length !== parts.length - 1) continue;
    const params: Record<string, string> = {};
    let matched = true;
    for (let i = 0; i < route.segments.length && matched; i++) {
      const segment = route.segments[i];
      const part = parts[i + 1] ?? '';
      if (segment === undefined) matched = false;
      else if ('text' in segment) matched = segment.text === part;
      else if (part === '') matched = false;
      else {
        try {
          params[segment.param] = decodeURIComponent(part);
        } catch {
          matched = false;
        }
      }
    }
    if (matched) return { route, params };
  }
  return undefined;
}
