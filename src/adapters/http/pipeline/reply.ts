import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { ParameterizedContext } from 'koa';
import type { Principal } from '../../../domain/auth/api-token.js';
import type { QuotaReport } from '../../../domain/shared/errors.js';
import { codedTag, codingFor, type ContentCoding, type Encoded } from './content-coding.js';
import { noneMatchHits } from './entity-tags.js';
import type { Logger } from '../../logging/logger.js';
import { problemOf, type Problem } from './problems.js';
import { pushRateLimitHeaders } from './rate-limit-headers.js';
import type { RenderedAnswer } from './rendered-answers.js';
import { REQUEST_ID_HEADER } from './request-id.js';

/** What a route answers: status, media type, its own headers, body. Built by the functions below, sent by `send`. */
export interface Reply {
  readonly status: number;
  /** The body's media type, sent as `Content-Type` (not on a 304). */
  readonly type?: string | undefined;
  /** The route's own header fields (`Cache-Control`, `Location`, ...). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer | string | undefined;
  /** The body's entity tag: sent as `ETag`, and 304 instead of the body when `If-None-Match` names it. */
  readonly etag?: string | undefined;
  /**
   * The body compressed ahead of time: the copy `Accept-Encoding` prefers is sent in its place,
   * under an entity tag of its own, with `Vary: Accept-Encoding`.
   */
  readonly compressed?: Readonly<Partial<Record<ContentCoding, Buffer>>> | undefined;
}

/** A reply as it is sent: its header fields as one flat list of names and values (node:http takes it as it is). */
export interface FinishedReply {
  readonly status: number;
  readonly headers: string[];
  readonly body?: Buffer | string | undefined;
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
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});
const NO_REQUEST_HEADERS: IncomingHttpHeaders = Object.freeze({});

/** A JSON body, serialised once. */
export function json(status: number, value: unknown, headers = NO_HEADERS): Reply {
  return { status, type: JSON_TYPE, headers, body: JSON.stringify(value) };
}

/** An answer rendered once and served as its bytes, with its entity tag (the hot reads). */
export function rendered(answer: RenderedAnswer, headers = NO_HEADERS): Reply {
  return { status: 200, type: JSON_TYPE, headers, body: answer.body, etag: answer.etag };
}

/** A JSON body held with its compressed copies (a large answer that never changes in the process's life). */
export function encodedJson(body: Encoded, headers = NO_HEADERS): Reply {
  return { status: 200, type: JSON_TYPE, headers, body: body.identity, etag: body.etag, compressed: body };
}

/** A rendered answer to a POST, which names no resource: no entity tag. */
export function renderedBody(body: Buffer, headers = NO_HEADERS): Reply {
  return { status: 200, type: JSON_TYPE, headers, body };
}

export function noContent(): Reply {
  return { status: 204, headers: NO_HEADERS };
}

export function text(status: number, body: string, contentType: string, headers = NO_HEADERS): Reply {
  return { status, type: contentType, headers, body };
}

/** An RFC 9457 problem answer. */
export function problem({ body, headers }: Problem): Reply {
  return { status: body.status, type: PROBLEM_TYPE, headers, body: JSON.stringify(body) };
}

/**
 * The reply as it is sent: with what every answer carries (the request id, and once admitted the
 * caller's quota), its entity tag, media type and length, the compressed copy the request's
 * `Accept-Encoding` prefers when the reply has some, and 304 without a body when the route honours
 * `If-None-Match` and the client's copy is current. The header list is built in one go, without
 * copying objects: this runs on every request.
 */
export function finished(reply: Reply, exchange: Exchange, conditional: boolean, request: IncomingHttpHeaders): FinishedReply {
  const headers: string[] = [REQUEST_ID_HEADER, exchange.requestId];
  const own = reply.headers;
  if (exchange.quota !== undefined && own.RateLimit === undefined) pushRateLimitHeaders(headers, exchange.quota);
  const { compressed } = reply;
  const coding = compressed === undefined ? undefined : codingFor(compressed, request['accept-encoding']);
  const etag = reply.etag === undefined ? undefined : codedTag(reply.etag, coding);
  const body = coding === undefined ? reply.body : compressed![coding];
  if (etag !== undefined) headers.push('ETag', etag);
  if (compressed !== undefined) headers.push('Vary', 'Accept-Encoding');
  for (const name in own) headers.push(name, own[name]!);
  if (conditional && etag !== undefined && reply.status === 200 && noneMatchHits(request['if-none-match'], etag)) {
    return { status: 304, headers };
  }
  if (reply.type !== undefined) headers.push('Content-Type', reply.type);
  if (coding !== undefined) headers.push('Content-Encoding', coding);
  if (body !== undefined)
    headers.push('Content-Length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.length));
  return { status: reply.status, headers, body };
}

/** The problem a failure is answered with, finished: what either lane sends when answering failed. */
export function failed(error: unknown, exchange: Exchange, logger: Logger): FinishedReply {
  return finished(problem(problemOf(error, logger, exchange.requestId)), exchange, false, NO_REQUEST_HEADERS);
}

/** Sends a finished reply on the bare response (the fast lane). */
export function send(res: ServerResponse, reply: FinishedReply): void {
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body);
}

/** Hands a finished reply to Koa, which sends it (and leaves the body out of an answer to HEAD). */
export function sendThroughKoa(ctx: ParameterizedContext, reply: FinishedReply): void {
  ctx.status = reply.status;
  const { headers } = reply;
  for (let i = 0; i < headers.length; i += 2) ctx.set(headers[i]!, headers[i + 1]!);
  if (reply.body !== undefined) ctx.body = reply.body;
}
