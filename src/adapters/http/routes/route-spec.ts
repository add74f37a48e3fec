import type { Middleware } from 'koa';
import type * as v from 'valibot';
import type { Scope } from '../../../domain/auth/scopes.js';
import type { VitrineContext, VitrineState } from '../context.js';
import type { ProblemCode } from '../problem.js';
import type { RenderedAnswer } from '../rendered-answers.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The groups the API description shows its operations in. */
export type RouteTag = 'Profiles' | 'Products' | 'Collections' | 'Builder' | 'Tokens' | 'Operations';

/** Response headers a route may send beyond those every answer carries. */
export type ResponseHeader = 'ETag' | 'Location' | 'Cache-Control';

/** An answer the hot path can send as it is: its rendered bytes, whether it is tagged, and headers of its own. */
export interface HotAnswer {
  readonly rendered: RenderedAnswer;
  /** Send the ETag, and 304 when `If-None-Match` names it. */
  readonly tagged: boolean;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The hot path's way to answer a route without the full path: from what is known at once (the
 * answers each process keeps), given the path parameters and the parsed body. Undefined: not
 * known, the full path answers (and handles every error).
 */
export type HotHandler = (input: {
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
}) => HotAnswer | undefined;

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
 * One route of the API, described once: the router mounts it and the OpenAPI document is
 * generated from it, so the two cannot disagree. The schemas are the ones the handler validates
 * with; the problems are the error codes it may answer.
 */
export interface RouteSpec {
  readonly method: HttpMethod;
  /** Koa's form, `/collections/:id`; the document shows `/collections/{id}`. */
  readonly path: string;
  readonly operationId: string;
  readonly tag: RouteTag;
  readonly summary: string;
  readonly description?: string;
  /** The scope a token needs; absent: no token (health, metrics, this API's description). */
  readonly scope?: Scope;
  /** When a request needs another scope than `scope` (a preview needs to write): which one. */
  readonly scopeOf?: (ctx: VitrineContext) => Scope;
  readonly params?: v.GenericSchema;
  /** Path parameters that hold personal data (a phone, an e-mail, a document): masked in logs. */
  readonly sensitiveParams?: readonly string[];
  readonly query?: v.GenericSchema;
  /** The body: JSON of at most `limitBytes` (default 256 KB), or a spreadsheet upload. */
  readonly body?: { readonly json: v.GenericSchema; readonly limitBytes?: number } | { readonly spreadsheet: true };
  /** A precondition header the route honours: `If-Match` (412 when stale) or `If-None-Match` (304). */
  readonly conditional?: 'If-Match' | 'If-None-Match';
  readonly responses: readonly [SuccessResponse, ...SuccessResponse[]];
  /** The problems this route answers beyond those its token, input and body already imply. */
  readonly problems?: readonly ProblemCode[];
  readonly handler: Middleware<VitrineState>;
  /** For the hot reads: how to answer at once, on the hot path, when the answer is known. */
  readonly hot?: HotHandler;
}

/**
 * Every problem a route may answer: the ones its own rules name, plus those that come with a
 * token (401, 403, 429, a store that does not answer), with input (400) and with a body (413, 415).
 */
export function problemsOf(spec: RouteSpec): ProblemCode[] {
  const codes = new Set<ProblemCode>(spec.problems);
  if (spec.scope !== undefined) {
    for (const code of ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED', 'UNAVAILABLE'] as const) codes.add(code);
  }
  if (spec.params !== undefined || spec.query !== undefined || spec.body !== undefined) codes.add('VALIDATION_FAILED');
  if (spec.body !== undefined) {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (spec.conditional === 'If-Match') codes.add('PRECONDITION_FAILED');
  codes.add('INTERNAL');
  return [...codes];
}
