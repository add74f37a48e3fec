import type { Clock } from '../../domain/shared/clock.js';
import { DomainError } from '../../domain/shared/errors.js';
import { isUsableAt, type ApiToken, type Principal } from '../../domain/auth/api-token.js';
import type { TokenSecrets } from '../../domain/auth/token-secrets.js';
import type { TokenStore } from '../../domain/auth/token-store.js';
import { tokenCacheKey } from '../caching/cache-keys.js';
import type { AnswerCache } from '../caching/answer-cache.js';

/** Longer than any token we issue or accept; longer input is refused without hashing it. */
const MAX_SECRET_LENGTH = 512;

/**
 * Turns the secret a caller presents into the principal it stands for. Missing, unknown, expired
 * and revoked secrets fail alike, so the answer says nothing about which it was. Known tokens are
 * cached by hash (unknown ones are not, so guessing cannot fill the cache); expiry is checked on
 * every request, and a revocation drops the cached token at once.
 */
export class AuthenticateToken {
  /** The principal of each token record, made once: a kept record is the same object every time. */
  private readonly principals = new WeakMap<ApiToken, Principal>();

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
    const token = this.answers.peek<ApiToken>(tokenCacheKey(this.secrets.hash(secret)));
    return token !== undefined && isUsableAt(token, this.clock.now()) ? this.principalOf(token) : undefined;
  }

  async execute(secret: string | undefined): Promise<Principal> {
    if (secret === undefined || secret.length === 0 || secret.length > MAX_SECRET_LENGTH) throw unauthorized();
    const hash = this.secrets.hash(secret);
    const token = await this.answers.read(tokenCacheKey(hash), async () => {
      const found = await this.tokens.findByHash(hash);
      if (found === undefined) throw unauthorized();
      return found;
    });
    if (!isUsableAt(token, this.clock.now())) throw unauthorized();
    return this.principalOf(token);
  }

  private principalOf(token: ApiToken): Principal {
    let principal = this.principals.get(token);
    if (principal === undefined) {
      principal = { tokenId: token.id, name: token.name, scopes: new Set(token.scopes), rateLimit: token.rateLimit };
      this.principals.set(token, principal);
    }
    return principal;
  }
}

function unauthorized(): DomainError {
  return new DomainError('UNAUTHORIZED', 'A valid application token is required in the X-Service-APP-Token header.');
}
