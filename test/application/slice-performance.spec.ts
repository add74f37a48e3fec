import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { CreateCollection } from '../../src/application/merchandising/create-collection.js';
import { CreateSlice } from '../../src/application/merchandising/create-slice.js';
import { ReplaceSlice } from '../../src/application/merchandising/replace-slice.js';
import {
  COUNTED_AT_ONCE,
  GetSlicePerformance,
  PERFORMANCE_KEPT_MS,
} from '../../src/application/merchandising/slice-performance.js';
import { EventStoreToken, type EventStore } from '../../src/domain/events/event-store.js';
import type { EventType } from '../../src/domain/events/shopper-event.js';
import { CollectionStoreToken } from '../../src/domain/merchandising/collection-store.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { anEvent, aSliceInput, at } from '../support/mothers.js';
import { testContainer } from '../support/test-container.js';

const ACTOR = 'builder-ui';
const NOW = '2026-11-25T12:00:00.000Z';

const codeOf = (e: unknown) => (e instanceof DomainError ? e.code : String(e));

/** `n` events of a type for a product at an instant. */
const events = (n: number, type: EventType, productId: string, instant: string) =>
  Array.from({ length: n }, () => anEvent({ type, productId, at: at(instant) }));

describe('what a slice did (the figures against a hand-counted fixture)', () => {
  let clock: FakeClock;
  let store: EventStore;
  let performance: GetSlicePerformance;
  let collectionId: number;
  let beforeId: number;
  let sliceId: number;
  let replace: ReplaceSlice;

  beforeEach(async () => {
    clock = new FakeClock('2026-11-19T12:00:00.000Z');
    const { get } = testContainer({ clock });
    store = get(EventStoreToken);
    performance = get(GetSlicePerformance);
    replace = get(ReplaceSlice);
    collectionId = (await get(CreateCollection).execute({ name: 'Verão', description: '' }, ACTOR)).id;
    const create = get(CreateSlice);
    const slice = (name: string, from: string, until: string, products: string[]) =>
      create.execute(collectionId, aSliceInput({ name, startsAt: at(from), endsAt: at(until), products }), ACTOR);
    beforeId = (await slice('Antes', '2026-11-20T00:00:00.000Z', '2026-11-23T00:00:00.000Z', ['X', 'Y'])).slice.id;
    sliceId = (await slice('Semana', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z', ['A', 'B', 'C', 'D'])).slice.id;
    clock.set(NOW);
    await store.append([
      // Before the slice: the one live before it counts X's; A's view is not one of its products.
      ...events(2, 'view', 'X', '2026-11-22T10:00:00.000Z'),
      ...events(1, 'purchase', 'X', '2026-11-21T10:00:00.000Z'),
      ...events(1, 'view', 'A', '2026-11-22T23:59:59.999Z'),
      // The slice's window up to now.
      ...events(1, 'purchase', 'A', '2026-11-23T10:00:00.000Z'),
      ...events(3, 'view', 'A', '2026-11-24T10:00:00.000Z'),
      ...events(1, 'add_to_cart', 'A', '2026-11-24T10:00:00.000Z'),
      ...events(2, 'view', 'B', '2026-11-24T10:00:00.000Z'),
      ...events(2, 'add_to_cart', 'B', '2026-11-24T10:00:00.000Z'),
      ...events(1, 'view', 'C', '2026-11-25T11:59:59.999Z'),
      ...events(1, 'recommendation_click', 'D', '2026-11-24T10:00:00.000Z'),
      ...events(4, 'view', 'Z', '2026-11-24T10:00:00.000Z'),
      // Now is not counted yet: the window ends at now.
      ...events(1, 'view', 'D', NOW),
    ]);
  });

  const row = (productId: string, position: number, views: number, addToCarts: number, purchases: number) => ({
    productId,
    position,
    views,
    addToCarts,
    purchases,
  });

  it('counts views, add-to-carts and purchases per product and in total, ranks them, and lists those nobody viewed', async () => {
    const answer = await performance.execute(collectionId, sliceId, {});
    const [a, b, c, d] = [row('A', 1, 3, 1, 1), row('B', 2, 2, 2, 0), row('C', 3, 1, 0, 0), row('D', 4, 0, 0, 0)];
    expect(answer.figures).toEqual({
      window: { from: at('2026-11-23T00:00:00.000Z'), until: at(NOW) },
      totals: { views: 6, addToCarts: 3, purchases: 1 },
      products: [a, b, c, d],
      best: [a, b, c, d],
      worst: [d, c, b, a],
      notViewed: ['D'],
      eventsRead: 15,
      complete: true,
      countedUntil: at(NOW),
    });
    expect(answer.countedAt).toEqual(at(NOW));
  });

  it('gives the same figures for the slice live before it, over the stretch it was shown', async () => {
    const { before } = await performance.execute(collectionId, sliceId, {});
    expect(before?.slice.id).toBe(beforeId);
    expect(before?.figures).toMatchObject({
      window: { from: at('2026-11-20T00:00:00.000Z'), until: at('2026-11-23T00:00:00.000Z') },
      totals: { views: 2, addToCarts: 0, purchases: 1 },
      products: [row('X', 1, 2, 0, 1), row('Y', 2, 0, 0, 0)],
      notViewed: ['Y'],
      eventsRead: 4,
    });
    expect((await performance.execute(collectionId, beforeId, {})).before).toBeUndefined();
  });

  it('counts a chosen part of the window only, and refuses a part outside it or upside down', async () => {
    const answer = await performance.execute(collectionId, sliceId, { from: at('2026-11-24T00:00:00.000Z') });
    expect(answer.figures.totals).toEqual({ views: 6, addToCarts: 3, purchases: 0 });
    const narrow = await performance.execute(collectionId, sliceId, {
      from: at('2026-11-24T10:00:00.001Z'),
      to: at('2026-12-31T00:00:00.000Z'),
    });
    expect(narrow.figures.window).toEqual({ from: at('2026-11-24T10:00:00.001Z'), until: at(NOW) });
    expect(narrow.figures.totals).toEqual({ views: 1, addToCarts: 0, purchases: 0 });
    const refused = (query: { from?: Date; to?: Date }) => performance.execute(collectionId, sliceId, query).then(String, codeOf);
    expect(await refused({ from: at('2026-11-24T00:00:00.000Z'), to: at('2026-11-24T00:00:00.000Z') })).toBe('VALIDATION_FAILED');
    expect(await refused({ from: at('2026-11-30T00:00:00.000Z') })).toBe('VALIDATION_FAILED');
    expect(await refused({ to: at('2026-11-23T00:00:00.000Z') })).toBe('VALIDATION_FAILED');
  });

  it('says which of slice and collection is unknown', async () => {
    expect(await performance.execute(collectionId, 999, {}).then(String, codeOf)).toBe('SLICE_NOT_FOUND');
    expect(await performance.execute(999, sliceId, {}).then(String, codeOf)).toBe('COLLECTION_NOT_FOUND');
  });

  it('keeps an answer for a minute per slice version and window, and counts again after it or once the slice changed', async () => {
    const first = await performance.execute(collectionId, sliceId, {});
    await store.append(events(5, 'view', 'D', '2026-11-25T11:00:00.000Z'));
    clock.advance(PERFORMANCE_KEPT_MS - 1);
    expect(await performance.execute(collectionId, sliceId, {})).toBe(first);
    clock.advance(1);
    expect((await performance.execute(collectionId, sliceId, {})).figures.totals.views).toBe(12);
    const slice = (await performance.execute(collectionId, sliceId, {})).slice;
    await replace.execute(collectionId, sliceId, aSliceInput({ ...slice, products: ['D'] }), { actor: ACTOR });
    expect((await performance.execute(collectionId, sliceId, {})).figures.products).toEqual([row('D', 1, 6, 0, 0)]);
  });

  it('computes one answer for the same question asked at once', async () => {
    const scan = vi.spyOn(store, 'scanWindow');
    const [one, two] = await Promise.all([
      performance.execute(collectionId, sliceId, {}),
      performance.execute(collectionId, sliceId, {}),
    ]);
    expect(one).toBe(two);
    // One scan of the slice's window and one of the slice's before it.
    expect(scan).toHaveBeenCalledTimes(2);
  });
});

/** A collection with one slice of product A, from 2026-11-20 to 2026-11-30, the clock at NOW. */
async function aSliceOfOneProduct() {
  const clock = new FakeClock('2026-11-19T12:00:00.000Z');
  const { get } = testContainer({ clock });
  const collectionId = (await get(CreateCollection).execute({ name: 'Verão', description: '' }, ACTOR)).id;
  const { slice } = await get(CreateSlice).execute(
    collectionId,
    aSliceInput({ startsAt: at('2026-11-20T00:00:00.000Z'), endsAt: at('2026-11-30T00:00:00.000Z'), products: ['A'] }),
    ACTOR,
  );
  clock.set(NOW);
  return { clock, get, collectionId, slice };
}

describe('what a slice did, over many events', () => {
  it('reads a page at a time, breathing between pages, and stops at the bound, saying until when it counted', async () => {
    const { clock, get, collectionId, slice } = await aSliceOfOneProduct();
    const minute = (n: number) => new Date(at('2026-11-21T00:00:00.000Z').getTime() + n * 60_000);
    await get(EventStoreToken).append(Array.from({ length: 25 }, (_, n) => anEvent({ productId: 'A', at: minute(n) })));
    const breathe = vi.spyOn(clock, 'breathe');
    const bounded = new GetSlicePerformance(get(CollectionStoreToken), get(EventStoreToken), clock, clock, {
      page: 10,
      maxEvents: 20,
    });
    const { figures } = await bounded.execute(collectionId, slice.id, {});
    expect(figures).toMatchObject({ eventsRead: 20, complete: false, countedUntil: minute(19), totals: { views: 20 } });
    expect(breathe).toHaveBeenCalledTimes(1);
    const whole = new GetSlicePerformance(get(CollectionStoreToken), get(EventStoreToken), clock, clock, {
      page: 10,
      maxEvents: 30,
    });
    expect((await whole.execute(collectionId, slice.id, {})).figures).toMatchObject({ eventsRead: 25, complete: true });
    expect(breathe).toHaveBeenCalledTimes(3);
  });
});

describe('what a slice did, asked for many windows at once', () => {
  it(`counts ${COUNTED_AT_ONCE} at a time, the others in turn, and answers them all`, async () => {
    const { clock, get, collectionId, slice } = await aSliceOfOneProduct();
    const store = get(EventStoreToken);
    await store.append([anEvent({ productId: 'A', at: at('2026-11-21T00:00:00.000Z') })]);
    // Every read waits until the test lets it go: the windows being counted are those read.
    const started = new Set<number>();
    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    const held: EventStore = Object.assign(Object.create(store) as EventStore, {
      scanWindow: async (...args: Parameters<EventStore['scanWindow']>) => {
        started.add(args[0].getTime());
        await gate;
        return store.scanWindow(...args);
      },
    });
    const performance = new GetSlicePerformance(get(CollectionStoreToken), held, clock, clock);
    const froms = ['2026-11-20T01:00:00.000Z', '2026-11-20T02:00:00.000Z', '2026-11-20T03:00:00.000Z'];
    const answers = Promise.all(froms.map((from) => performance.execute(collectionId, slice.id, { from: at(from) })));
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(started.size).toBe(COUNTED_AT_ONCE);
    release();
    const figures = (await answers).map((a) => a.figures.totals.views);
    expect(figures).toEqual([1, 1, 1]);
    expect(started.size).toBe(3);
  });
});
