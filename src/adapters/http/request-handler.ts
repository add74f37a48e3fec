import type { RequestListener } from 'node:http';
import { fastLane } from './fast-lane.js';
import { koaApp } from './koa-app.js';
import type { Middleware } from 'koa';
import type { Pipeline } from './pipeline/pipeline.js';
import type { RouteSpec } from './pipeline/route-spec.js';
import { problemBody } from './pipeline/problems.js';
import { drained } from './pipeline/request-body.js';

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

/**
 * What a process answers between taking its port and having prepared its instance (the bootstrap
 * token, the demo data): alive (`/health/live` 200), not ready, and every other request 503
 * `UNAVAILABLE` with `Retry-After: 1`. Never a 401: a token the preparation is about to create
 * must not be refused, nor remembered as unknown, meanwhile. The request's body is read and
 * dropped, so the client reads the answer instead of a reset.
 */
export function startingHandler(): RequestListener {
  const live = Buffer.from(JSON.stringify({ status: 'ok' }));
  const starting = Buffer.from(JSON.stringify(problemBody('UNAVAILABLE', 'The service is starting: try again in a moment.')));
  return (req, res) => {
    void drained(req).then(() => {
      const isLive = req.method === 'GET' && (req.url === '/health/live' || req.url?.startsWith('/health/live?') === true);
      res.writeHead(isLive ? 200 : 503, {
        'Content-Type': isLive ? 'application/json; charset=utf-8' : 'application/problem+json; charset=utf-8',
        'Content-Length': String((isLive ? live : starting).length),
        'Cache-Control': 'no-store',
        ...(isLive ? {} : { 'Retry-After': '1' }),
      });
      res.end(isLive ? live : starting);
    });
  };
}

/** A listener whose work can be handed over once: what a process answers before and after it is prepared. */
export function switchableHandler(initial: RequestListener): {
  listener: RequestListener;
  switchTo(next: RequestListener): void;
} {
  let current = initial;
  return {
    listener: (req, res) => current(req, res),
    switchTo(next) {
      current = next;
    },
  };
}
