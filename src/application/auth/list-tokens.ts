import type { ApiToken } from '../../domain/auth/api-token.js';
import type { TokenStore } from '../../domain/auth/token-store.js';

export class ListTokens {
  constructor(private readonly tokens: TokenStore) {}

  async execute(): Promise<readonly ApiToken[]> {
    return this.tokens.list();
  }
}
