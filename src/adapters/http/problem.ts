import type { DomainErrorCode, ValidationIssue } from '../../domain/shared/errors.js';

/** Codes only the HTTP layer raises: they are about requests, not about the domain. */
export type HttpErrorCode =
  'ROUTE_NOT_FOUND' | 'METHOD_NOT_ALLOWED' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'INTERNAL';

export type ProblemCode = DomainErrorCode | HttpErrorCode;

/**
 * The one table that maps every error code to its HTTP status and title. Use cases never know a
 * status; adding a code without a row here does not compile.
 */
export const PROBLEM_TABLE: Readonly<
  Record<ProblemCode, { readonly status: number; readonly title: string; readonly retryAfterSeconds?: number }>
> = {
  VALIDATION_FAILED: { status: 400, title: 'Request validation failed' },
  UNAUTHORIZED: { status: 401, title: 'Unauthorized' },
  FORBIDDEN: { status: 403, title: 'Forbidden' },
  PROFILE_NOT_FOUND: { status: 404, title: 'Profile not found' },
  PRODUCT_NOT_FOUND: { status: 404, title: 'Product not found' },
  COLLECTION_NOT_FOUND: { status: 404, title: 'Collection not found' },
  NO_ACTIVE_SLICE: { status: 404, title: 'No active slice' },
  SLICE_NOT_FOUND: { status: 404, title: 'Slice not found' },
  TOKEN_NOT_FOUND: { status: 404, title: 'Token not found' },
  ROUTE_NOT_FOUND: { status: 404, title: 'Route not found' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed' },
  CONFLICT: { status: 409, title: 'Conflict' },
  PRECONDITION_FAILED: { status: 412, title: 'Precondition failed' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported media type' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  INTERNAL: { status: 500, title: 'Internal server error' },
  UNAVAILABLE: { status: 503, title: 'Service unavailable', retryAfterSeconds: 2 },
};

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
