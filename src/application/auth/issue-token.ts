import type { Clock } from '../../domain/shared/clock.js';
import { ValidationError, type ValidationIssue } from '../../domain/shared/errors.js';
import { PUBLISHABLE_SCOPES, type ApiToken, type TokenKind } from '../../domain/auth/api-token.js';
import { allowedOriginsOf } from '../../domain/auth/origins.js';
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
  /** Absent: a secret token. */
  readonly kind?: TokenKind | undefined;
  /** A publishable key's web origins (required for one, refused for a secret token). */
  readonly allowedOrigins?: readonly string[] | undefined;
}

export const MAX_TOKEN_NAME_LENGTH = 100;

/**
 * Creates a token. Its secret is in the answer and nowhere else: only its hash is stored. A
 * publishable key holds exactly PUBLISHABLE_SCOPES (given or left out) and lists its web origins.
 */
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
    const kind = command.kind ?? 'secret';
    const scopes = kind === 'publishable' && command.scopes.length === 0 ? PUBLISHABLE_SCOPES : command.scopes;
    if (scopes.length === 0) issues.push({ path: 'scopes', message: 'must name at least one scope' });
    scopes.forEach((scope, i) => {
      if (!isScope(scope)) issues.push({ path: `scopes.${i}`, message: `must be one of ${SCOPES.join(', ')}` });
      else if (kind === 'publishable' && !PUBLISHABLE_SCOPES.includes(scope)) {
        issues.push({ path: `scopes.${i}`, message: `a publishable key may only hold ${PUBLISHABLE_SCOPES.join(', ')}` });
      }
    });
    let allowedOrigins: readonly string[] | undefined;
    if (kind === 'publishable') {
      const checked = allowedOriginsOf(command.allowedOrigins ?? [], 'allowedOrigins');
      issues.push(...checked.issues);
      allowedOrigins = checked.origins;
    } else if (command.allowedOrigins !== undefined) {
      issues.push({ path: 'allowedOrigins', message: 'only a publishable key (kind "publishable") lists allowed origins' });
    }
    if (command.expiresAt !== undefined && !(command.expiresAt.getTime() > now.getTime())) {
      issues.push({ path: 'expiresAt', message: 'must be in the future' });
    }
    if (command.rateLimit !== undefined) issues.push(...rateLimitIssues(command.rateLimit, 'rateLimit'));
    if (issues.length > 0) throw new ValidationError(issues);

    const secret = this.secrets.generateSecret(kind);
    const token: ApiToken = {
      id: this.secrets.generateId(),
      name,
      scopes: [...new Set(scopes as readonly Scope[])],
      createdAt: now,
      expiresAt: command.expiresAt,
      rateLimit: command.rateLimit === undefined ? undefined : { ...command.rateLimit },
      hash: this.secrets.hash(secret),
      ...(kind === 'publishable' ? { kind, allowedOrigins } : {}),
    };
    await this.tokens.add(token);
    return { token, secret };
  }
}
