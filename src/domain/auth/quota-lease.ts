import type { RateLimit } from './rate-limit.js';

/**
 * How an instance takes a share of a quota that every instance counts against (a lease): it asks
 * the shared count for a number of requests of the current window at once, spends them in its own
 * memory, and asks for more before they run out. The shared count never grants past the limit, so
 * all the instances together admit at most the limit in a window; what a lease costs instead is
 * the requests one instance holds and another could have used (at most one lease per instance).
 */
export interface QuotaLeasePolicy {
  /** At most this share of a limit in one lease, so that instances holding leases leave some to the others. */
  readonly shareOfLimit: number;
  /** At most this many requests in one lease, whatever the limit. */
  readonly maxLease: number;
  /** A lease is sized to last about this long at the rate its bucket was spent at lately. */
  readonly leadMs: number;
  /** More is asked for (in the background) once what is left of a lease falls to this share of it. */
  readonly refillAt: number;
}

export const DEFAULT_QUOTA_LEASE_POLICY: QuotaLeasePolicy = {
  shareOfLimit: 1 / 32,
  maxLease: 10_000,
  leadMs: 250,
  refillAt: 1 / 2,
};

/**
 * How many requests to ask for: enough for `leadMs` at the rate lately seen (requests a second),
 * at least one and the requests already waiting, at most the lease cap of the limit (or the
 * waiting requests, when more are waiting than the cap: they are asked for at once).
 */
export function leaseSize(
  limit: RateLimit,
  ratePerSecond: number,
  waiting: number,
  policy: QuotaLeasePolicy = DEFAULT_QUOTA_LEASE_POLICY,
): number {
  const cap = leaseCap(limit, policy);
  const forRate = Number.isFinite(ratePerSecond) ? Math.ceil((ratePerSecond * policy.leadMs) / 1000) : cap;
  return Math.min(limit.requests, Math.max(waiting, Math.min(cap, Math.max(1, forRate))));
}

/** The most one lease of `limit` holds: its share of the limit, at least one, at most `maxLease`. */
export function leaseCap(limit: RateLimit, policy: QuotaLeasePolicy = DEFAULT_QUOTA_LEASE_POLICY): number {
  return Math.min(policy.maxLease, Math.max(1, Math.floor(limit.requests * policy.shareOfLimit)));
}

/** Whether to ask for more now: `left` of a lease of `size` requests is down to its refill share. */
export function refillDue(left: number, size: number, policy: QuotaLeasePolicy = DEFAULT_QUOTA_LEASE_POLICY): boolean {
  return left <= Math.floor(size * policy.refillAt);
}
