import type { RateLimit } from '../../domain/auth/rate-limit.js';
import { token } from '../../domain/shared/token.js';

/** The rate limits the service admits requests under (from the configuration). */
export interface RateLimitSettings {
  /** Every token's limit unless it has its own (RATE_LIMIT); undefined: no limit. */
  readonly perToken: RateLimit | undefined;
  /** Failed authentications a client address may make (AUTH_FAILURE_LIMIT); undefined: no limit. */
  readonly failedAuthentications: RateLimit | undefined;
  /**
   * What one client address may send with one publishable key (PUBLISHABLE_ADDRESS_LIMIT), besides
   * the key's own quota, so one page (or one abuser) cannot spend the key for every shopper; undefined: no limit.
   */
  readonly perPublishableAddress?: RateLimit | undefined;
}

export const RateLimitSettingsToken = token<RateLimitSettings>('RateLimitSettings');
