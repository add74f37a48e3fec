import type { Clock } from '../../domain/shared/clock.js';
import { SCOPES } from '../../domain/auth/scopes.js';
import type { TokenSecrets } from '../../domain/auth/token-secrets.js';
import type { TokenStore } from '../../domain/auth/token-store.js';

export const BOOTSTRAP_TOKEN_NAME = 'bootstrap-admin';

/**
 * Makes sure someone can administer a new instance. With a configured secret, a token with that
 * secret and every scope exists afterwards. Without one, and only when the store holds no token at
 * all, a token with every scope is created and its secret answered, to be shown once.
 */
export class EnsureBootstrapToken {
  constructor(
    private readonly tokens: TokenStore,
    private readonly secrets: TokenSecrets,
    private readonly clock: Clock,
  ) {}

  async execute(configuredSecret: string | undefined): Promise<{ generatedSecret?: string }> {
    if (configuredSecret !== undefined) {
      const hash = this.secrets.hash(configuredSecret);
      if ((await this.tokens.findByHash(hash)) === undefined) await this.add(hash);
      return {};
    }
    if ((await this.tokens.count()) > 0) return {};
    const secret = this.secrets.generateSecret();
    await this.add(this.secrets.hash(secret));
    return { generatedSecret: secret };
  }

  private add(hash: string): Promise<void> {
    return this.tokens.add({
      id: this.secrets.generateId(),
      name: BOOTSTRAP_TOKEN_NAME,
      scopes: [...SCOPES],
      createdAt: this.clock.now(),
      hash,
    });
  }
}
