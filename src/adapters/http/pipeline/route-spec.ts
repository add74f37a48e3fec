import * as v from 'valibot';
import type { Principal } from '../../../domain/auth/api-token.js';
import type { Scope } from '../../../domain/auth/scopes.js';
import { ANY_SCOPE, type TokenNeed } from './admission.js';
import type { Precondition, VersionedThing } from '../../../application/shared/precondition.js';
import type { ProblemCode } from './problems.js';
import type { Reply } from './reply.js';
import { BATCH_BODY_LIMIT_BYTES, JSON_BODY_LIMIT_BYTES, UPLOAD_LIMIT_BYTES, type Upload } from './request-body.js';
import { parseBody } from './validation.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A group the API description shows operations in, declared beside the routes it holds: the
 * document lists the tags its route groups name, in the order they come.
 */
export interface RouteTag {
  readonly name: string;
  readonly description: string;
}

/** Response headers a route may send beyond those every answer carries. */
export type ResponseHeader = 'ETag' | 'Location' | 'Cache-Control' | 'X-Recommendation-Id';

export interface SuccessResponse {
  readonly status: number;
  readonly description: string;
  /** The JSON body; absent: no body (204, 304) unless `text` is set. */
  readonly body?: v.GenericSchema;
  /** A body that is not JSON: its media type (e.g. the Prometheus text format). */
  readonly text?: string;
  readonly headers?: readonly ResponseHeader[];
}

/**
 * What the API reference shows beside a route, and what its "Try it out" sends: a request the
 * route takes and the body of each success answer that has one. Written beside the route (against
 * the demo data, so that trying it works on `npm start`); a test holds each example to the
 * route's own schemas, and wants one for every path parameter, required query parameter, body and
 * success body.
 */
export interface RouteExamples {
  /** A value of each path parameter, of the type the document gives it (an id is a number). */
  readonly params?: Readonly<Record<string, string | number>>;
  /** Values of the query parameters worth showing: the required ones, and any optional one worth trying. */
  readonly query?: Readonly<Record<string, string>>;
  /** The body: a JSON value, or a spreadsheet route's file as CSV text. */
  readonly body?: unknown;
  /** The body of each success answer that has one, by status. */
  readonly responses: Readonly<Record<number, unknown>>;
}

/** A route's body: what the document says it is, how large it may be, and how it becomes the handler's input. */
export interface BodySpec<B> {
  readonly media: 'json' | 'spreadsheet';
  /** The JSON body's schema, as documented. */
  readonly schema?: v.GenericSchema;
  readonly limitBytes: number;
  /** Turns the body as read (parsed JSON, or the upload) into the handler's input; throws a ValidationError. */
  readonly read: (raw: unknown) => B;
}

/** A JSON body checked against its schema (and an object, not an array). */
export function jsonBody<S extends v.GenericSchema>(schema: S, limitBytes = JSON_BODY_LIMIT_BYTES): BodySpec<v.InferOutput<S>> {
  return { media: 'json', schema, limitBytes, read: (raw) => parseBody(schema, raw) };
}

/** A batch body: documented by its schema, read item by item (`read`), so that one bad item does not refuse the rest. */
export function batchBody<B>(schema: v.GenericSchema, read: (raw: unknown) => B): BodySpec<B> {
  return { media: 'json', schema, limitBytes: BATCH_BODY_LIMIT_BYTES, read };
}

/** A spreadsheet upload (CSV or .xlsx). */
export const SPREADSHEET_BODY: BodySpec<Upload> = {
  media: 'spreadsheet',
  limitBytes: UPLOAD_LIMIT_BYTES,
  read: (raw) => raw as Upload,
};

/** A request as a route's handler sees it: admitted, its input checked against the route's schemas. */
export interface RouteInput<P, Q, B> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  /** The calling token; undefined on the routes that need none. */
  readonly principal: Principal | undefined;
  /** What the write expects of the version it changes (`If-Match`); Precondition.NONE on routes that take none. */
  readonly precondition: Precondition;
}

/**
 * One route of the API, described once: the router mounts it, the fast lane matches it, and the
 * OpenAPI document is generated from it, so they cannot disagree. The pipeline admits the request
 * (`scope`), reads its body, checks `params`, `query` and `body` against their schemas and hands
 * the handler what they give; the handler answers a Reply. The problems are the error codes it may
 * answer.
 */
export interface RouteSpec<P = any, Q = any, B = any> {
  readonly method: HttpMethod;
  /** Koa's form, `/collections/:id`; the document shows `/collections/{id}`. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  /** The scope a token needs (`ANY_SCOPE`: any token that authenticates); absent: no token (health, metrics, this API's description). */
  readonly scope?: TokenNeed;
  /** When the query decides the scope (a preview needs to write): which one, from the query as sent. */
  readonly scopeOf?: (query: Readonly<Record<string, unknown>>) => Scope;
  /**
   * Called from shops' web pages with a publishable key (the events route): the key may come in
   * the `key` query parameter (what a beacon can send), and CORS answers the key's allowed origins
   * (pipeline/storefront-cors.ts). Every other route sends no CORS header.
   */
  readonly fromBrowsers?: boolean;
  readonly params?: v.GenericSchema<unknown, P>;
  /** Path parameters that hold personal data (a phone, an e-mail, a document): masked in logs. */
  readonly sensitiveParams?: readonly string[];
  readonly query?: v.GenericSchema<unknown, Q>;
  readonly body?: BodySpec<B>;
  /** A write of one collection or slice that honours `If-Match`: which, and the path parameter naming it. */
  readonly precondition?: { readonly of: VersionedThing; readonly idParam: string };
  /** A read that answers 304 when `If-None-Match` names its entity tag. */
  readonly conditional?: boolean;
  readonly responses: readonly [SuccessResponse, ...SuccessResponse[]];
  /** The problems this route answers beyond those its token, input and body already imply. */
  readonly problems?: readonly ProblemCode[];
  readonly examples: RouteExamples;
  readonly handler: (input: RouteInput<P, Q, B>) => Reply | Promise<Reply>;
  /**
   * For the hot reads: the answer this process holds for these path parameters, at once and
   * without I/O; undefined when it holds none. The fast lane answers a plain GET with it; it first
   * looks without it being `counted` as a cache lookup, to decide whether to take the request.
   */
  readonly peek?: (params: P, counted: boolean) => Reply | undefined;
  /**
   * For a hot POST (similar products), whose answer needs its body: the fast lane takes every
   * such request and answers it with the pipeline's own steps, without the framework.
   */
  readonly fastLane?: true;
}

/** Declares a route, with its handler's input typed by its schemas. */
export function route<P = undefined, Q = undefined, B = undefined>(spec: RouteSpec<P, Q, B>): RouteSpec {
  return spec;
}

/** The routes of one concern of a feature (one routes file), with the tag and schemas the API description names. */
export interface RouteGroup {
  /** The group the description shows these routes in (several files of a feature may share one). */
  readonly tag: RouteTag;
  readonly routes: readonly RouteSpec[];
  /** Schemas named under `components/schemas`, the contract's shapes among them. */
  readonly schemas?: Readonly<Record<string, v.GenericSchema>>;
}

/**
 * Every problem a route may answer: the ones its own rules name, plus those that come with a
 * token (401, 403, 429, a store that does not answer), every route (400: a query parameter it
 * does not take, besides its own input's problems) and with a body (413, 415).
 */
export function problemsOf(spec: RouteSpec): ProblemCode[] {
  const codes = new Set<ProblemCode>(spec.problems);
  if (spec.scope !== undefined) {
    for (const code of ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', 'UNAVAILABLE'] as const) {
      if (code !== 'FORBIDDEN' || spec.scope !== ANY_SCOPE) codes.add(code);
    }
  }
  codes.add('VALIDATION_FAILED');
  if (spec.body !== undefined) {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (spec.precondition !== undefined) codes.add('PRECONDITION_FAILED');
  codes.add('INTERNAL');
  return [...codes];
}
