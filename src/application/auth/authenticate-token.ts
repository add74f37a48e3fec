import type { Clock } from '../../domain/shared/clock.js';
import { DomainError } from '../../domain/shared/errors.js';
import { isUsableAt, kindOf, type ApiToken, type Principal } from '../../domain/auth/api-token.js';
import type { TokenSecrets } from '../../domain/auth/token-secrets.js';
import type { TokenStore } from '../../domain/auth/token-store.js';
import { tokenCacheKey } from '../caching/cache-keys.js';
import type { AnswerCache } from '../caching/answer-cache.js';
import { Remembered } from '../shared/remembered.js';
import { RecentlyUsed } from '../shared/recently-used.js';

/** Longer than any token we issue or accept; longer input is refused without hashing it. */
const MAX_SECRET_LENGTH = 512;

/** How many unknown secrets (their hashes) are remembered, and for how long. */
export const UNKNOWN_SECRETS_KEPT = 10_000;
export const UNKNOWN_SECRET_TTL_MS = 60_000;

/**
 * How many secrets' hashes are remembered: every request presents its token, and hashing it cost
 * a hot read about 0.6 µs of its 30 (docs/benchmarks.md). A flood of distinct secrets only empties
 * the memo (Remembered), each of them hashed as before.
 */
export const HASHED_SECRETS_KEPT = 1_000;

/**
 * Turns the secret a caller presents into the principal it stands for. Missing, unknown, expired
 * and revoked secrets fail alike, so the answer says nothing about which it was. Known tokens are
 * cached by hash; expiry is checked on every request, and a revocation drops the cached token at
 * once. Unknown secrets are remembered too, by hash, for a minute and at most 10,000 of them (the
 * oldest go first): a client repeating a wrong token costs the store one lookup, not one a
 * request. Secrets are random, so one remembered as unknown cannot become a token meanwhile.
 */
export class AuthenticateToken {
  /** The principal of each token record, made once: a kept record is the same object every time. */
  private readonly principals = new WeakMap<ApiToken, Principal>();
  /** Hashes of secrets no token has, with until when (clock milliseconds) they are known to be unknown. */
  private readonly unknown = new RecentlyUsed<number>(UNKNOWN_SECRETS_KEPT);
  /** The hashes of recently presented secrets, with the cache keys of their tokens. */
  private readonly hashes = new Remembered<HashedSecret>(HASHED_SECRETS_KEPT);

  constructor(
    private readonly tokens: TokenStore,
    private readonly secrets: TokenSecrets,
    private readonly clock: Clock,
    private readonly answers: AnswerCache,
  ) {}

  /**
   * The principal when this process has the token at hand and it is usable, at once; else
   * undefined (`execute` then decides, a refusal included).
   */
  peek(secret: string | undefined): Principal | undefined {
    if (secret === undefined || secret.length === 0 || secret.length > MAX_SECRET_LENGTH) return undefined;
    const token = this.answers.peek<ApiToken>(this.hashOf(secret).key);
    if (token === undefined) return undefined;
    // A token without an expiry is usable whenever: no need to ask the clock (every request comes here).
    return token.expiresAt === undefined || isUsableAt(token, this.clock.now()) ? this.principalOf(token) : undefined;
  }

  async execute(secret: string | undefined): Promise<Principal> {
    if (secret === undefined || secret.length === 0 || secret.length > MAX_SECRET_LENGTH) throw unauthorized();
    const { hash, key } = this.hashOf(secret);
    if (this.knownUnknown(hash)) throw unauthorized();
    const token = await this.answers.read(key, async () => {
      const found = await this.tokens.findByHash(hash);
      if (found === undefined) {
        this.rememberUnknown(hash);
        throw unauthorized();
      }
      return found;
    });
    if (!isUsableAt(token, this.clock.now())) throw unauthorized();
    return this.principalOf(token);
  }

  private hashOf(secret: string): HashedSecret {
    return this.hashes.get(secret, () => {
      const hash = this.secrets.hash(secret);
      return { hash, key: tokenCacheKey(hash) };
    });
  }

  /** Whether this secret hash was found to be no token's within the last minute. */
  private knownUnknown(hash: string): boolean {
    const until = this.unknown.peek(hash);
    if (until === undefined) return false;
    if (until > this.clock.now().getTime()) return true;
    this.unknown.delete(hash);
    return false;
  }

  private rememberUnknown(hash: string): void {
    this.unknown.set(hash, this.clock.now().getTime() + UNKNOWN_SECRET_TTL_MS);
  }

  private principalOf(token: ApiToken): Principal {
    let principal = this.principals.get(token);
    if (principal === undefined) {
      principal = {
        tokenId: token.id,
        name: token.name,
        scopes: new Set(token.scopes),
        rateLimit: token.rateLimit,
        ...(kindOf(token) === 'publishable' ? { allowedOrigins: new Set(token.allowedOrigins ?? []) } : {}),
      };
      this.principals.set(token, principal);
    }
    return principal;
  }
}

/** A secret's hash, and the key its token is cached under. */
interface HashedSecret {
  readonly hash: string;
  readonly key: string;
}

function unauthorized(): DomainError {
  return new DomainError('UNAUTHORIZED', 'A valid application token is required in the X-Service-APP-Token header.');
}
