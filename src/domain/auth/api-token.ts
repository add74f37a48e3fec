import type { RateLimit } from './rate-limit.js';
import type { Scope } from './scopes.js';

/** The prefix every generated token carries, so a leaked token is recognisable (e.g. by secret scanners). */
export const TOKEN_PREFIX = 'vtr_';

/** An application token as stored: never the secret itself, only its SHA-256 hash. */
export interface ApiToken {
  readonly id: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly createdAt: Date;
  /** Absent: the token does not expire. */
  readonly expiresAt?: Date | undefined;
  /** Absent: the service's default limit (RATE_LIMIT) applies. */
  readonly rateLimit?: RateLimit | undefined;
  readonly hash: string;
}

/** Who is calling: the token that authenticated the request. */
export interface Principal {
  readonly tokenId: string;
  readonly name: string;
  readonly scopes: ReadonlySet<Scope>;
  /** The token's own limit; absent: the default. */
  readonly rateLimit?: RateLimit | undefined;
}

export function isUsableAt(token: ApiToken, at: Date): boolean {
  return token.expiresAt === undefined || at.getTime() < token.expiresAt.getTime();
}

export function hasScope(principal: Principal, scope: Scope): boolean {
  return principal.scopes.has(scope);
}
