import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { RouteSpec } from './route-spec.js';

/**
 * The route table as @koa/router matches it: one router over the specs, each route named by its
 * operationId and run with the middleware `chain` gives it. Koa's path and the fast lane both
 * match requests with a table made here, so they match alike.
 */
export function routeTable<S>(specs: readonly RouteSpec[], chain: (spec: RouteSpec) => Middleware<S>[]): Router<S> {
  const router = new Router<S>();
  for (const spec of specs) router.register(spec.path, [spec.method], chain(spec), { name: spec.operationId });
  return router;
}
