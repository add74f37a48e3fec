import type { ApiToken } from '../../domain/auth/api-token.js';
import type { TokenStore } from '../../domain/auth/token-store.js';
import { DomainError } from '../../domain/shared/errors.js';

/** The token a caller authenticated with, as stored: who is signed in, with which scopes, until when. */
export class GetOwnToken {
  constructor(private readonly tokens: TokenStore) {}

  async execute(tokenId: string): Promise<ApiToken> {
    const token = await this.tokens.get(tokenId);
    // Revoked between its admission and this read.
    if (token === undefined)
      throw new DomainError('UNAUTHORIZED', 'A valid application token is required in the X-Service-APP-Token header.');
    return token;
  }
}
