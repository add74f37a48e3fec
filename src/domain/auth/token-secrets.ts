import { token } from '../shared/token.js';
import type { TokenKind } from './api-token.js';

/** Randomness and hashing for tokens, kept behind a port so the domain does no cryptography itself. */
export interface TokenSecrets {
  /** A new secret: the kind's prefix (`vtr_`, or `vtp_` for a publishable key) and at least 32 random bytes. */
  generateSecret(kind?: TokenKind): string;
  /** A new token id, unique and not secret. */
  generateId(): string;
  /** The hash a secret is stored and looked up by. */
  hash(secret: string): string;
}

export const TokenSecretsToken = token<TokenSecrets>('TokenSecrets');
