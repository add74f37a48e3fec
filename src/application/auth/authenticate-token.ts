import type { Clock } from '../../domain/shared/clock.js';
import { DomainError } from '../../domain/shared/errors.js';
import { isUsableAt, type Principal } from '../../domain/auth/api-token.js';
import type { TokenSecrets } from '../../domain/auth/token-secrets.js';
import type { TokenStore } from '../../domain/auth/token-store.js';

/** Longer than any token we issue or accept; longer input is refused without hashing it. */
const MAX_SECRET_LENGTH = 512;

/**
 * Turns the secret a caller presents into the principal it stands for. Missing, unknown, expired
 * and revoked secrets fail alike, so the answer says nothing about which it was.
 */
export class AuthenticateToken {
  constructor(
    private readonly tokens: TokenStore,
    private readonly secrets: TokenSecrets,
    private readonly clock: Clock,
  ) {}

  async execute(secret: string | undefined): Promise<Principal> {
    if (secret === undefined || secret.length === 0 || secret.length > MAX_SECRET_LENGTH) throw unauthorized();
    const token = await this.tokens.findByHash(this.secrets.hash(secret));
    if (token === undefined || !isUsableAt(token, this.clock.now())) throw unauthorized();
    return { tokenId: token.id, name: token.name, scopes: new Set(token.scopes) };
  }
}

function unauthorized(): DomainError {
  return new DomainError('UNAUTHORIZED', 'A valid application token is required in the X-Service-APP-Token header.');
}
