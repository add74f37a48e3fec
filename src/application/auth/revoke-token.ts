import { DomainError } from '../../domain/shared/errors.js';
import type { TokenStore } from '../../domain/auth/token-store.js';

/** Revokes a token: from now on it authenticates nothing. */
export class RevokeToken {
  constructor(private readonly tokens: TokenStore) {}

  async execute(tokenId: string): Promise<void> {
    if ((await this.tokens.delete(tokenId)) === undefined) throw new DomainError('TOKEN_NOT_FOUND', 'No token has this id.');
  }
}
