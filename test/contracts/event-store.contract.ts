import { describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../../src/domain/events/event-store.js';
import type { ShopperEvent } from '../../src/domain/events/shopper-event.js';
import { historyOf } from '../support/event-history.js';
import { anEvent } from '../support/mothers.js';
import { freshStorePerTest, type StoreFactory } from './store-factory.js';

/**
 * The instant the suite's events are around: now (to the minute), so that a store whose clock is
 * the real one (MongoDB's TTL monitor) holds them; an adapter with a clock of its own starts it here.
 */
export const EVENTS_CONTRACT_NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);

const minutes = (n: number) => new Date(EVENTS_CONTRACT_NOW.getTime() + n * 60_000);
const event = (overrides: Parameters<typeof anEvent>[0] = {}) => anEvent({ at: EVENTS_CONTRACT_NOW, ...overrides });

/** What a read answers, without the store's own keys. */
const plain = (events: readonly RecordedEvent[]): ShopperEvent[] => events.map(({ key: _key, ...event }) => event);

/**
 * What every EventStore must do, whatever keeps the data. Every event is within the retention; what the retention and a store's bound drop is each
 * adapter's own test (MongoDB's TTL monitor runs once a minute, not at an instant a test can name).
 */
export function eventStoreContract(adapter: string, factory: StoreFactory<EventStore>): void {
  describe(`EventStore contract: ${adapter}`, () => {
    const store = freshStorePerTest(factory);

    it('stores events as given, every field as sent', async () => {
      const events = [
        event({ eventId: 'e1', at: minutes(-30), productId: 'VES-001' }),
        event({ eventId: 'e2', at: minutes(-20), productId: 'SAN-002', type: 'add_to_cart' }),
        event({ at: minutes(-10), productId: 'BOL-003', type: 'recommendation_click', recommendationId: 'rec_1' }),
        event({ eventId: 'e4', at: minutes(-5), productId: 'ACE-005', sessionId: 'other', userId: 'up_bruno' }),
        event({
          eventId: 'e5',
          at: minutes(-4),
          productId: 'ACE-006',
          sessionId: 'web',
          userId: 'up_claimed',
          source: 'browser',
        }),
      ];
      expect(await store().append(events)).toEqual({ duplicates: [] });
      expect(plain(await historyOf(store()))).toEqual(events);
      expect(await store().count()).toBe(5);
    });

    it('keeps every optional field absent when it was not given', async () => {
      await store().append([event({ userId: undefined, eventId: undefined })]);
      const [read] = await historyOf(store());
      expect(Object.keys(read!).sort()).toEqual(['at', 'key', 'productId', 'sessionId', 'type']);
    });

    it('stores an eventId once: a later append or a later event of the same append is a duplicate, by its index', async () => {
      const first = event({ eventId: 'e1', productId: 'P-1' });
      expect(await store().append([first, event({ eventId: 'e2' })])).toEqual({ duplicates: [] });
      const outcome = await store().append([
        event({ eventId: 'e3', productId: 'P-3' }),
        event({ eventId: 'e1', productId: 'P-9' }),
        event({ eventId: 'e3', productId: 'P-8' }),
        event({ eventId: undefined }),
        event({ eventId: undefined }),
      ]);
      expect(outcome).toEqual({ duplicates: [1, 2] });
      expect(await store().count()).toBe(5);
      const products = (await historyOf(store())).map((e) => e.productId);
      expect(products).not.toContain('P-9');
      expect(products).not.toContain('P-8');
    });

    it('scans every event once, in time order, a page at a time, whatever order they arrived in', async () => {
      const offsets = [-7, -3, -9, -3, -1, -5, -3, -8, -2];
      for (const [i, offset] of offsets.entries()) {
        await store().append([event({ eventId: `e${i}`, at: minutes(offset) })]);
      }
      const seen: RecordedEvent[] = [];
      let page = await store().scan(undefined, 2);
      seen.push(...page.items);
      while (page.more) {
        const last = page.items.at(-1)!;
        page = await store().scan({ at: last.at, key: last.key }, 2);
        seen.push(...page.items);
      }
      expect(seen.map((e) => e.at.getTime())).toEqual(offsets.map((o) => minutes(o).getTime()).sort((a, b) => a - b));
      expect(new Set(seen.map((e) => e.eventId)).size).toBe(offsets.length);
      expect(await store().scan(undefined, 100)).toMatchObject({ more: false });
    });

    it('scans a window [from, until) a page at a time: each event of it once, in time order, none outside it', async () => {
      const offsets = [-12, -10, -7, -3, -9, -3, -1, -5, -3, -8, -2, 0, 4];
      for (const [i, offset] of offsets.entries()) {
        await store().append([event({ eventId: `e${i}`, at: minutes(offset) })]);
      }
      const [from, until] = [minutes(-10), minutes(-1)];
      const seen: RecordedEvent[] = [];
      let page = await store().scanWindow(from, until, undefined, 2);
      seen.push(...page.items);
      while (page.more) {
        const last = page.items.at(-1)!;
        page = await store().scanWindow(from, until, { at: last.at, key: last.key }, 2);
        seen.push(...page.items);
      }
      const inside = offsets.filter((o) => o >= -10 && o < -1).map((o) => minutes(o).getTime());
      expect(seen.map((e) => e.at.getTime())).toEqual(inside.sort((a, b) => a - b));
      expect(new Set(seen.map((e) => e.eventId)).size).toBe(inside.length);
      // A page that ends the window says so, even when it is full.
      expect(await store().scanWindow(from, until, undefined, inside.length)).toMatchObject({ more: false });
      expect(await store().scanWindow(minutes(20), minutes(30), undefined, 5)).toEqual({ items: [], more: false });
    });

    it("goes on from a position before the window as from the window's start", async () => {
      await store().append([event({ eventId: 'a', at: minutes(-5) }), event({ eventId: 'b', at: minutes(-2) })]);
      const [first] = (await store().scan(undefined, 1)).items;
      const page = await store().scanWindow(minutes(-3), minutes(0), { at: first!.at, key: first!.key }, 10);
      expect(page.items.map((e) => e.eventId)).toEqual(['b']);
    });

    it("erases a user's events and their sessions' anonymous ones, and only those: their eventIds are free again", async () => {
      await store().append([
        event({ eventId: 'e1', userId: 'up_ana', sessionId: 'a', type: 'purchase' }),
        event({ eventId: 'e2', userId: 'up_ana', sessionId: 'b' }),
        event({ eventId: 'e3', userId: undefined, sessionId: 'a' }),
        event({ eventId: 'e4', userId: 'up_bruno', sessionId: 'c' }),
        event({ eventId: 'e5', userId: undefined, sessionId: 'd' }),
        event({ eventId: 'e6', userId: 'up_bruno', sessionId: 'a' }),
      ]);
      expect(await store().eraseUser('up_ana')).toBe(3);
      expect(await store().eraseUser('up_ana')).toBe(0);
      expect((await historyOf(store())).map((e) => e.eventId).sort()).toEqual(['e4', 'e5', 'e6']);
      expect(await store().count()).toBe(3);
      expect(await store().append([event({ eventId: 'e1' })])).toEqual({ duplicates: [] });
    });
  });
}
