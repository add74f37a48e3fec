import * as v from 'valibot';
import type { IncomingHttpHeaders } from 'node:http';
import type { Principal } from '../../../domain/auth/api-token.js';
import { ValidationError, type ValidationIssue } from '../../../domain/shared/errors.js';
import { Precondition } from '../../../application/shared/precondition.js';
import { preconditionOf } from './entity-tags.js';
import { finished, type Exchange, type FinishedReply } from './reply.js';
import type { RouteInput, RouteSpec } from './route-spec.js';
import { toValidationIssue } from './validation.js';

/** A request's input as it arrived: path parameters, query, the body as read, its `If-Match`. */
export interface RawInput {
  readonly params: Readonly<Record<string, string | undefined>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  readonly ifMatch: string | undefined;
}

/**
 * What a route's handler is given: the path parameters, query and body checked against the route's
 * schemas (every problem with all three reported at once, as a ValidationError), the caller, and
 * the precondition of `If-Match`, parsed once, here, for the collection or slice the route writes.
 */
export function routeInput(
  spec: RouteSpec,
  raw: RawInput,
  principal: Principal | undefined,
): RouteInput<unknown, unknown, unknown> {
  const issues: ValidationIssue[] = [];
  const params = checked(spec.params, raw.params, issues);
  unknownQueryNames(spec, raw.query, issues);
  const query = checked(spec.query, raw.query, issues);
  let body: unknown;
  if (spec.body !== undefined) {
    try {
      body = spec.body.read(raw.body);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      issues.push(...error.issues);
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  const target = spec.precondition;
  const precondition =
    target === undefined
      ? Precondition.NONE
      : preconditionOf(raw.ifMatch, target.of, (params as Record<string, number>)[target.idParam] ?? 0);
  return { params, query, body, principal, precondition };
}

/**
 * What a route answers an admitted request whose body was read: its handler's reply to the
 * checked input, finished; at once when the handler answers at once.
 */
export function answerRoute(
  spec: RouteSpec,
  raw: RawInput,
  exchange: Exchange,
  request: IncomingHttpHeaders,
): FinishedReply | Promise<FinishedReply> {
  const reply = spec.handler(routeInput(spec, raw, exchange.principal));
  const conditional = spec.conditional === true;
  return reply instanceof Promise
    ? reply.then((answer) => finished(answer, exchange, conditional, request))
    : finished(reply, exchange, conditional, request);
}

/**
 * A query parameter the route does not take is refused, not ignored: a client that misspells one,
 * or sends one the way a generated client would for another shape, learns so at once.
 */
function unknownQueryNames(spec: RouteSpec, query: Readonly<Record<string, unknown>>, issues: ValidationIssue[]): void {
  let taken: ReadonlySet<string> | undefined;
  for (const name in query) {
    taken ??= queryNamesOf(spec);
    if (!taken.has(name)) {
      const known = [...taken].join(', ');
      issues.push({
        path: name,
        message: `is not a query parameter of this route (${known === '' ? 'it takes none' : `it takes: ${known}`})`,
      });
    }
  }
}

const queryNames = new WeakMap<RouteSpec, ReadonlySet<string>>();

/** The names a route's query schema has entries for (an object schema, or one at the end of a pipe). */
function queryNamesOf(spec: RouteSpec): ReadonlySet<string> {
  let names = queryNames.get(spec);
  if (names === undefined) {
    const schema = spec.query as { entries?: object; pipe?: { entries?: object }[] } | undefined;
    const entries = schema?.entries ?? schema?.pipe?.find((step) => step.entries !== undefined)?.entries ?? {};
    queryNames.set(spec, (names = new Set(Object.keys(entries))));
  }
  return names;
}

/** The path parameters checked against the route's schema, or undefined when they do not pass. */
export function checkedParams(spec: RouteSpec, params: Readonly<Record<string, string | undefined>>): unknown {
  if (spec.params === undefined) return params;
  const result = v.safeParse(spec.params, params);
  return result.success ? result.output : undefined;
}

function checked(schema: v.GenericSchema | undefined, input: unknown, issues: ValidationIssue[]): unknown {
  if (schema === undefined) return input;
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  issues.push(...result.issues.map(toValidationIssue));
  return undefined;
}

/**
 * Where a request's URL holds a malformed percent-encoding (a `%` not followed by two hex digits,
 * or escapes that are not UTF-8): `path`, `query`, or undefined when it holds none. The router and
 * the query parser would pass such a text on as it is, to be looked up or ignored.
 */
export function malformedEncodingIn(url: string): 'path' | 'query' | undefined {
  if (!url.includes('%')) return undefined;
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  if (!decodes(path)) return 'path';
  if (
    mark >= 0 &&
    !url
      .slice(mark + 1)
      .split('&')
      .every((part) => decodes(part.replaceAll('+', ' ')))
  )
    return 'query';
  return undefined;
}

function decodes(text: string): boolean {
  if (!text.includes('%')) return true;
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** Refuses a request whose URL holds a malformed percent-encoding, naming where. */
export function refuseMalformedEncoding(url: string): void {
  const where = malformedEncodingIn(url);
  if (where !== undefined) {
    throw ValidationError.single(
      where,
      'holds a malformed percent-encoding: each % must start an escape of two hex digits, and the escapes must spell UTF-8',
    );
  }
}
