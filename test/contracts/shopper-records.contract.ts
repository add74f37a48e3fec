import { describe, expect, it } from 'vitest';
import type { ShopperRecordLimits, ShopperRecords } from '../../src/domain/product/shopper-records.js';
import { anEvent, T0 } from '../support/mothers.js';
import { freshStorePerTest, type StoreFixture } from './store-factory.js';

/** One deployment's shopper records, as several instances see them. */
export interface ShopperRecordsFixture extends StoreFixture<ShopperRecords> {
  /** The same records as another instance (another process) sees them. */
  another(): Promise<ShopperRecords>;
  /** Lets `ms` milliseconds pass for the store (a fake clock moved, or real time waited). */
  pass(ms: number): Promise<void>;
}

/** Small limits, so trimming shows with a few events; times to live a real store can be waited out. */
export const CONTRACT_LIMITS: ShopperRecordLimits = Object.freeze({
  eventsPerSession: 3,
  sessionTtlMs: 1_000,
  eventsPerShopper: 4,
  purchasesPerShopper: 2,
  shopperTtlMs: 2_000,
});

const at = (ms: number) => new Date(T0.getTime() + ms);

/** What a record holds of an event. */
const recent = (productId: string, ms: number, type = 'view') => ({ productId, type, at: at(ms) });

/**
 * What every ShopperRecords must do: keep each session's and each shopper's latest events in
 * order, trimmed to the limits given and dropped their time to live after the last event; forget
 * a shopper with the sessions their events named.
 */
export function shopperRecordsContract(
  adapter: string,
  factory: (limits: ShopperRecordLimits) => Promise<ShopperRecordsFixture>,
): void {
  describe(`ShopperRecords contract: ${adapter}`, () => {
    let fixture: ShopperRecordsFixture;
    const records = freshStorePerTest(async () => {
      fixture = await factory(CONTRACT_LIMITS);
      return fixture;
    });

    it("keeps a session's events in order, as every instance reads them", async () => {
      const other = await fixture.another();
      await records().append([
        anEvent({ productId: 'P-1', sessionId: 's-1', at: at(0) }),
        anEvent({ productId: 'P-2', sessionId: 's-1', type: 'add_to_cart', at: at(1_500) }),
        anEvent({ productId: 'P-9', sessionId: 's-2', at: at(2) }),
      ]);
      await records().append([anEvent({ productId: 'ação-ü', sessionId: 's-1', type: 'purchase', at: at(3_000) })]);
      expect(await other.session('s-1')).toEqual([
        recent('P-1', 0),
        recent('P-2', 1_500, 'add_to_cart'),
        recent('ação-ü', 3_000, 'purchase'),
      ]);
      expect(await other.session('s-2')).toEqual([recent('P-9', 2)]);
      expect(await other.session('unknown')).toEqual([]);
      await records().append([]);
    });

    it("keeps a session's latest events only, the oldest dropped first", async () => {
      await records().append([1, 2].map((n) => anEvent({ productId: `P-${n}`, at: at(n) })));
      await records().append([3, 4].map((n) => anEvent({ productId: `P-${n}`, at: at(n) })));
      expect(await records().session('s-1')).toEqual([recent('P-2', 2), recent('P-3', 3), recent('P-4', 4)]);
      await records().append([5, 6, 7, 8].map((n) => anEvent({ productId: `P-${n}`, at: at(n) })));
      expect(await records().session('s-1')).toEqual([recent('P-6', 6), recent('P-7', 7), recent('P-8', 8)]);
    });

    it("drops a session's record its time to live after its last event", async () => {
      const { sessionTtlMs } = CONTRACT_LIMITS;
      await records().append([anEvent({ productId: 'P-1', userId: undefined })]);
      await fixture.pass(sessionTtlMs * 0.6);
      await records().append([anEvent({ productId: 'P-2', userId: undefined })]);
      await fixture.pass(sessionTtlMs * 0.6);
      expect((await records().session('s-1')).map((event) => event.productId)).toEqual(['P-1', 'P-2']);
      await fixture.pass(sessionTtlMs * 0.6);
      expect(await records().session('s-1')).toEqual([]);
      await records().append([anEvent({ productId: 'P-3', userId: undefined })]);
      expect((await records().session('s-1')).map((event) => event.productId)).toEqual(['P-3']);
    });

    it("keeps a shopper's latest events across sessions and what they bought, each once, trimmed", async () => {
      const other = await fixture.another();
      expect(await other.shopper('up_ana')).toBeUndefined();
      await records().append([
        anEvent({ productId: 'P-1', sessionId: 's-1', type: 'purchase', at: at(1) }),
        anEvent({ productId: 'P-2', sessionId: 's-2', at: at(2) }),
        anEvent({ productId: 'P-2', sessionId: 's-2', type: 'purchase', at: at(3) }),
        anEvent({ productId: 'P-9', sessionId: 's-3', userId: 'up_bia', type: 'purchase', at: at(4) }),
      ]);
      expect(await other.shopper('up_ana')).toEqual({
        recent: [recent('P-1', 1, 'purchase'), recent('P-2', 2), recent('P-2', 3, 'purchase')],
        purchased: ['P-1', 'P-2'],
      });
      // Bought again: kept once, as the latest; a new purchase drops the oldest one.
      await records().append([
        anEvent({ productId: 'P-1', sessionId: 's-2', type: 'purchase', at: at(5) }),
        anEvent({ productId: 'P-3', sessionId: 's-2', type: 'purchase', at: at(6) }),
      ]);
      expect(await other.shopper('up_ana')).toEqual({
        recent: [recent('P-2', 2), recent('P-2', 3, 'purchase'), recent('P-1', 5, 'purchase'), recent('P-3', 6, 'purchase')],
        purchased: ['P-1', 'P-3'],
      });
      expect(await other.shopper('up_bia')).toEqual({ recent: [recent('P-9', 4, 'purchase')], purchased: ['P-9'] });
    });

    it("makes a session a shopper's from its start: its events that name nobody, before and after, join their record", async () => {
      const other = await fixture.another();
      await records().append([anEvent({ productId: 'P-1', sessionId: 's-5', userId: undefined, at: at(1) })]);
      await records().append([anEvent({ productId: 'P-2', sessionId: 's-5', userId: undefined, at: at(2) })]);
      expect(await other.shopper('up_ana')).toBeUndefined();
      await records().append([
        anEvent({ productId: 'P-3', sessionId: 's-5', userId: undefined, at: at(3) }),
        anEvent({ productId: 'P-4', sessionId: 's-5', type: 'purchase', at: at(4) }),
      ]);
      await other.append([anEvent({ productId: 'P-5', sessionId: 's-5', userId: undefined, type: 'purchase', at: at(5) })]);
      expect(await records().shopper('up_ana')).toEqual({
        recent: [recent('P-2', 2), recent('P-3', 3), recent('P-4', 4, 'purchase'), recent('P-5', 5, 'purchase')],
        purchased: ['P-4', 'P-5'],
      });
      // Another shopper named later in the session gets their own events, not the session.
      await records().append([anEvent({ productId: 'P-6', sessionId: 's-5', userId: 'up_bia', at: at(6) })]);
      expect(await records().shopper('up_bia')).toEqual({ recent: [recent('P-6', 6)], purchased: [] });
    });

    it("keeps an event in a shopper's record once, in time order, whenever it arrives", async () => {
      await records().append([anEvent({ productId: 'P-2', at: at(2) }), anEvent({ productId: 'P-1', at: at(1) })]);
      await records().append([anEvent({ productId: 'P-2', at: at(2) })]);
      expect((await records().shopper('up_ana'))?.recent).toEqual([recent('P-1', 1), recent('P-2', 2)]);
    });

    it('keeps no shopper record for sessions no event of which names a shopper', async () => {
      await records().append([anEvent({ productId: 'P-1', type: 'purchase', at: at(1) })]);
      await records().append([anEvent({ productId: 'P-2', userId: undefined, type: 'purchase', at: at(2) })]);
      await records().append([anEvent({ productId: 'P-3', sessionId: 's-anon', userId: undefined, at: at(3) })]);
      expect(await records().shopper('up_ana')).toEqual({
        recent: [recent('P-1', 1, 'purchase'), recent('P-2', 2, 'purchase')],
        purchased: ['P-1', 'P-2'],
      });
      expect(await records().session('s-1')).toEqual([recent('P-1', 1, 'purchase'), recent('P-2', 2, 'purchase')]);
      expect(await records().session('s-anon')).toEqual([recent('P-3', 3)]);
      // Nor under a made-up shopper.
      expect(await records().shopper('undefined')).toBeUndefined();
      // A session with no shopper is not forgotten with the shopper who shared none of it.
      await records().erase('up_ana');
      expect(await records().session('s-anon')).toEqual([recent('P-3', 3)]);
    });

    it("drops a shopper's record its time to live after their last event, apart from their sessions'", async () => {
      const { sessionTtlMs, shopperTtlMs } = CONTRACT_LIMITS;
      await records().append([anEvent({ productId: 'P-1', sessionId: 's-1', type: 'purchase', at: at(1) })]);
      await fixture.pass(sessionTtlMs * 1.2);
      expect(await records().session('s-1')).toEqual([]);
      expect(await records().shopper('up_ana')).toEqual({ recent: [recent('P-1', 1, 'purchase')], purchased: ['P-1'] });
      await records().append([anEvent({ productId: 'P-2', sessionId: 's-2', at: at(2) })]);
      await fixture.pass(shopperTtlMs * 0.6);
      // Past the first event's time to live, within the last one's.
      expect((await records().shopper('up_ana'))?.recent.map((event) => event.productId)).toEqual(['P-1', 'P-2']);
      await fixture.pass(shopperTtlMs * 0.5);
      expect(await records().shopper('up_ana')).toBeUndefined();
      await records().append([anEvent({ productId: 'P-3', sessionId: 's-3', at: at(3) })]);
      expect(await records().shopper('up_ana')).toEqual({ recent: [recent('P-3', 3)], purchased: [] });
    });

    it('forgets a shopper and every session their events named, and no one else', async () => {
      const other = await fixture.another();
      await records().append([
        anEvent({ productId: 'P-1', sessionId: 's-1', at: at(1) }),
        anEvent({ productId: 'P-2', sessionId: 's-2', type: 'purchase', at: at(2) }),
        anEvent({ productId: 'P-3', sessionId: 's-2', userId: undefined, at: at(3) }),
        anEvent({ productId: 'P-4', sessionId: 's-3', userId: 'up_bia', at: at(4) }),
        anEvent({ productId: 'P-5', sessionId: 's-4', userId: undefined, at: at(5) }),
      ]);
      await other.erase('up_ana');
      expect(await records().shopper('up_ana')).toBeUndefined();
      expect(await records().session('s-1')).toEqual([]);
      expect(await records().session('s-2')).toEqual([]);
      expect(await records().shopper('up_bia')).toEqual({ recent: [recent('P-4', 4)], purchased: [] });
      expect(await records().session('s-3')).toEqual([recent('P-4', 4)]);
      expect(await records().session('s-4')).toEqual([recent('P-5', 5)]);
      await other.erase('unknown');
      await records().append([anEvent({ productId: 'P-6', sessionId: 's-1', at: at(6) })]);
      expect(await records().shopper('up_ana')).toEqual({ recent: [recent('P-6', 6)], purchased: [] });
    });
  });
}
