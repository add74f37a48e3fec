import type { RateLimit } from './rate-limit.js';
import type { Scope } from './scopes.js';

/** The prefix every generated secret token carries, so a leaked token is recognisable (e.g. by secret scanners). */
export const TOKEN_PREFIX = 'vtr_';
/** The prefix of publishable keys: meant to be seen in a web page's source, and visibly not a secret. */
export const PUBLISHABLE_PREFIX = 'vtp_';

/**
 * A secret token is kept by a shop's servers and may hold any scope. A publishable key is put in
 * the storefront's pages, where anyone can read it: it can only record shopper events
 * (PUBLISHABLE_SCOPES), only from the web origins it lists, and what it records is marked.
 */
export type TokenKind = 'secret' | 'publishable';
export const TOKEN_KINDS: readonly TokenKind[] = ['secret', 'publishable'];

/** All a publishable key may do. */
export const PUBLISHABLE_SCOPES: readonly Scope[] = ['events:write'];

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
  /** Absent: a secret token (every token issued before publishable keys existed is one). */
  readonly kind?: TokenKind | undefined;
  /** A publishable key's web origins (`https://loja.example.com.br`), the only pages it may be used from. */
  readonly allowedOrigins?: readonly string[] | undefined;
}

/** Who is calling: the token that authenticated the request. */
export interface Principal {
  readonly tokenId: string;
  readonly name: string;
  readonly scopes: ReadonlySet<Scope>;
  /** The token's own limit; absent: the default. */
  readonly rateLimit?: RateLimit | undefined;
  /** Present for a publishable key: the origins it may be used from. */
  readonly allowedOrigins?: ReadonlySet<string> | undefined;
}

export function kindOf(token: ApiToken): TokenKind {
  return token.kind ?? 'secret';
}

export function isUsableAt(token: ApiToken, at: Date): boolean {
  return token.expiresAt === undefined || at.getTime() < token.expiresAt.getTime();
}

export function hasScope(principal: Principal, scope: Scope): boolean {
  return principal.scopes.has(scope);
}

export function isPublishable(principal: Principal): boolean {
  return principal.allowedOrigins !== undefined;
}

/**
 * Whether a request from a page of `origin` (its Origin header; undefined when it sent none) may use
 * this principal: a secret token from anywhere (it never sits in a page), a publishable key only
 * with an Origin it lists. A server can send any Origin, so this keeps a key copied from a shop's
 * page off other shops' pages, not off scripts: its rate limits bound those.
 */
export function mayCallFrom(principal: Principal, origin: string | undefined): boolean {
  const allowed = principal.allowedOrigins;
  return allowed === undefined || (origin !== undefined && allowed.has(origin));
}
