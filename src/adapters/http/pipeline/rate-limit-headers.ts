import type { QuotaReport } from '../../../domain/shared/errors.js';

/**
 * The RateLimit header fields of draft-ietf-httpapi-ratelimit-headers: the policy that applies
 * (`"token";q=1000;w=60`: 1000 requests a minute) and what is left of it (`"token";r=998;t=42`:
 * 998 more in the 42 seconds until the window restarts).
 */
export function setRateLimitHeaders(headers: Record<string, string>, quota: QuotaReport): void {
  headers['RateLimit-Policy'] = policyOf(quota);
  headers.RateLimit = remainingOf(quota);
}

/** The same fields, added to a flat list of header names and values. */
export function pushRateLimitHeaders(headers: string[], quota: QuotaReport): void {
  headers.push('RateLimit-Policy', policyOf(quota), 'RateLimit', remainingOf(quota));
}

function remainingOf(quota: QuotaReport): string {
  return `"${quota.policy}";r=${Math.max(0, quota.remaining)};t=${quota.resetSeconds}`;
}

/** The policy text of each limit, made once: it is the same on every answer. */
const policies = new Map<string, Map<number, Map<number, string>>>();

function policyOf({ policy, requests, windowSeconds }: QuotaReport): string {
  let byRequests = policies.get(policy);
  if (byRequests === undefined) policies.set(policy, (byRequests = new Map()));
  let byWindow = byRequests.get(requests);
  if (byWindow === undefined) byRequests.set(requests, (byWindow = new Map()));
  let text = byWindow.get(windowSeconds);
  if (text === undefined) byWindow.set(windowSeconds, (text = `"${policy}";q=${requests};w=${windowSeconds}`));
  return text;
}
