import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pipeline } from './pipeline/pipeline.js';
import { failed, finished, send, type FinishedReply } from './pipeline/reply.js';
import { bodyReadWhole, drained, readJsonBody } from './pipeline/request-body.js';
import { answerRoute, checkedParams, malformedEncodingIn } from './pipeline/route-input.js';
import type { RouteSpec } from './pipeline/route-spec.js';
import { routeTable } from './pipeline/route-table.js';
import { Remembered } from '../../application/shared/remembered.js';

/** Answers a request and says so (true), or leaves it untouched to the full path (false). */
export type FastLane = (req: IncomingMessage, res: ServerResponse) => boolean;

/** A request the route table matched: its route, its path parameters as sent and as checked. */
interface Hit {
  readonly spec: RouteSpec;
  readonly params: Readonly<Record<string, string>>;
  readonly checked: unknown;
}

/** How many paths the fast lane remembers the match of: the hot reads ask the same paths again and again. */
const REMEMBERED_PATHS = 10_000;

/**
 * The hot requests' short way, before Koa, with the very functions Koa's path uses (the route
 * table's matcher, the admission, the body reader, the input checks, the reply, the observer):
 *
 * - a plain GET (no query string) of a route with `peek` whose answer this process holds is
 *   taken: admitted, then answered from the rendered bytes held at that moment (or, should the
 *   answer have gone meanwhile, by the route's handler). Until the answer is known to be held
 *   nothing is done with the request (that look is not even counted as a cache lookup), so
 *   whatever the fast lane does not take goes to Koa untouched;
 * - a POST of a route marked `fastLane` (similar products, whose answer needs its body) is taken
 *   whole: admitted, its body read and checked, and answered.
 *
 * Once the fast lane takes a request, it answers it whatever happens, a refusal or a failure
 * with its problem, as Koa's path would.
 */
export function fastLane(routes: readonly RouteSpec[], pipeline: Pipeline): FastLane {
  const taken = routes.filter(
    (spec) =>
      spec.scope !== undefined &&
      ((spec.method === 'GET' && spec.peek !== undefined) || (spec.method === 'POST' && spec.fastLane === true)),
  );
  const byName = new Map(taken.map((spec) => [spec.operationId, spec]));
  const router = routeTable(taken, () => [() => undefined]);
  const remembered = new Remembered<Hit | null>(REMEMBERED_PATHS);

  /** The route and checked parameters of a request, by the route table's matcher (@koa/router's). */
  const lookUp = (method: string, path: string): Hit | null => {
    const layer = router.match(path, method).pathAndMethod[0];
    const spec = layer?.name === undefined ? undefined : byName.get(layer.name);
    if (layer === undefined || spec === undefined) return null;
    const params = layer.params(path, layer.captures(path));
    const checked = checkedParams(spec, params);
    return checked === undefined ? null : { spec, params, checked };
  };
  const matchOf = (method: string, path: string): Hit | undefined =>
    remembered.get(`${method} ${path}`, () => lookUp(method, path)) ?? undefined;

  return (req, res) => {
    const { method } = req;
    if (method !== 'GET' && method !== 'POST') return false;
    const path = req.url ?? '';
    // A query, or a malformed escape (refused with its reason through Koa), is not the fast lane's.
    if (path.includes('?') || malformedEncodingIn(path) !== undefined) return false;
    const hit = matchOf(method, path);
    if (hit === undefined) return false;
    if (method === 'GET' && !holds(hit)) return false;
    answer(hit, req, res, pipeline).catch((error: unknown) => unanswerable(error, res, pipeline));
    return true;
  };
}

/** Whether the answer of a GET is held now: looked at without doing anything (a route that fails to look holds nothing). */
function holds(hit: Hit): boolean {
  try {
    return hit.spec.peek!(hit.checked, false) !== undefined;
  } catch {
    return false;
  }
}

/**
 * A request taken: admitted, then answered. A GET with the answer held now (what was held when it
 * was taken may have expired or been invalidated while it was admitted), else by the route's
 * handler; a POST once its JSON body is read.
 */
async function answer(hit: Hit, req: IncomingMessage, res: ServerResponse, pipeline: Pipeline): Promise<void> {
  const { spec } = hit;
  const exchange = pipeline.observer.begin(req);
  let sent: FinishedReply;
  try {
    const scope = spec.scopeOf?.({}) ?? spec.scope!;
    if (pipeline.admission.enterAtOnce(req, scope, exchange) === undefined) await pipeline.admission.enter(req, scope, exchange);
    const held = spec.method === 'GET' ? spec.peek!(hit.checked, true) : undefined;
    if (held !== undefined) sent = finished(held, exchange, spec.conditional === true, req.headers);
    else {
      let body: unknown;
      if (spec.body !== undefined) {
        // A body that came with its headers is in the request's buffer once this turn's promises run.
        if (!req.complete) await Promise.resolve();
        body = await readJsonBody(req, spec.body.limitBytes);
      }
      const answered = answerRoute(spec, { params: hit.params, query: {}, body, ifMatch: undefined }, exchange, req.headers);
      // A reply made at once is not awaited: awaiting it would only wait a turn of the microtask queue.
      sent = answered instanceof Promise ? await answered : answered;
    }
  } catch (error) {
    sent = failed(error, exchange, pipeline.logger);
  }
  if (!bodyReadWhole(req)) await drained(req);
  send(res, sent);
  pipeline.observer.finish(exchange, { method: spec.method, spec, params: hit.params, path: req.url ?? '', status: sent.status });
}

/** Sending the answer itself failed (nothing else can): the failure is logged and the exchange closed. */
function unanswerable(error: unknown, res: ServerResponse, pipeline: Pipeline): void {
  pipeline.logger.error({ err: error }, 'could not send an answer');
  if (res.writableEnded) return;
  if (res.headersSent) res.destroy();
  else {
    res.statusCode = 500;
    res.end();
  }
}
