import Koa, { type Middleware, type ParameterizedContext } from 'koa';
import type { Pipeline } from './pipeline/pipeline.js';
import { HttpProblem } from './pipeline/problems.js';
import { failed, sendThroughKoa, type Exchange } from './pipeline/reply.js';
import { drained, jsonBodyReader, pageJsonBodyReader, uploadReader } from './pipeline/request-body.js';
import { REQUEST_ID_HEADER } from './pipeline/request-id.js';
import { answerRoute, refuseMalformedEncoding } from './pipeline/route-input.js';
import { routeTable } from './pipeline/route-table.js';
import { storefrontCors } from './pipeline/storefront-cors.js';
import type { RouteSpec } from './pipeline/route-spec.js';

/** What each request carries through Koa: the pipeline's exchange. */
export interface VitrineState {
  exchange: Exchange;
}

type Context = ParameterizedContext<VitrineState>;

/**
 * The Koa application over the routes, not listening: every request is observed (its id, its log
 * line, its metrics), answered with a problem if anything fails, and routed by @koa/router to its
 * route, which admits it, reads its body (koa-bodyparser for JSON) and answers it. `sites` serves
 * what is not API (the builder's files) before the routes are tried.
 */
export function koaApp(routes: readonly RouteSpec[], pipeline: Pipeline, sites?: Middleware): Koa<VitrineState> {
  const app = new Koa<VitrineState>();
  const router = routeTable<VitrineState>(routes, (spec) => {
    const chain: Middleware<VitrineState>[] = [];
    if (spec.scope !== undefined) chain.push(admitted(spec, pipeline));
    if (spec.body !== undefined) chain.push(bodyReaderOf(spec));
    chain.push(answered(spec));
    return chain;
  });
  app.use(observed(routes, pipeline));
  // Shops' web pages call the routes marked `fromBrowsers` (events) with a publishable key: CORS for its origins.
  app.use(storefrontCors(routes, pipeline));
  // The web pages (the builder, the API reference) are not API routes: no token, no OpenAPI entry.
  if (sites !== undefined) app.use(sites);
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

/** The route's body: JSON (also as text/plain for the routes web pages beacon to), or a spreadsheet upload. */
function bodyReaderOf(spec: RouteSpec): Middleware<VitrineState> {
  const body = spec.body!;
  if (body.media !== 'json') return uploadReader();
  return spec.fromBrowsers ? pageJsonBodyReader(body.limitBytes) : jsonBodyReader(body.limitBytes);
}

/** Admits the request for the route's scope (the query may decide which) before anything else. */
function admitted(spec: RouteSpec, pipeline: Pipeline): Middleware<VitrineState> {
  const { scope, scopeOf, fromBrowsers } = spec;
  return async (ctx, next) => {
    await pipeline.admission.enter(
      ctx.req,
      scopeOf?.(ctx.query) ?? scope!,
      ctx.state.exchange,
      fromBrowsers ? ctx.query.key : undefined,
    );
    await next();
  };
}

/** Hands the route its checked input and sends what it answers. */
function answered(spec: RouteSpec): Middleware<VitrineState> {
  return async (ctx) => {
    refuseMalformedEncoding(ctx.url);
    const raw = { params: ctx.params, query: ctx.query, body: ctx.request.body, ifMatch: ctx.get('If-Match') || undefined };
    sendThroughKoa(ctx, await answerRoute(spec, raw, ctx.state.exchange, ctx.req.headers));
  };
}

/**
 * The outermost middleware: the request's exchange first; every failure below it (and the router's
 * bodiless 404 and 405) answered as a problem; then the request's log line and metrics.
 */
function observed(routes: readonly RouteSpec[], pipeline: Pipeline): Middleware<VitrineState> {
  const byName = new Map(routes.map((spec) => [spec.operationId, spec]));
  return async (ctx, next) => {
    const exchange = pipeline.observer.begin(ctx.req);
    ctx.state.exchange = exchange;
    // Every answer carries it, one the router makes itself too (OPTIONS).
    ctx.set(REQUEST_ID_HEADER, exchange.requestId);
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) unrouted(ctx);
    } catch (error) {
      sendThroughKoa(ctx, failed(error, exchange, pipeline.logger));
    }
    await drained(ctx.req);
    const name = (ctx as { _matchedRouteName?: unknown })._matchedRouteName;
    pipeline.observer.finish(exchange, {
      method: ctx.method,
      spec: typeof name === 'string' ? byName.get(name) : undefined,
      params: (ctx.params ?? {}) as Record<string, string | undefined>,
      path: ctx.path,
      status: ctx.status,
    });
  };
}

/** The router found no route for the path (404), or none for the method (405, with `Allow`). */
function unrouted(ctx: Context): void {
  if (ctx.status === 404) throw new HttpProblem('ROUTE_NOT_FOUND', `No route answers ${ctx.method} ${ctx.path}.`);
  if (ctx.status === 405 || ctx.status === 501) {
    throw new HttpProblem('METHOD_NOT_ALLOWED', `This route does not answer ${ctx.method}.`);
  }
}
