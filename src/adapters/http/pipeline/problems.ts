import {
  DomainError,
  RateLimitedError,
  ValidationError,
  type DomainErrorCode,
  type ValidationIssue,
} from '../../../domain/shared/errors.js';
import type { Logger } from '../../logging/logger.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';

/**
 * A row of the table: the status and title of a code, when it is answered, the header fields its
 * answer always carries, and an example.
 */
export interface ProblemRow {
  readonly status: number;
  readonly title: string;
  /** When the code is answered: the API description's table of codes says it. */
  readonly description: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** A `detail` (and, for validation, `errors`) as the service writes them: the API description's example of the code. */
  readonly example: { readonly detail: string; readonly errors?: readonly ValidationIssue[] };
}

/**
 * The challenge of a 401 (RFC 9110, 11.6.1): the token goes in the X-Service-APP-Token header. No
 * registered scheme describes an API key in a header of its own, so the scheme is named for what
 * it is and the header is a parameter.
 */
export const TOKEN_CHALLENGE = 'ApiKey realm="vitrine", header="X-Service-APP-Token"';

/** Codes only the HTTP layer raises: they are about requests, not about the domain. */
export type HttpErrorCode =
  'ROUTE_NOT_FOUND' | 'METHOD_NOT_ALLOWED' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'INTERNAL';

export type ProblemCode = DomainErrorCode | HttpErrorCode;

/**
 * The one table that maps every error code to its HTTP status and title. Use cases never know a
 * status; adding a code without a row here does not compile.
 */
export const PROBLEM_TABLE: Readonly<Record<ProblemCode, ProblemRow>> = {
  VALIDATION_FAILED: {
    status: 400,
    title: 'Request validation failed',
    description:
      'The path, query or body is not valid, each problem listed in `errors`: also malformed JSON, a body that is not a JSON object, a query parameter the route does not take, and a field its write body does not have (refused, never ignored).',
    example: { detail: 'The request is not valid.', errors: [{ path: 'name', message: 'must not be empty' }] },
  },
  UNAUTHORIZED: {
    status: 401,
    title: 'Unauthorized',
    description:
      'No token, or one that is unknown, expired or revoked (always the same answer); `WWW-Authenticate` names the header.',
    headers: { 'WWW-Authenticate': TOKEN_CHALLENGE },
    example: { detail: 'A valid application token is required in the X-Service-APP-Token header.' },
  },
  FORBIDDEN: {
    status: 403,
    title: 'Forbidden',
    description: "The token lacks the route's scope.",
    example: { detail: 'This token lacks the collections:write scope.' },
  },
  PROFILE_NOT_FOUND: {
    status: 404,
    title: 'Profile not found',
    description: 'No profile has this id or identifier.',
    example: { detail: 'No profile matches this phone.' },
  },
  PRODUCT_NOT_FOUND: {
    status: 404,
    title: 'Product not found',
    description: 'No product has this id.',
    example: { detail: 'No product has this id.' },
  },
  COLLECTION_NOT_FOUND: {
    status: 404,
    title: 'Collection not found',
    description: 'No collection has this id.',
    example: { detail: 'No collection has this id.' },
  },
  NO_ACTIVE_SLICE: {
    status: 404,
    title: 'No active slice',
    description: 'The collection shows no slice at this instant.',
    example: { detail: 'The collection has no active slice now.' },
  },
  SLICE_NOT_FOUND: {
    status: 404,
    title: 'Slice not found',
    description: 'The collection has no slice with this id.',
    example: { detail: 'The collection has no slice with this id.' },
  },
  SLICE_VERSION_NOT_FOUND: {
    status: 404,
    title: 'Slice version not found',
    description: 'The slice has no such version (it keeps its last ones only).',
    example: { detail: 'The slice has no version 2: it is at version 9, and keeps its last 100 versions.' },
  },
  TOKEN_NOT_FOUND: {
    status: 404,
    title: 'Token not found',
    description: 'No token has this id.',
    example: { detail: 'No token has this id.' },
  },
  WEBHOOK_NOT_FOUND: {
    status: 404,
    title: 'Webhook not found',
    description: 'No webhook subscription has this id.',
    example: { detail: 'No webhook subscription has this id.' },
  },
  ROUTE_NOT_FOUND: {
    status: 404,
    title: 'Route not found',
    description: 'No route (nor file of the builder or the API reference) answers this path.',
    example: { detail: 'No route answers GET /api/v1/nowhere.' },
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    title: 'Method not allowed',
    description: 'The path does not answer this method; `Allow` names those it does.',
    example: { detail: 'This route does not answer PATCH.' },
  },
  CONFLICT: {
    status: 409,
    title: 'Conflict',
    description:
      'The change contradicts what is stored: an identifier of another profile, a collection holding its most slices, a slice that was not made from seeds, a token that exists, the most webhook subscriptions held.',
    example: { detail: 'An identifier of this profile belongs to another profile.' },
  },
  PRECONDITION_FAILED: {
    status: 412,
    title: 'Precondition failed',
    description: '`If-Match` names a version that is no longer the stored one: nothing was changed.',
    example: {
      detail: 'The slice changed since it was read (it is at version 3 now); read it again and reapply the change.',
    },
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    title: 'Payload too large',
    description: "The body is over the route's limit.",
    example: { detail: 'The request body must not exceed 256 KB.' },
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    title: 'Unsupported media type',
    description: 'The body is not in a media type or charset the route reads (JSON routes take `application/json` in UTF-8).',
    example: { detail: 'Send the request body as JSON with Content-Type: application/json.' },
  },
  RATE_LIMITED: {
    status: 429,
    title: 'Too many requests',
    description:
      "The token's quota, or this address's failed authentications, is spent for now; `Retry-After` says when to try again.",
    example: { detail: 'This token made more requests than its rate limit allows; try again later.' },
  },
  INTERNAL: {
    status: 500,
    title: 'Internal server error',
    description: 'Something unexpected failed: it is logged with the request id, and the answer says nothing more.',
    example: { detail: 'An unexpected error occurred.' },
  },
  UNAVAILABLE: {
    status: 503,
    title: 'Service unavailable',
    description: 'A store does not answer; `Retry-After` says when to try again.',
    headers: { 'Retry-After': '2' },
    example: { detail: 'The database does not answer right now. Try again shortly.' },
  },
};

/** A huge bad request must not make a huger answer: this many problems are listed, and how many there are. */
export const MAX_LISTED_ISSUES = 100;

/** An RFC 9457 problem details body, with our `code` and validation `errors` members. */
export interface ProblemBody {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly code: ProblemCode;
  readonly detail?: string;
  readonly errors?: readonly ValidationIssue[];
  readonly [extension: string]: unknown;
}

export function problemType(code: ProblemCode): string {
  return `urn:vitrine:problem:${code.toLowerCase().replaceAll('_', '-')}`;
}

export function problemBody(
  code: ProblemCode,
  detail?: string,
  extensions?: { readonly errors?: readonly ValidationIssue[]; readonly [key: string]: unknown },
): ProblemBody {
  const { status, title } = PROBLEM_TABLE[code];
  return {
    type: problemType(code),
    title,
    status,
    code,
    ...(detail !== undefined ? { detail } : {}),
    ...extensions,
  };
}

/** An error the HTTP layer raises itself (unknown route, body too large, ...). */
export class HttpProblem extends Error {
  override readonly name = 'HttpProblem';

  constructor(
    readonly code: HttpErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** A problem to answer: its body and the headers that go with it (Retry-After, Allow, the quota). */
export interface Problem {
  readonly body: ProblemBody;
  readonly headers: Readonly<Record<string, string>>;
}

/** A problem with the headers its code always brings (Retry-After for a store that does not answer, the 401's challenge). */
export function problemFrom(body: ProblemBody): Problem {
  return { body, headers: PROBLEM_TABLE[body.code].headers ?? {} };
}

/**
 * What any failure while answering a request is answered with: the domain's and the HTTP layer's
 * own errors by their code, every other error logged here and answered 500 without any detail.
 */
export function problemOf(error: unknown, logger: Logger, requestId: string): Problem {
  const { body, headers: always } = problemFrom(bodyOf(error, logger, requestId));
  const headers: Record<string, string> = { ...always };
  if (error instanceof HttpProblem) Object.assign(headers, error.headers);
  if (error instanceof RateLimitedError) {
    setRateLimitHeaders(headers, error.quota);
    headers['Retry-After'] = String(error.quota.resetSeconds);
  }
  return { body, headers };
}

function bodyOf(error: unknown, logger: Logger, requestId: string): ProblemBody {
  if (error instanceof ValidationError) {
    const errors = error.issues.slice(0, MAX_LISTED_ISSUES);
    return problemBody(
      error.code,
      error.message,
      errors.length < error.issues.length ? { errors, errorCount: error.issues.length } : { errors },
    );
  }
  if (error instanceof DomainError || error instanceof HttpProblem) return problemBody(error.code, error.message);
  logger.error({ err: error, requestId }, 'unexpected error while answering a request');
  return problemBody('INTERNAL', 'An unexpected error occurred.');
}
