/** Stable, machine-readable codes of the errors the domain and the use cases raise. */
export type DomainErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'PROFILE_NOT_FOUND'
  | 'PRODUCT_NOT_FOUND'
  | 'COLLECTION_NOT_FOUND'
  | 'NO_ACTIVE_SLICE'
  | 'SLICE_NOT_FOUND'
  | 'SLICE_VERSION_NOT_FOUND'
  | 'TOKEN_NOT_FOUND'
  | 'WEBHOOK_NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE';

/** One rule an input broke: where (a dot path such as `products.3`) and why. */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * The base of every error the domain raises on purpose. It carries a stable `code` and a message
 * written for the caller, and nothing from the outside world (no request, no driver error).
 */
export class DomainError extends Error {
  override readonly name: string = 'DomainError';

  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** An input broke one or more rules; `issues` lists every one of them, not only the first. */
export class ValidationError extends DomainError {
  override readonly name = 'ValidationError';

  constructor(
    readonly issues: readonly ValidationIssue[],
    message = 'The request is not valid.',
  ) {
    super('VALIDATION_FAILED', message);
  }

  static single(path: string, message: string): ValidationError {
    return new ValidationError([{ path, message }]);
  }
}

/** How much of a rate limit is left: what the RateLimit headers say. */
export interface QuotaReport {
  /** Which limit: a token's quota, a client address's failed authentications, or an address's share of a publishable key. */
  readonly policy: 'token' | 'failed-authentications' | 'publishable-address';
  readonly requests: number;
  readonly windowSeconds: number;
  readonly remaining: number;
  /** Seconds until the window restarts (rounded up). */
  readonly resetSeconds: number;
}

/** Too many requests: the caller may try again after `quota.resetSeconds`. */
export class RateLimitedError extends DomainError {
  override readonly name = 'RateLimitedError';

  constructor(
    message: string,
    readonly quota: QuotaReport,
  ) {
    super('RATE_LIMITED', message);
  }
}
