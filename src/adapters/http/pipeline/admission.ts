import type { IncomingMessage } from 'node:http';
import type { AdmitRequest, Admitted } from '../../../application/auth/admit-request.js';
import { hasScope, PUBLISHABLE_PREFIX, type Principal } from '../../../domain/auth/api-token.js';
import type { Scope } from '../../../domain/auth/scopes.js';
import { DomainError, RateLimitedError, type QuotaReport } from '../../../domain/shared/errors.js';
import { clientAddress } from './client-address.js';
import type { Exchange } from './reply.js';

/** A publishable key given in a URL's `key` parameter; anything else there is no token. */
export function publishableKeyIn(queryKey: unknown): string | undefined {
  return typeof queryKey === 'string' && queryKey.startsWith(PUBLISHABLE_PREFIX) ? queryKey : undefined;
}

/** What a route needs of a token: a scope, or any token that authenticates (`ANY_SCOPE`). */
export const ANY_SCOPE = 'any scope';
export type TokenNeed = Scope | typeof ANY_SCOPE;

/** The header an application token comes in. */
export const TOKEN_HEADER = 'X-Service-APP-Token';

/**
 * Lets a request in before anything else about it is looked at, so a bad body without a token is
 * still a 401: a token, known and within its quota (else 401 or 429, see AdmitRequest), then the
 * route's scope (403). The exchange learns the caller's quota as soon as it is counted, so every
 * answer from then on tells it, a 403 included.
 */
export class Admission {
  constructor(
    private readonly admit: AdmitRequest,
    private readonly trustedProxies: number,
    /** Told of every request a rate limit refused, by which limit (for the metrics). */
    private readonly refused: (limit: QuotaReport['policy']) => void,
  ) {}

  /**
   * `queryKey`: the `key` query parameter of a route called from web pages, taken when the header
   * holds no token and only if it is a publishable key (a secret token never travels in a URL).
   */
  /** Whether the page a CORS preflight comes from may call a route of `scope` with the publishable key in its `key` parameter. */
  allowsPage(req: IncomingMessage, scope: Scope, queryKey: unknown): Promise<boolean> {
    const origin = req.headers.origin;
    const secret = publishableKeyIn(queryKey);
    if (typeof origin !== 'string' || secret === undefined) return Promise.resolve(false);
    return this.admit.allowsPage({ secret, client: clientAddress(req, this.trustedProxies), origin }, scope);
  }

  enter(req: IncomingMessage, scope: TokenNeed, exchange: Exchange, queryKey?: unknown): Promise<Principal> {
    const token = req.headers['x-service-app-token'];
    const origin = req.headers.origin;
    const admitting = this.admit.execute({
      secret: typeof token === 'string' && token !== '' ? token : publishableKeyIn(queryKey),
      client: clientAddress(req, this.trustedProxies),
      origin: typeof origin === 'string' && origin !== '' && origin !== 'null' ? origin : undefined,
    });
    return admitting.then(
      (admitted) => this.let(admitted, scope, exchange),
      (error: unknown) => {
        throw this.refusal(error);
      },
    );
  }

  /**
   * `enter` decided at once when it can be: a secret token in its header, at hand, whose count needs
   * no waiting (a refusal thrown); else undefined, nothing done (`enter` then admits the request).
   */
  enterAtOnce(req: IncomingMessage, scope: TokenNeed, exchange: Exchange): Principal | undefined {
    const token = req.headers['x-service-app-token'];
    if (typeof token !== 'string' || token === '') return undefined;
    let admitted: Admitted | undefined;
    try {
      admitted = this.admit.executeAtOnce(token);
    } catch (error) {
      throw this.refusal(error);
    }
    return admitted === undefined ? undefined : this.let(admitted, scope, exchange);
  }

  /** An admitted request: its quota told from now on, then its scope checked (403). */
  private let(admitted: Admitted, scope: TokenNeed, exchange: Exchange): Principal {
    exchange.quota = admitted.quota;
    if (scope !== ANY_SCOPE && !hasScope(admitted.principal, scope))
      throw new DomainError('FORBIDDEN', `This token lacks the ${scope} scope.`);
    exchange.principal = admitted.principal;
    return admitted.principal;
  }

  /** A refusal, told to the metrics when a rate limit made it. */
  private refusal(error: unknown): unknown {
    if (error instanceof RateLimitedError) this.refused(error.quota.policy);
    return error;
  }
}
