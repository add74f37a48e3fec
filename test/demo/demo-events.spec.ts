import { beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { demoCatalog } from '../../src/adapters/demo/demo-catalog.js';
import { demoCollections } from '../../src/adapters/demo/demo-collections.js';
import { demoEvents, pastSeasonEvents } from '../../src/adapters/demo/demo-events.js';
import { demoProfiles } from '../../src/adapters/demo/demo-profiles.js';
import { loadDemoData } from '../../src/adapters/demo/load-demo-data.js';
import { RecordEvents } from '../../src/application/events/record-events.js';
import { CreateCollection } from '../../src/application/merchandising/create-collection.js';
import { CreateSlice } from '../../src/application/merchandising/create-slice.js';
import { UpsertProduct } from '../../src/application/product/upsert-product.js';
import { UpsertProfile } from '../../src/application/profile/upsert-profile.js';
import { EventStoreToken, type EventStore } from '../../src/domain/events/event-store.js';
import type { ShopperEventInput } from '../../src/domain/events/shopper-event.js';
import { testContainer } from '../support/test-container.js';
import { historyOf } from '../support/event-history.js';

const DAY = 86_400_000;
const MINUTE = 60_000;

describe('the demo shopper sessions', () => {
  const clock = new FakeClock('2026-11-21T19:37:12.345Z');
  const now = clock.now();
  const events = demoEvents(now);
  const atOf = (event: ShopperEventInput) => event.at!.getTime();

  it('are the same on every start, relative to the clock', () => {
    expect(demoEvents(now)).toEqual(events);
    const later = demoEvents(new Date(now.getTime() + DAY));
    expect(later.map((e) => atOf(e) - DAY)).toEqual(events.map(atOf));
  });

  it('are a few hundred sessions of views, some carts and purchases, within the last 7 days and never ahead of the clock', () => {
    const recent = events.filter((e) => !e.sessionId!.startsWith('demo-p'));
    const sessions = new Set(recent.map((e) => e.sessionId));
    expect(sessions.size).toBeGreaterThanOrEqual(300);
    const count = (type: string) => recent.filter((e) => e.type === type).length;
    expect(count('view')).toBeGreaterThan(1000);
    expect(count('add_to_cart')).toBeGreaterThan(50);
    expect(count('purchase')).toBeGreaterThan(20);
    expect(recent.every((e) => atOf(e) <= now.getTime() && atOf(e) > now.getTime() - 7 * DAY)).toBe(true);
    const lastHalfHour = events.filter((e) => atOf(e) > now.getTime() - 30 * MINUTE);
    expect(new Set(lastHalfHour.map((e) => e.sessionId)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
  });

  it("then last season's: inside each expired demo slice's window, one product a session, only products seen this week too", () => {
    const expired = demoCollections(now)
      .flatMap((c) => c.slices)
      .filter((s) => s.endsAt !== undefined && s.endsAt <= now);
    expect(expired.map((s) => s.name)).toEqual(['Pré-verão', 'Liquida — última semana']);
    const recent = events.filter((e) => !e.sessionId!.startsWith('demo-p'));
    const seen = new Set(recent.map((e) => e.productId));
    const past = pastSeasonEvents(now, seen);
    expect(events).toEqual([...recent, ...past]);
    expect(past.every((e) => seen.has(e.productId))).toBe(true);
    for (const [i, slice] of expired.entries()) {
      const mine = past.filter((e) => e.sessionId!.startsWith(`demo-p${i + 1}-`));
      expect(new Set(mine.map((e) => e.sessionId)).size).toBe(40);
      expect(mine.every((e) => atOf(e) >= slice.startsAt.getTime() && atOf(e) < slice.endsAt!.getTime())).toBe(true);
      expect(mine.every((e) => slice.products!.includes(e.productId))).toBe(true);
      const viewed = new Set(mine.map((e) => e.productId));
      expect(viewed.size).toBeGreaterThan(1);
      expect(viewed.size).toBeLessThan(slice.products!.length);
      expect(mine.some((e) => e.type === 'purchase')).toBe(true);
      const bySession = new Map<string, Set<string>>();
      for (const e of mine) bySession.set(e.sessionId!, (bySession.get(e.sessionId!) ?? new Set()).add(e.productId));
      expect([...bySession.values()].every((products) => products.size === 1)).toBe(true);
    }
  });

  it('name catalog products only, and buy only available ones', () => {
    const catalog = new Map(demoCatalog().map((p) => [p.id, p]));
    expect(events.every((e) => catalog.has(e.productId))).toBe(true);
    expect(events.filter((e) => e.type === 'purchase').every((e) => catalog.get(e.productId)?.available)).toBe(true);
  });

  it('sign some sessions in as demo profiles, and only as those', () => {
    const profiles = new Set(demoProfiles(now).map((p) => p.userProfileId));
    const users = new Set(events.flatMap((e) => (e.userId === undefined || e.userId === null ? [] : [e.userId])));
    expect(users.size).toBeGreaterThanOrEqual(4);
    expect([...users].every((user) => profiles.has(user))).toBe(true);
    const signedIn = new Set(events.filter((e) => e.userId).map((e) => e.sessionId));
    expect(signedIn.size).toBeGreaterThan(50);
  });

  it('co-view the products of a look: the dress VES-002 with its sandals, bag and accessory far more than anything else', () => {
    const sessions = new Map<string, Set<string>>();
    for (const e of events) sessions.set(e.sessionId, (sessions.get(e.sessionId) ?? new Set()).add(e.productId));
    const withDress = [...sessions.values()].filter((products) => products.has('VES-002'));
    const together = (id: string) => withDress.filter((products) => products.has(id)).length;
    for (const partner of ['SAN-005', 'BOL-006', 'ACE-010']) expect(together(partner)).toBeGreaterThanOrEqual(15);
    const others = new Set(withDress.flatMap((products) => [...products]));
    for (const id of ['VES-002', 'SAN-005', 'BOL-006', 'ACE-010']) others.delete(id);
    expect(Math.max(...[...others].map(together))).toBeLessThan(8);
  });

  describe('loaded with the demo data set', () => {
    let store: EventStore;
    let loaded: Awaited<ReturnType<typeof loadDemoData>>;

    beforeAll(async () => {
      const { get } = testContainer({ clock });
      store = get(EventStoreToken);
      loaded = await loadDemoData({
        clock,
        upsertProduct: get(UpsertProduct),
        upsertProfile: get(UpsertProfile),
        createCollection: get(CreateCollection),
        createSlice: get(CreateSlice),
        recordEvents: get(RecordEvents),
      });
    });

    it('goes through the use case: every session recorded', async () => {
      expect(loaded.events).toBe(events.length);
      expect(await store.count()).toBe(events.length);
    });

    it("gives the demo profiles a history: Bruno's recent events and purchases", async () => {
      const since = now.getTime() - 7 * DAY;
      const bruno = (await historyOf(store)).filter((e) => e.userId === 'up_bruno_lima' && e.at.getTime() >= since);
      expect(bruno.length).toBeGreaterThan(20);
      expect(bruno.some((e) => e.type === 'purchase')).toBe(true);
    });

    it('leaves out what a retention shorter than the sessions refuses', async () => {
      const { get } = testContainer({ clock, env: { EVENT_RETENTION_DAYS: '1' } });
      const accepted = (await get(RecordEvents).execute(events.map((input, index) => ({ index, input })).slice(0, 1000)))
        .accepted;
      const withinADay = events.slice(0, 1000).filter((e) => atOf(e) >= now.getTime() - DAY).length;
      expect(accepted).toBe(withinADay);
    });
  });
});
