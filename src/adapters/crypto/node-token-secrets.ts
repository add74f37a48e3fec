import { hash, randomBytes } from 'node:crypto';
import { PUBLISHABLE_PREFIX, TOKEN_PREFIX, type TokenKind } from '../../domain/auth/api-token.js';
import type { TokenSecrets } from '../../domain/auth/token-secrets.js';

let idCounter = 0;

/** Token secrets from the operating system's random source, stored as SHA-256 hashes. */
export class NodeTokenSecrets implements TokenSecrets {
  generateSecret(kind: TokenKind = 'secret'): string {
    return `${kind === 'publishable' ? PUBLISHABLE_PREFIX : TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  }

  /**
   * Ids in increasing order within a process (the time, a counter, then randomness), so that
   * tokens created in the same millisecond list in the order they were created, in any store.
   */
  generateId(): string {
    const time = Date.now().toString(16).padStart(12, '0');
    idCounter = (idCounter + 1) % 0x1000000;
    return `tok_${time}${idCounter.toString(16).padStart(6, '0')}${randomBytes(6).toString('hex')}`;
  }

  /** One-shot hashing: every request hashes its token, and this makes no Hash object for the collector to clean up. */
  hash(secret: string): string {
    return hash('sha256', secret, 'hex');
  }
}
