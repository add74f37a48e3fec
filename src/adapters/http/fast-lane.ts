import type { IncomingMessage, ServerResponse } from 'node:http';
import Router from '@koa/router';
import type { Pipeline } from './pipeline/pipeline.js';
import { problemOf } from './pipeline/problems.js';
import { finished, problem, send, type Reply } from './pipeline/reply.js';
import { checkedParams } from './pipeline/route-input.js';
import type { RouteSpec } from './pipeline/route-spec.js';

/** Answers a request and says so (true), or leaves it untouched to the full path (false). */
export type FastLane = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The hot reads' short way, before Koa: a plain GET (no query string) of a route with `peek`, whose
 * answer this process holds, is answered at once from its rendered bytes, with the very functions
 * Koa's path uses (the route table's matcher, the admission, the reply, the observer). Until the
 * answer is known to be held nothing is done with the request, so whatever the fast lane cannot
 * answer goes to Koa untouched. Once it takes a request, it answers it whatever happens: a refused
 * admission is answered with its problem, as on Koa's path.
 */
export function fastLane(routes: readonly RouteSpec[], pipeline: Pipeline): FastLane {
  const hot = routes.filter((spec) => spec.method === 'GET' && spec.peek !== undefined && spec.scope !== undefined);
  const byName = new Map(hot.map((spec) => [spec.operationId, spec]));
  const router = new Router();
  for (const spec of hot) router.register(spec.path, ['GET'], [() => undefined], { name: spec.operationId });

  return (req, res) => {
    if (req.method !== 'GET') return false;
    const path = req.url ?? '';
    if (path.includes('?')) return false;
    const layer = router.match(path, 'GET').pathAndMethod[0];
    const spec = layer?.name === undefined ? undefined : byName.get(layer.name);
    if (layer === undefined || spec === undefined) return false;
    const params = layer.params(path, layer.captures(path));
    const checked = checkedParams(spec, params);
    if (checked === undefined) return false;
    const reply = spec.peek!(checked);
    if (reply === undefined) return false;
    void answer(spec, params, reply, req, res, pipeline);
    return true;
  };
}

async function answer(
  spec: RouteSpec,
  params: Readonly<Record<string, string>>,
  reply: Reply,
  req: IncomingMessage,
  res: ServerResponse,
  { admission, observer, logger }: Pipeline,
): Promise<void> {
  const exchange = observer.begin(req);
  let sent: Reply;
  try {
    await admission.enter(req, spec.scope!, exchange);
    sent = finished(reply, exchange, spec.conditional === true, req.headers['if-none-match']);
  } catch (error) {
    sent = finished(problem(problemOf(error, logger, exchange.requestId)), exchange, false, undefined);
  }
  send(res, sent);
  observer.finish(exchange, { method: 'GET', spec, params, path: req.url ?? '', status: sent.status });
}
