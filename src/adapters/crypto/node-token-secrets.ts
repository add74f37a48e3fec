import { createHash, randomBytes } from 'node:crypto';
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

  hash(secret: string): string {
    return createHash('sha256').update(secret, 'utf8').digest('hex');
  }
}
