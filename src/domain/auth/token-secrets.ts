import { token } from '../shared/token.js';

/** Randomness and hashing for tokens, kept behind a port so the domain does no cryptography itself. */
export interface TokenSecrets {
  /** A new secret: the `vtr_` prefix and at least 32 random bytes. */
  generateSecret(): string;
  /** A new token id, unique and not secret. */
  generateId(): string;
  /** The hash a secret is stored and looked up by. */
  hash(secret: string): string;
}

export const TokenSecretsToken = token<TokenSecrets>('TokenSecrets');
