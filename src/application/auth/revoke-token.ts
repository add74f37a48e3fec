import { DomainError } from '../../domain/shared/errors.js';
import type { TokenStore } from '../../domain/auth/token-store.js';
import { tokenCacheKey } from '../caching/cache-keys.js';
import type { CachedAnswers } from '../caching/cached-answers.js';

/** Revokes a token: from now on it authenticates nothing, on every instance. */
export class RevokeToken {
  constructor(
    private readonly tokens: TokenStore,
    private readonly answers: CachedAnswers,
  ) {}

  async execute(tokenId: string): Promise<void> {
    const removed = await this.tokens.delete(tokenId);
    if (removed === undefined) throw new DomainError('TOKEN_NOT_FOUND', 'No token has this id.');
    await this.answers.invalidate([tokenCacheKey(removed.hash)]);
  }
}
