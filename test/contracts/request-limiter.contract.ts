import { describe, expect, it } from 'vitest';
import type { RequestLimiter } from '../../src/domain/auth/request-limiter.js';
import { freshStorePerTest, type StoreFactory } from './store-factory.js';

const MINUTE = { requests: 3, windowSeconds: 60 };

/** What every RequestLimiter must do: count per bucket and per limit, tell where a bucket stands, never count a peek. */
export function requestLimiterContract(adapter: string, factory: StoreFactory<RequestLimiter>): void {
  describe(`RequestLimiter contract: ${adapter}`, () => {
    const limiter = freshStorePerTest(factory);

    it('counts each request in the window, past the limit too, and says when the window restarts', async () => {
      const counts = [];
      for (let i = 0; i < 4; i++) counts.push((await limiter().consume('token:a', MINUTE)).consumed);
      expect(counts).toEqual([1, 2, 3, 4]);
      const { resetMs } = await limiter().consume('token:a', MINUTE);
      expect(resetMs).toBeGreaterThan(0);
      expect(resetMs).toBeLessThanOrEqual(60_000);
    });

    it('keeps buckets apart, and limits apart', async () => {
      await limiter().consume('token:a', MINUTE);
      await limiter().consume('token:a', MINUTE);
      expect((await limiter().consume('token:b', MINUTE)).consumed).toBe(1);
      expect((await limiter().consume('token:a', { requests: 10, windowSeconds: 60 })).consumed).toBe(1);
    });

    it('knows, at once and counting nothing, a bucket it found over its limit (more than its requests), and only that', async () => {
      expect(limiter().knownOver('address:x', MINUTE)).toBeUndefined();
      for (let i = 0; i < 3; i++) await limiter().consume('address:x', MINUTE);
      // At its limit, not over it.
      expect(limiter().knownOver('address:x', MINUTE)).toBeUndefined();
      await limiter().consume('address:x', MINUTE);
      const known = limiter().knownOver('address:x', MINUTE);
      expect(known?.consumed).toBe(4);
      expect(known?.resetMs).toBeGreaterThan(0);
      expect(known?.resetMs).toBeLessThanOrEqual(60_000);
      expect(limiter().knownOver('address:x', { requests: 10, windowSeconds: 60 })).toBeUndefined();
      expect(limiter().knownOver('address:y', MINUTE)).toBeUndefined();
      expect((await limiter().consume('address:x', MINUTE)).consumed).toBe(5);
    });
  });
}
