import { hasScope, isPublishable, mayCallFrom, type Principal } from '../../domain/auth/api-token.js';
import type { Scope } from '../../domain/auth/scopes.js';
import type { RateLimit } from '../../domain/auth/rate-limit.js';
import { DomainError, RateLimitedError, type QuotaReport } from '../../domain/shared/errors.js';
import type { AuthenticateToken } from './authenticate-token.js';
import type { QuotaState, RequestLimiter } from '../../domain/auth/request-limiter.js';
import type { RateLimitSettings } from './rate-limit-settings.js';

export interface AdmissionRequest {
  /** The secret the caller presented, if any. */
  readonly secret: string | undefined;
  /** Where the request comes from, as far as it can be told (the client address). */
  readonly client: string;
  /** The web page's origin the request says it comes from (the Origin header), if any. */
  readonly origin?: string | undefined;
}

export interface Admitted {
  readonly principal: Principal;
  /** The token's quota after this request; absent when tokens are not limited. */
  readonly quota?: QuotaReport | undefined;
}

/**
 * Lets a request in or refuses it, before anything about it is looked at: a token that
 * authenticates is admitted within its quota (its own or the default; else 429), whatever its
 * client address did; a missing or unknown token is refused (401) and counted against the address,
 * and once an address has made more than its failed authentications in the window, its failing
 * attempts are refused with 429. Every admitted request counts against its token's quota. A
 * publishable key is admitted only with an Origin it lists (else 403), and within its client
 * address's share (PUBLISHABLE_ADDRESS_LIMIT, else 429) besides the key's quota.
 */
export class AdmitRequest {
  private readonly tokenBuckets = new WeakMap<Principal, string>();

  constructor(
    private readonly authenticate: AuthenticateToken,
    private readonly limiter: RequestLimiter,
    private readonly settings: RateLimitSettings,
  ) {}

  /**
   * A request whose token is at hand waits for nothing but the count of its quota, whatever its
   * address did: a token that authenticates is never refused for its neighbours' failures.
   */
  async execute({ secret, client, origin }: AdmissionRequest): Promise<Admitted> {
    const principal = this.authenticate.peek(secret) ?? (await this.authenticated(secret, client));
    if (!isPublishable(principal)) return this.count(principal);
    if (!mayCallFrom(principal, origin)) {
      throw new DomainError(
        'FORBIDDEN',
        origin === undefined
          ? 'A publishable key is used from the web pages of its allowed origins: this request has no Origin header.'
          : `This publishable key is not allowed from ${origin}; add the origin to the key's allowedOrigins (a new key).`,
      );
    }
    await this.countAddress(principal, client);
    return this.count(principal);
  }

  /**
   * The admission of a request whose secret token is at hand and whose count needs no waiting (see
   * RequestLimiter.consumeAtOnce), at once, a refusal thrown as `execute` would reject it; else
   * undefined, nothing counted (`execute` then decides).
   */
  executeAtOnce(secret: string | undefined): Admitted | undefined {
    const principal = this.authenticate.peek(secret);
    if (principal === undefined || isPublishable(principal)) return undefined;
    const limit = principal.rateLimit ?? this.settings.perToken;
    if (limit === undefined) return { principal };
    const state = this.limiter.consumeAtOnce?.(this.tokenBucketOf(principal), limit);
    return state === undefined ? undefined : this.within(principal, limit, state);
  }

  /**
   * The token is not at hand: look it up. A refusal counts against the client address;
   * an address that made more than its failed authentications in the window has its failing
   * attempts answered 429 instead of 401 (a token that authenticates still passes).
   */
  private async authenticated(secret: string | undefined, client: string): Promise<Principal> {
    try {
      return await this.authenticate.execute(secret);
    } catch (error) {
      const failures = this.settings.failedAuthentications;
      if (failures !== undefined && error instanceof DomainError && error.code === 'UNAUTHORIZED') {
        await this.failed(failureBucketOf(client), failures);
      }
      throw error;
    }
  }

  /**
   * Whether a web page of `origin` may send the route's requests with this publishable key (a CORS
   * preflight): the key authenticates, is publishable, holds the scope and lists the origin. Counts
   * nothing against the key; an unknown key counts as a failed authentication of the address.
   */
  async allowsPage({ secret, client, origin }: AdmissionRequest, scope: Scope): Promise<boolean> {
    let principal = this.authenticate.peek(secret);
    if (principal === undefined) {
      try {
        principal = await this.authenticated(secret, client);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'UNAUTHORIZED') return false;
        throw error;
      }
    }
    return isPublishable(principal) && hasScope(principal, scope) && origin !== undefined && mayCallFrom(principal, origin);
  }

  /** Counts a publishable key's request against its client address's share (PUBLISHABLE_ADDRESS_LIMIT). */
  private async countAddress(principal: Principal, client: string): Promise<void> {
    const limit = this.settings.perPublishableAddress;
    if (limit === undefined) return;
    const state = await this.limiter.consume(`publishable:${principal.tokenId}:${client}`, limit);
    const quota = report('publishable-address', limit, state);
    if (quota.remaining < 0) {
      throw new RateLimitedError('This address sent more with this publishable key than it may; try again later.', {
        ...quota,
        remaining: 0,
      });
    }
  }

  /**
   * Counts a failed authentication. Once the address has made more than its limit in the window,
   * its next failing attempts are refused (429): at once when this process knows it, else when the
   * (shared) count says the address was past its limit before this attempt.
   */
  private async failed(bucket: string, failures: RateLimit): Promise<void> {
    const known = this.limiter.knownOver(bucket, failures);
    const state = known ?? (await this.limiter.consume(bucket, failures));
    if (known !== undefined || state.consumed > failures.requests + 1) {
      throw new RateLimitedError(
        'Too many failed authentications from this address; try again later.',
        report('failed-authentications', failures, state),
      );
    }
  }

  /** Counts the request against the token's quota: its own limit, or the default. */
  private count(principal: Principal): Promise<Admitted> {
    const limit = principal.rateLimit ?? this.settings.perToken;
    if (limit === undefined) return Promise.resolve({ principal });
    return this.limiter.consume(this.tokenBucketOf(principal), limit).then((state) => this.within(principal, limit, state));
  }

  /** A principal's quota bucket, named once (a kept principal is the same object on every request). */
  private tokenBucketOf(principal: Principal): string {
    let bucket = this.tokenBuckets.get(principal);
    if (bucket === undefined) this.tokenBuckets.set(principal, (bucket = `token:${principal.tokenId}`));
    return bucket;
  }

  /** A token's request counted: admitted with its quota, or refused (429) past its limit. */
  private within(principal: Principal, limit: RateLimit, state: QuotaState): Admitted {
    const quota = report('token', limit, state);
    if (quota.remaining < 0) {
      throw new RateLimitedError('This token made more requests than its rate limit allows; try again later.', {
        ...quota,
        remaining: 0,
      });
    }
    return { principal, quota };
  }
}

function failureBucketOf(client: string): string {
  return `failed-authentications:${client}`;
}

/** Where a bucket stands, as the RateLimit headers tell it: `remaining` is below 0 once over. */
function report(policy: QuotaReport['policy'], limit: RateLimit, state: QuotaState): QuotaReport {
  return {
    policy,
    requests: limit.requests,
    windowSeconds: limit.windowSeconds,
    remaining: limit.requests - state.consumed,
    resetSeconds: Math.max(1, Math.ceil(state.resetMs / 1000)),
  };
}
