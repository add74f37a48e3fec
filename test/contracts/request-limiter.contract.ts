import { describe, expect, it } from 'vitest';
import type { RequestLimiter } from '../../src/application/auth/request-limiter.js';
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

    it('answers where a bucket stands without counting: nothing for an untouched one, over for one that went over', async () => {
      expect((await limiter().peek('address:x', MINUTE)).consumed).toBe(0);
      for (let i = 0; i < 3; i++) await limiter().consume('address:x', MINUTE);
      const peeked = await limiter().peek('address:x', MINUTE);
      expect(peeked.consumed).toBeGreaterThanOrEqual(MINUTE.requests);
      expect(peeked.resetMs).toBeGreaterThan(0);
      await limiter().peek('address:x', MINUTE);
      expect((await limiter().consume('address:x', MINUTE)).consumed).toBe(4);
    });
  });
}
