import type { Clock } from '../../domain/shared/clock.js';
import { ValidationError, type ValidationIssue } from '../../domain/shared/errors.js';
import type { ApiToken } from '../../domain/auth/api-token.js';
import { rateLimitIssues, type RateLimit } from '../../domain/auth/rate-limit.js';
import { isScope, SCOPES, type Scope } from '../../domain/auth/scopes.js';
import type { TokenSecrets } from '../../domain/auth/token-secrets.js';
import type { TokenStore } from '../../domain/auth/token-store.js';

export interface IssueTokenCommand {
  readonly name: string;
  readonly scopes: readonly string[];
  readonly expiresAt?: Date | undefined;
  /** The token's own rate limit; absent: the default applies. */
  readonly rateLimit?: RateLimit | undefined;
}

export const MAX_TOKEN_NAME_LENGTH = 100;

/** Creates a token. Its secret is in the answer and nowhere else: only its hash is stored. */
export class IssueToken {
  constructor(
    private readonly tokens: TokenStore,
    private readonly secrets: TokenSecrets,
    private readonly clock: Clock,
  ) {}

  async execute(command: IssueTokenCommand): Promise<{ token: ApiToken; secret: string }> {
    const now = this.clock.now();
    const issues: ValidationIssue[] = [];
    const name = command.name.trim();
    if (name.length === 0 || name.length > MAX_TOKEN_NAME_LENGTH) {
      issues.push({ path: 'name', message: `must be 1 to ${MAX_TOKEN_NAME_LENGTH} characters` });
    }
    if (command.scopes.length === 0) issues.push({ path: 'scopes', message: 'must name at least one scope' });
    command.scopes.forEach((scope, i) => {
      if (!isScope(scope)) issues.push({ path: `scopes.${i}`, message: `must be one of ${SCOPES.join(', ')}` });
    });
    if (command.expiresAt !== undefined && !(command.expiresAt.getTime() > now.getTime())) {
      issues.push({ path: 'expiresAt', message: 'must be in the future' });
    }
    if (command.rateLimit !== undefined) issues.push(...rateLimitIssues(command.rateLimit, 'rateLimit'));
    if (issues.length > 0) throw new ValidationError(issues);

    const secret = this.secrets.generateSecret();
    const token: ApiToken = {
      id: this.secrets.generateId(),
      name,
      scopes: [...new Set(command.scopes as readonly Scope[])],
      createdAt: now,
      expiresAt: command.expiresAt,
      rateLimit: command.rateLimit === undefined ? undefined : { ...command.rateLimit },
      hash: this.secrets.hash(secret),
    };
    await this.tokens.add(token);
    return { token, secret };
  }
}
