import type { RequestListener } from 'node:http';
import { fastLane } from './fast-lane.js';
import { koaApp } from './koa-app.js';
import type { Middleware } from 'koa';
import type { Pipeline } from './pipeline/pipeline.js';
import type { RouteSpec } from './pipeline/route-spec.js';

/**
 * What `main` serves: the fast lane for the hot reads whose answers this process holds and for the
 * similar-products POST, the Koa application for everything else. Both are built on one route
 * table and one pipeline, so they answer alike; the fast lane hands Koa what it does not take
 * untouched.
 */
export function requestHandler(routes: readonly RouteSpec[], pipeline: Pipeline, sites?: Middleware): RequestListener {
  const fast = fastLane(routes, pipeline);
  const full = koaApp(routes, pipeline, sites).callback();
  return (req, res) => {
    if (!fast(req, res)) void full(req, res);
  };
}
