import type { QuotaReport } from '../../domain/shared/errors.js';

/**
 * The RateLimit header fields of draft-ietf-httpapi-ratelimit-headers: the policy that applies
 * (`"token";q=1000;w=60`: 1000 requests a minute) and what is left of it (`"token";r=998;t=42`:
 * 998 more in the 42 seconds until the window restarts).
 */
export function rateLimitHeaders(quota: QuotaReport): { 'RateLimit-Policy': string; RateLimit: string } {
  return {
    'RateLimit-Policy': `"${quota.policy}";q=${quota.requests};w=${quota.windowSeconds}`,
    RateLimit: `"${quota.policy}";r=${Math.max(0, quota.remaining)};t=${quota.resetSeconds}`,
  };
}
