import type { IncomingMessage, ServerResponse } from 'node:http';
import Router from '@koa/router';
import type { Pipeline } from './pipeline/pipeline.js';
import { failed, finished, send, type Reply } from './pipeline/reply.js';
import { readJsonBody } from './pipeline/request-body.js';
import { answerRoute, checkedParams } from './pipeline/route-input.js';
import type { RouteSpec } from './pipeline/route-spec.js';

/** Answers a request and says so (true), or leaves it untouched to the full path (false). */
export type FastLane = (req: IncomingMessage, res: ServerResponse) => boolean;

/** A request the route table matched: its route, its path parameters as sent and as checked. */
interface Hit {
  readonly spec: RouteSpec;
  readonly params: Readonly<Record<string, string>>;
  readonly checked: unknown;
}

/**
 * How many paths the fast lane remembers the match of: the hot reads ask the same paths again and
 * again (a profile, a collection); a flood of distinct paths only empties the memory.
 */
const REMEMBERED_PATHS = 10_000;

/**
 * The hot requests' short way, before Koa, with the very functions Koa's path uses (the route
 * table's matcher, the admission, the body reader, the input checks, the reply, the observer):
 *
 * - a plain GET (no query string) of a route with `peek` whose answer this process holds is
 *   answered at once from its rendered bytes. Until the answer is known to be held nothing is done
 *   with the request, so whatever the fast lane cannot answer goes to Koa untouched;
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
  const router = new Router();
  for (const spec of taken) router.register(spec.path, [spec.method], [() => undefined], { name: spec.operationId });
  const remembered = new Map<string, Hit | null>();

  /** The route and checked parameters of a request, by the route table's matcher (@koa/router's), remembered. */
  const matchOf = (method: string, path: string): Hit | undefined => {
    const key = `${method} ${path}`;
    let hit = remembered.get(key);
    if (hit === undefined) {
      const layer = router.match(path, method).pathAndMethod[0];
      const spec = layer?.name === undefined ? undefined : byName.get(layer.name);
      const params = spec === undefined ? undefined : layer!.params(path, layer!.captures(path));
      const checked = spec === undefined ? undefined : checkedParams(spec, params!);
      hit = spec === undefined || checked === undefined ? null : { spec, params: params!, checked };
      if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
      remembered.set(key, hit);
    }
    return hit ?? undefined;
  };

  return (req, res) => {
    const { method } = req;
    if (method !== 'GET' && method !== 'POST') return false;
    const path = req.url ?? '';
    if (path.includes('?')) return false;
    const hit = matchOf(method, path);
    if (hit === undefined) return false;
    if (method === 'POST') {
      void answerWhole(hit, req, res, pipeline);
      return true;
    }
    const reply = hit.spec.peek!(hit.checked);
    if (reply === undefined) return false;
    void answerHeld(hit, reply, req, res, pipeline);
    return true;
  };
}

/** A GET whose answer is held: admitted, then answered with it. */
async function answerHeld(hit: Hit, reply: Reply, req: IncomingMessage, res: ServerResponse, pipeline: Pipeline): Promise<void> {
  const { spec } = hit;
  const exchange = pipeline.observer.begin(req);
  let sent: Reply;
  try {
    await pipeline.admission.enter(req, spec.scope!, exchange);
    sent = finished(reply, exchange, spec.conditional === true, req.headers['if-none-match']);
  } catch (error) {
    sent = failed(error, exchange, pipeline.logger);
  }
  send(res, sent);
  pipeline.observer.finish(exchange, { method: 'GET', spec, params: hit.params, path: req.url ?? '', status: sent.status });
}

/** A POST taken whole: admitted, its JSON body read and checked, answered by its handler. */
async function answerWhole(hit: Hit, req: IncomingMessage, res: ServerResponse, pipeline: Pipeline): Promise<void> {
  const { spec } = hit;
  const exchange = pipeline.observer.begin(req);
  let sent: Reply;
  try {
    await pipeline.admission.enter(req, spec.scope!, exchange);
    const body = await readJsonBody(req, spec.body!.limitBytes);
    const raw = { params: hit.params, query: {}, body, ifMatch: undefined };
    sent = await answerRoute(spec, raw, exchange, undefined);
  } catch (error) {
    sent = failed(error, exchange, pipeline.logger);
  }
  send(res, sent);
  pipeline.observer.finish(exchange, { method: 'POST', spec, params: hit.params, path: req.url ?? '', status: sent.status });
}
