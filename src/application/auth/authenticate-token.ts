import type { Clock } from '../../domain/shared/clock.js';
import { DomainError } from '../../domain/shared/errors.js';
import { isUsableAt, type Principal } from '../../domain/auth/api-token.js';
import type { TokenSecrets } from '../../domain/auth/token-secrets.js';
import type { TokenStore } from '../../domain/auth/token-store.js';
import { tokenCacheKey } from '../caching/cache-keys.js';
import type { CachedAnswers } from '../caching/cached-answers.js';

/** Longer than any token we issue or accept; longer input is refused without hashing it. */
const MAX_SECRET_LENGTH = 512;

/**
 * Turns the secret a caller presents into the principal it stands for. Missing, unknown, expired
 * and revoked secrets fail alike, so the answer says nothing about which it was. Known tokens are
 * cached by hash (unknown ones are not, so guessing cannot fill the cache); expiry is checked on
 * every request, and a revocation drops the cached token at once.
 */
export class AuthenticateToken {
  constructor(
    private readonly tokens: TokenStore,
    private readonly secrets: TokenSecrets,
    private readonly clock: Clock,
    private readonly answers: CachedAnswers,
  ) {}

  async execute(secret: string | undefined): Promise<Principal> {
    if (secret === undefined || secret.length === 0 || secret.length > MAX_SECRET_LENGTH) throw unauthorized();
    const hash = this.secrets.hash(secret);
    const token = await this.answers.read(tokenCacheKey(hash), async () => {
      const found = await this.tokens.findByHash(hash);
      if (found === undefined) throw unauthorized();
      return found;
    });
    if (!isUsableAt(token, this.clock.now())) throw unauthorized();
    return { tokenId: token.id, name: token.name, scopes: new Set(token.scopes), rateLimit: token.rateLimit };
  }
}

function unauthorized(): DomainError {
  return new DomainError('UNAUTHORIZED', 'A valid application token is required in the X-Service-APP-Token header.');
}
