import type { ServerResponse } from 'node:http';
import type { ParameterizedContext } from 'koa';
import type { Principal } from '../../../domain/auth/api-token.js';
import type { QuotaReport } from '../../../domain/shared/errors.js';
import { noneMatchHits } from './entity-tags.js';
import type { Logger } from '../../logging/logger.js';
import { problemOf, type Problem } from './problems.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';
import type { RenderedAnswer } from './rendered-answers.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/** What a route answers: status, headers, body. Built by the functions below, sent by `send`. */
export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer | string | undefined;
  /** The body's entity tag: sent as `ETag`, and 304 instead of the body when `If-None-Match` names it. */
  readonly etag?: string | undefined;
}

/** What the pipeline knows of a request as it goes: its id and start, and once admitted, its caller and quota. */
export interface Exchange {
  readonly requestId: string;
  readonly started: number;
  principal?: Principal | undefined;
  quota?: QuotaReport | undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const PROBLEM_TYPE = 'application/problem+json';

const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': JSON_TYPE });

/** A JSON body, serialised once. */
export function json(status: number, value: unknown, headers?: Readonly<Record<string, string>>): Reply {
  return { status, headers: jsonHeaders(headers), body: JSON.stringify(value) };
}

/** An answer rendered once and served as its bytes, with its entity tag (the hot reads). */
export function rendered(answer: RenderedAnswer, headers?: Readonly<Record<string, string>>): Reply {
  return { status: 200, headers: jsonHeaders(headers), body: answer.body, etag: answer.etag };
}

/** A rendered answer to a POST, which names no resource: no entity tag. */
export function renderedBody(answer: RenderedAnswer): Reply {
  return { status: 200, headers: JSON_HEADERS, body: answer.body };
}

function jsonHeaders(headers: Readonly<Record<string, string>> | undefined): Readonly<Record<string, string>> {
  return headers === undefined ? JSON_HEADERS : { ...headers, 'Content-Type': JSON_TYPE };
}

export function noContent(): Reply {
  return { status: 204, headers: {} };
}

export function text(status: number, body: string, contentType: string, headers: Readonly<Record<string, string>> = {}): Reply {
  return { status, headers: { ...headers, 'Content-Type': contentType }, body };
}

/** An RFC 9457 problem answer. */
export function problem({ body, headers }: Problem): Reply {
  return { status: body.status, headers: { ...headers, 'Content-Type': PROBLEM_TYPE }, body: JSON.stringify(body) };
}

/**
 * The reply as it is sent: with what every answer carries (the request id, and once admitted the
 * caller's quota), its entity tag and length, and 304 without a body when the route honours
 * `If-None-Match` and the client's copy is current.
 */
export function finished(reply: Reply, exchange: Exchange, conditional: boolean, ifNoneMatch: string | undefined): Reply {
  const headers: Record<string, string> = { [REQUEST_ID_HEADER]: exchange.requestId };
  if (exchange.quota !== undefined && reply.headers.RateLimit === undefined) setRateLimitHeaders(headers, exchange.quota);
  const { etag, body } = reply;
  if (etag !== undefined) headers.ETag = etag;
  for (const name in reply.headers) headers[name] = reply.headers[name]!;
  if (conditional && etag !== undefined && reply.status === 200 && noneMatchHits(ifNoneMatch, etag)) {
    delete headers['Content-Type'];
    return { status: 304, headers };
  }
  if (body !== undefined) headers['Content-Length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  return { status: reply.status, headers, body };
}

/** The problem a failure is answered with, finished: what either lane sends when answering failed. */
export function failed(error: unknown, exchange: Exchange, logger: Logger): Reply {
  return finished(problem(problemOf(error, logger, exchange.requestId)), exchange, false, undefined);
}

/** Sends a finished reply on the bare response (the fast lane). */
export function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body);
}

/** Hands a finished reply to Koa, which sends it (and leaves the body out of an answer to HEAD). */
export function sendThroughKoa(ctx: ParameterizedContext, reply: Reply): void {
  ctx.status = reply.status;
  ctx.set(reply.headers);
  if (reply.body !== undefined) ctx.body = reply.body;
}
