import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { RouteSpec } from './route-spec.js';

/**
 * The route table as @koa/router matches it: one router over the specs, each route named by its
 * operationId and run with the middleware `chain` gives it. Koa's path and the fast lane both
 * match requests with a table made here, so they match alike. Routes with fewer path parameters
 * come first, so a word of a path (`catalog/names`) is never taken for a parameter (`catalog/:productId`).
 */
export function routeTable<S>(specs: readonly RouteSpec[], chain: (spec: RouteSpec) => Middleware<S>[]): Router<S> {
  const router = new Router<S>();
  const ordered = [...specs].sort((a, b) => parameterCount(a.path) - parameterCount(b.path));
  for (const spec of ordered) router.register(spec.path, [spec.method], chain(spec), { name: spec.operationId });
  return router;
}

function parameterCount(path: string): number {
  return path.split('/').filter((segment) => segment.startsWith(':')).length;
}
