import { hash, randomBytes } from 'node:crypto';
import { TOKEN_PREFIX } from '../../domain/auth/api-token.js';
import type { TokenSecrets } from '../../domain/auth/token-secrets.js';

/** Token secrets from the operating system's random source, stored as SHA-256 hashes. */
export class NodeTokenSecrets implements TokenSecrets {
  generateSecret(): string {
    return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  }

  generateId(): string {
    return `tok_${randomBytes(12).toString('hex')}`;
  }

  /** One-shot hashing: every request hashes its token, and this makes no Hash object for the collector to clean up. */
  hash(secret: string): string {
    return hash('sha256', secret, 'hex');
  }
}
