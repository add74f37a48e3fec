import { describe, expect, it } from 'vitest';
import { DEFAULT_QUOTA_LEASE_POLICY, leaseCap, leaseSize, refillDue } from '../../src/domain/auth/quota-lease.js';

const policy = DEFAULT_QUOTA_LEASE_POLICY;

describe('quota leases', () => {
  it('caps a lease at its share of the limit, at least one request and at most maxLease', () => {
    expect(leaseCap({ requests: 3, windowSeconds: 60 })).toBe(1);
    expect(leaseCap({ requests: 600, windowSeconds: 1 })).toBe(18);
    expect(leaseCap({ requests: 1_000_000_000, windowSeconds: 1 })).toBe(policy.maxLease);
  });

  it('sizes a lease to last leadMs at the rate lately seen, within the cap', () => {
    const limit = { requests: 100_000, windowSeconds: 1 };
    expect(leaseSize(limit, 0, 0)).toBe(1);
    expect(leaseSize(limit, 1_000, 0)).toBe(250);
    expect(leaseSize(limit, 1_000_000, 0)).toBe(leaseCap(limit));
    expect(leaseSize(limit, Number.POSITIVE_INFINITY, 0)).toBe(leaseCap(limit));
  });

  it('asks for every request already waiting at once, never more than the limit', () => {
    expect(leaseSize({ requests: 100_000, windowSeconds: 1 }, 0, 40)).toBe(40);
    expect(leaseSize({ requests: 600, windowSeconds: 1 }, 0, 50)).toBe(50);
    expect(leaseSize({ requests: 10, windowSeconds: 1 }, 0, 50)).toBe(10);
  });

  it('asks for more once a lease is down to its refill share', () => {
    expect(refillDue(51, 100)).toBe(false);
    expect(refillDue(50, 100)).toBe(true);
    expect(refillDue(0, 1)).toBe(true);
    expect(refillDue(1, 1)).toBe(false);
  });
});
