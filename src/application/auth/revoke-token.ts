import { DomainError } from '../../domain/shared/errors.js';
import type { TokenStore } from '../../domain/auth/token-store.js';
import { tokenCacheKey } from '../caching/cache-keys.js';
import type { AnswerCache } from '../caching/answer-cache.js';

/** Revokes a token: from now on it authenticates nothing, on every instance. */
export class RevokeToken {
  constructor(
    private readonly tokens: TokenStore,
    private readonly answers: AnswerCache,
  ) {}

  async execute(tokenId: string): Promise<void> {
    // The token's hash is what its cache entry is kept under: known before the delete, so even a
    // delete whose outcome is unknown drops the entry.
    const token = await this.tokens.get(tokenId);
    if (token === undefined) throw notFound();
    const removed = await this.answers.afterWrite([tokenCacheKey(token.hash)], () => this.tokens.delete(tokenId));
    if (removed === undefined) throw notFound();
  }
}

function notFound(): DomainError {
  return new DomainError('TOKEN_NOT_FOUND', 'No token has this id.');
}
