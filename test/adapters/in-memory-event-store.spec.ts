import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryEventStore } from '../../src/adapters/memory/in-memory-event-store.js';
import { anEvent, T0 } from '../support/mothers.js';

const DAY = 86_400_000;
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

function aStore(maxEvents: number, retentionDays = 90) {
  const clock = new FakeClock(T0);
  return { clock, store: new InMemoryEventStore({ maxEvents, policy: { retentionDays } }, clock) };
}

async function allEventIds(store: InMemoryEventStore): Promise<(string | undefined)[]> {
  return (await store.scan(undefined, 10_000)).items.map((e) => e.eventId);
}

describe('the in-memory event store (bounds of its own, beyond the EventStore contract)', () => {
  it('holds at most maxEvents: the oldest by instant go first, whatever order they came in', async () => {
    const { store } = aStore(3);
    await store.append([anEvent({ eventId: 'e1', at: minutes(-10) }), anEvent({ eventId: 'e2', at: minutes(-5) })]);
    await store.append([anEvent({ eventId: 'e3', at: minutes(-1) }), anEvent({ eventId: 'e4', at: minutes(-20) })]);
    expect(await allEventIds(store)).toEqual(['e1', 'e2', 'e3']);
    await store.append([anEvent({ eventId: 'e5', at: minutes(-2) })]);
    expect(await allEventIds(store)).toEqual(['e2', 'e5', 'e3']);
    expect(await store.count()).toBe(3);
  });

  it('remembers the ids of the events it holds only: a dropped event’s id is new again', async () => {
    const { store } = aStore(2);
    await store.append([anEvent({ eventId: 'e1', at: minutes(-3) }), anEvent({ eventId: 'e2', at: minutes(-2) })]);
    expect(await store.append([anEvent({ eventId: 'e1' })])).toEqual({ duplicates: [0] });
    await store.append([anEvent({ eventId: 'e3', at: minutes(-1) })]);
    expect(await allEventIds(store)).toEqual(['e2', 'e3']);
    expect(await store.append([anEvent({ eventId: 'e1', at: minutes(0) })])).toEqual({ duplicates: [] });
  });

  it('drops events once older than the retention, at the exact instant, as the TTL index does on MongoDB', async () => {
    const { store, clock } = aStore(100, 1);
    await store.append([
      anEvent({ eventId: 'old', at: minutes(-60), userId: 'up_ana', type: 'purchase' }),
      anEvent({ eventId: 'new', at: minutes(0), userId: 'up_ana' }),
    ]);
    clock.set(new Date(minutes(-60).getTime() + DAY));
    expect(await store.count()).toBe(2);
    clock.advance(1);
    expect(await store.count()).toBe(1);
    expect(await allEventIds(store)).toEqual(['new']);
    expect(await store.append([anEvent({ eventId: 'old', at: clock.now() })])).toEqual({ duplicates: [] });
  });

  it('keeps the indexes of sessions and users right through merges, bounds and erasure', async () => {
    const { store } = aStore(50);
    for (let i = 0; i < 120; i++) {
      const at = minutes(-((i * 37) % 100));
      // Session s0 signs in part of the time; s1 to s3 never do.
      const userId = i % 4 === 0 && i % 8 === 0 ? 'up_ana' : undefined;
      await store.append([anEvent({ eventId: `e${i}`, at, sessionId: `s${i % 4}`, userId })]);
    }
    const scanned = (await store.scan(undefined, 1000)).items;
    expect(scanned).toHaveLength(50);
    // What the bound dropped left the indexes too: erasure takes exactly the events held of her and of her session.
    const hers = scanned.filter((e) => e.sessionId === 's0');
    expect(hers.some((e) => e.userId === 'up_ana') && hers.some((e) => e.userId === undefined)).toBe(true);
    expect(await store.eraseUser('up_ana')).toBe(hers.length);
    expect(await store.count()).toBe(50 - hers.length);
    const left = await store.scan(undefined, 1000);
    expect(left.items.every((e) => e.userId === undefined && e.sessionId !== 's0')).toBe(true);
  });
});
