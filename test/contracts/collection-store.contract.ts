import { beforeEach, describe, expect, it } from 'vitest';
import type { Change, CollectionStore, SliceVersionQuery } from '../../src/domain/merchandising/collection-store.js';
import { draftSlice, type SliceDraft } from '../../src/domain/merchandising/slice.js';
import { MAX_SLICE_VERSIONS } from '../../src/domain/merchandising/slice-history.js';
import { aSliceInput, at } from '../support/mothers.js';
import { freshStorePerTest, type StoreFactory } from './store-factory.js';

const CREATED: Change = { at: at('2026-11-01T10:00:00.000Z'), by: 'builder' };
const LATER: Change = { at: at('2026-11-02T10:00:00.000Z'), by: 'planner' };

function draft(overrides: Parameters<typeof aSliceInput>[0] = {}): SliceDraft {
  return draftSlice(aSliceInput(overrides));
}

function done<T>(result: { status: string; value?: T }): T {
  expect(result.status).toBe('done');
  return result.value as T;
}

/** What every CollectionStore must do, whatever keeps the data. */
export function collectionStoreContract(adapter: string, factory: StoreFactory<CollectionStore>): void {
  describe(`CollectionStore contract: ${adapter}`, () => {
    const store = freshStorePerTest(factory);

    describe('collections', () => {
      it('assigns positive, increasing ids and never reuses one after a delete', async () => {
        const first = await store().createCollection({ name: 'A', description: '' }, CREATED);
        const second = await store().createCollection({ name: 'B', description: '' }, CREATED);
        expect(first.id).toBeGreaterThan(0);
        expect(second.id).toBeGreaterThan(first.id);
        await store().deleteCollection(second.id);
        const third = await store().createCollection({ name: 'C', description: '' }, CREATED);
        expect(third.id).toBeGreaterThan(second.id);
      });

      it('reads back what it created, version 1, author and dates to the millisecond', async () => {
        const when = { at: at('2026-11-01T10:00:00.123Z'), by: 'builder' };
        const created = await store().createCollection({ name: 'Verão', description: 'Linho e praia' }, when);
        expect(created).toEqual({
          id: created.id,
          name: 'Verão',
          description: 'Linho e praia',
          version: 1,
          createdAt: when.at,
          updatedAt: when.at,
          updatedBy: 'builder',
        });
        expect(await store().getCollection(created.id)).toEqual(created);
        expect(await store().getCollection(created.id + 1000)).toBeUndefined();
      });

      it('changes only what an update names, counting versions and recording who changed it', async () => {
        const created = await store().createCollection({ name: 'A', description: 'd' }, CREATED);
        const renamed = done(await store().updateCollection(created.id, { name: 'B' }, LATER));
        expect(renamed).toEqual({ ...created, name: 'B', version: 2, updatedAt: LATER.at, updatedBy: 'planner' });
        const described = done(await store().updateCollection(created.id, { description: 'e' }, LATER, 2));
        expect(described).toEqual({ ...renamed, description: 'e', version: 3 });
        expect(await store().getCollection(created.id)).toEqual(described);
        expect(await store().updateCollection(created.id + 1000, { name: 'X' }, LATER)).toEqual({ status: 'missing' });
      });

      it('refuses an update or a delete that expects another version, changing nothing', async () => {
        const created = await store().createCollection({ name: 'A', description: '' }, CREATED);
        expect(await store().updateCollection(created.id, { name: 'B' }, LATER, 7)).toEqual({ status: 'stale', version: 1 });
        expect(await store().deleteCollection(created.id, 2)).toEqual({ status: 'stale', version: 1 });
        expect(await store().getCollection(created.id)).toEqual(created);
        expect(await store().deleteCollection(created.id, 1)).toEqual({ status: 'done', value: null });
        expect(await store().deleteCollection(created.id, 1)).toEqual({ status: 'missing' });
      });

      it('lists collections by id, a page at a time, with their slice counts', async () => {
        const made = [];
        for (const name of ['Verão', 'Natal', 'Black Friday', 'Volta às aulas', 'Inverno']) {
          made.push(await store().createCollection({ name, description: '' }, CREATED));
        }
        await store().createSlice(made[1]?.id ?? 0, draft(), CREATED);
        await store().createSlice(made[1]?.id ?? 0, draft(), CREATED);
        const first = await store().listCollections({ limit: 2 });
        expect(first.items.map((c) => c.name)).toEqual(['Verão', 'Natal']);
        expect(first.items[1]).toEqual({ ...made[1], sliceCount: 2 });
        expect(first.more).toBe(true);
        const second = await store().listCollections({ limit: 2, afterId: first.items[1]?.id });
        expect(second.items.map((c) => c.name)).toEqual(['Black Friday', 'Volta às aulas']);
        const last = await store().listCollections({ limit: 2, afterId: second.items[1]?.id });
        expect(last).toEqual({ items: [{ ...made[4], sliceCount: 0 }], more: false });
        expect(await store().listCollections({ limit: 2, afterId: made[4]?.id })).toEqual({ items: [], more: false });
      });

      it('filters the list by a part of the name, ignoring case, taking the text literally', async () => {
        for (const name of ['Black Friday', 'Cyber Monday', 'black friday 2027', 'Natal (kids)', 'Fri.day']) {
          await store().createCollection({ name, description: '' }, CREATED);
        }
        const names = async (nameContains: string) =>
          (await store().listCollections({ limit: 50, nameContains })).items.map((c) => c.name);
        expect(await names('FRIDAY')).toEqual(['Black Friday', 'black friday 2027']);
        expect(await names('(kids)')).toEqual(['Natal (kids)']);
        expect(await names('.day')).toEqual(['Fri.day']);
        expect(await names('nothing')).toEqual([]);
      });

      it('deletes a collection with all its slices', async () => {
        const c = await store().createCollection({ name: 'A', description: '' }, CREATED);
        const slice = await store().createSlice(
          c.id,
          draft({ startsAt: at('2026-01-01T00:00:00.000Z'), endsAt: undefined }),
          CREATED,
        );
        expect(await store().deleteCollection(c.id)).toEqual({ status: 'done', value: null });
        expect(await store().getCollection(c.id)).toBeUndefined();
        expect(await store().getSlice(c.id, slice?.id ?? 0)).toBeUndefined();
        expect(await store().findActiveSlice(c.id, at('2026-06-01T00:00:00.000Z'))).toBeUndefined();
        expect(await store().listSlices(c.id)).toEqual([]);
        expect(await store().countSlices(c.id)).toBe(0);
        expect(await store().deleteCollection(c.id)).toEqual({ status: 'missing' });
        expect(await store().listCollections({ limit: 10 })).toEqual({ items: [], more: false });
      });
    });

    describe('rule slices', () => {
      let collectionId: number;
      const RULES = { sort: 'bestSelling' as const, windowDays: 7, size: 3, pins: [{ productId: 'P-9', position: 2 }] };
      const ruleDraft = (overrides: Parameters<typeof aSliceInput>[0] = {}) =>
        draftSlice(aSliceInput({ type: 'RULES', products: [], rules: RULES, ...overrides }));
      const FILLED = { at: at('2026-11-01T10:00:00.000Z'), listChangedAt: at('2026-11-01T10:00:00.000Z') };
      beforeEach(async () => {
        collectionId = (await store().createCollection({ name: 'Verão', description: '' }, CREATED)).id;
      });

      it('keeps a rule slice’s rules and refresh stamps, in the slice and in its history', async () => {
        const input = { ...ruleDraft({ endsAt: at('2026-12-01T00:00:00.000Z') }), products: ['A', 'P-9', 'B'], refresh: FILLED };
        const slice = (await store().createSlice(collectionId, input, CREATED))!;
        expect(slice).toMatchObject({ type: 'RULES', rules: input.rules, refresh: FILLED, products: ['A', 'P-9', 'B'] });
        expect(await store().getSlice(collectionId, slice.id)).toEqual(slice);
        expect((await store().listSlices(collectionId))[0]).toMatchObject({
          rules: input.rules,
          refresh: FILLED,
          productCount: 3,
        });
        const kept = await store().getSliceVersion(collectionId, slice.id, 1);
        expect(kept?.content.rules).toEqual(input.rules);
        expect(kept?.content).not.toHaveProperty('refresh');
        // Replaced by a hand-made slice: no rules nor stamps are left behind.
        const manual = done(await store().replaceSlice(collectionId, slice.id, draft(), LATER));
        expect(manual).not.toHaveProperty('rules');
        expect(manual).not.toHaveProperty('refresh');
        expect((await store().getSliceVersion(collectionId, slice.id, 1))?.content.rules).toEqual(input.rules);
      });

      it('lists the rule slices not ended, by id, a page at a time', async () => {
        const make = async (endsAt: string) =>
          (await store().createSlice(
            collectionId,
            ruleDraft({ startsAt: at('2026-11-01T00:00:00.000Z'), endsAt: at(endsAt) }),
            CREATED,
          ))!.id;
        const a = await make('2026-12-01T00:00:00.000Z');
        await store().createSlice(collectionId, draft({ endsAt: at('2026-12-01T00:00:00.000Z') }), CREATED);
        const ended = await make('2026-11-10T00:00:00.000Z');
        const b = await make('2026-12-02T00:00:00.000Z');
        const other = (await store().createCollection({ name: 'B', description: '' }, CREATED)).id;
        const c = (await store().createSlice(
          other,
          ruleDraft({ startsAt: at('2026-11-01T00:00:00.000Z'), endsAt: at('2026-11-10T00:00:00.001Z') }),
          CREATED,
        ))!.id;
        const now = at('2026-11-10T00:00:00.000Z');
        const first = await store().listRuleSlices({ endsAfter: now, limit: 2 });
        expect(first.items.map((s) => s.id)).toEqual([a, b]);
        expect(first.more).toBe(true);
        expect(first.items[0]?.rules).toEqual(ruleDraft().rules);
        const rest = await store().listRuleSlices({ endsAfter: now, afterId: b, limit: 2 });
        expect(rest).toEqual({ items: [expect.objectContaining({ id: c })], more: false });
        expect(ended).toBeLessThan(b);
      });

      it('records a refresh only at the version and stamp expected, keeping the version and what the history holds', async () => {
        const slice = (await store().createSlice(collectionId, { ...ruleDraft(), products: ['A'], refresh: FILLED }, CREATED))!;
        const later = at('2026-11-01T10:05:00.000Z');
        const claim = { refresh: { at: later, listChangedAt: FILLED.listChangedAt } };
        expect(await store().recordRuleRefresh(collectionId, slice.id, { version: 1, refreshedAt: undefined }, claim)).toBe(
          false,
        );
        expect(await store().recordRuleRefresh(collectionId, slice.id, { version: 2, refreshedAt: FILLED.at }, claim)).toBe(
          false,
        );
        expect(await store().recordRuleRefresh(collectionId, slice.id, { version: 1, refreshedAt: FILLED.at }, claim)).toBe(true);
        // A second instance that read the same stamp loses.
        expect(await store().recordRuleRefresh(collectionId, slice.id, { version: 1, refreshedAt: FILLED.at }, claim)).toBe(
          false,
        );
        expect(await store().getSlice(collectionId, slice.id)).toEqual({ ...slice, refresh: claim.refresh });
        const list = { refresh: { at: later, listChangedAt: later }, products: ['B', 'A'] };
        expect(await store().recordRuleRefresh(collectionId, slice.id, { version: 1, refreshedAt: later }, list)).toBe(true);
        const refreshed = await store().getSlice(collectionId, slice.id);
        expect(refreshed).toEqual({ ...slice, products: ['B', 'A'], refresh: list.refresh });
        expect((await store().getSliceVersion(collectionId, slice.id, 1))?.content.products).toEqual(['B', 'A']);
        expect((await store().listSliceVersions(collectionId, slice.id, { limit: 5 }))?.items).toHaveLength(1);
      });

      it('records no refresh of a slice without rules, of another collection’s slice, nor of a missing one', async () => {
        const manual = (await store().createSlice(collectionId, draft(), CREATED))!;
        const rules = (await store().createSlice(collectionId, { ...ruleDraft(), refresh: FILLED }, CREATED))!;
        const other = (await store().createCollection({ name: 'B', description: '' }, CREATED)).id;
        const record = { refresh: { at: LATER.at, listChangedAt: LATER.at }, products: ['X'] };
        expect(await store().recordRuleRefresh(collectionId, manual.id, { version: 1, refreshedAt: undefined }, record)).toBe(
          false,
        );
        expect(await store().recordRuleRefresh(other, rules.id, { version: 1, refreshedAt: FILLED.at }, record)).toBe(false);
        expect(await store().recordRuleRefresh(collectionId, rules.id + 99, { version: 1, refreshedAt: FILLED.at }, record)).toBe(
          false,
        );
        expect(await store().getSlice(collectionId, manual.id)).toEqual(manual);
      });
    });

    describe('slices', () => {
      let collectionId: number;
      beforeEach(async () => {
        collectionId = (await store().createCollection({ name: 'Verão', description: '' }, CREATED)).id;
      });

      it('creates a slice with every field, products in order, version 1, dates to the millisecond', async () => {
        const input = draft({
          name: 'Black Friday',
          type: 'SPREADSHEET',
          startsAt: at('2026-11-27T03:00:00.001Z'),
          endsAt: undefined,
          filters: { availableOnly: true, categories: ['vestidos'], minPrice: 10.5 },
          products: ['Z', 'A', 'M'],
        });
        const slice = await store().createSlice(collectionId, input, CREATED);
        expect(slice).toEqual({
          ...input,
          id: slice?.id,
          collectionId,
          version: 1,
          createdAt: CREATED.at,
          updatedAt: CREATED.at,
          updatedBy: 'builder',
        });
        expect(slice?.id).toBeGreaterThan(0);
        expect(await store().getSlice(collectionId, slice?.id ?? 0)).toEqual(slice);
        expect(slice?.endsAt.toISOString()).toBe('9999-12-31T23:59:59.999Z');
      });

      it('keeps how an AI slice was generated', async () => {
        const input = draft({ type: 'AI', generator: { seeds: ['S1', 'S2'], size: 30, includeSeeds: true } });
        const slice = await store().createSlice(collectionId, input, CREATED);
        expect((await store().getSlice(collectionId, slice?.id ?? 0))?.generator).toEqual({
          seeds: ['S1', 'S2'],
          size: 30,
          includeSeeds: true,
        });
        const manual = done(await store().replaceSlice(collectionId, slice?.id ?? 0, draft({ type: 'MANUAL' }), LATER));
        expect(manual.generator).toBeUndefined();
        expect((await store().getSlice(collectionId, slice?.id ?? 0))?.generator).toBeUndefined();
      });

      it('holds 500 products', async () => {
        const products = Array.from({ length: 500 }, (_, i) => `P-${i}`);
        const slice = await store().createSlice(collectionId, draft({ products }), CREATED);
        expect((await store().getSlice(collectionId, slice?.id ?? 0))?.products).toEqual(products);
      });

      it('creates nothing in a collection that does not exist', async () => {
        expect(await store().createSlice(collectionId + 1000, draft(), CREATED)).toBeUndefined();
        expect(await store().countSlices(collectionId + 1000)).toBe(0);
      });

      it('never reuses a slice id, across collections too', async () => {
        const other = (await store().createCollection({ name: 'B', description: '' }, CREATED)).id;
        const a = await store().createSlice(collectionId, draft(), CREATED);
        const b = await store().createSlice(other, draft(), CREATED);
        await store().deleteSlice(other, b?.id ?? 0);
        const c = await store().createSlice(collectionId, draft(), CREATED);
        expect(new Set([a?.id, b?.id, c?.id]).size).toBe(3);
        expect(c?.id).toBeGreaterThan(b?.id ?? 0);
      });

      it('does not show a slice through another collection', async () => {
        const other = (await store().createCollection({ name: 'B', description: '' }, CREATED)).id;
        const slice = await store().createSlice(collectionId, draft(), CREATED);
        expect(await store().getSlice(other, slice?.id ?? 0)).toBeUndefined();
        expect(await store().replaceSlice(other, slice?.id ?? 0, draft(), LATER)).toEqual({ status: 'missing' });
        expect(await store().deleteSlice(other, slice?.id ?? 0)).toEqual({ status: 'missing' });
        expect(await store().getSlice(collectionId, slice?.id ?? 0)).toEqual(slice);
      });

      it('replaces a slice whole, keeping its id and creation, counting its version', async () => {
        const slice = await store().createSlice(collectionId, draft({ products: ['A', 'B'] }), CREATED);
        const next = draft({
          name: 'Natal',
          type: 'AI',
          startsAt: at('2026-12-01T00:00:00.000Z'),
          endsAt: at('2026-12-26T00:00:00.000Z'),
          products: ['C'],
          filters: { tags: ['festa'] },
        });
        const replaced = done(await store().replaceSlice(collectionId, slice?.id ?? 0, next, LATER));
        expect(replaced).toEqual({
          ...next,
          id: slice?.id,
          collectionId,
          version: 2,
          createdAt: CREATED.at,
          updatedAt: LATER.at,
          updatedBy: 'planner',
        });
        expect(await store().getSlice(collectionId, slice?.id ?? 0)).toEqual(replaced);
        expect(await store().replaceSlice(collectionId, (slice?.id ?? 0) + 1000, next, LATER)).toEqual({ status: 'missing' });
      });

      it('refuses a replacement or a delete that expects another version, changing nothing', async () => {
        const slice = await store().createSlice(collectionId, draft({ products: ['A'] }), CREATED);
        const id = slice?.id ?? 0;
        expect(done(await store().replaceSlice(collectionId, id, draft({ products: ['B'] }), LATER, 1)).version).toBe(2);
        expect(await store().replaceSlice(collectionId, id, draft({ products: ['C'] }), LATER, 1)).toEqual({
          status: 'stale',
          version: 2,
        });
        expect(await store().deleteSlice(collectionId, id, 1)).toEqual({ status: 'stale', version: 2 });
        expect((await store().getSlice(collectionId, id))?.products).toEqual(['B']);
        expect(await store().deleteSlice(collectionId, id, 2)).toEqual({ status: 'done', value: null });
      });

      it('lets exactly one of two writers expecting the same version win', async () => {
        const slice = await store().createSlice(collectionId, draft({ products: ['A'] }), CREATED);
        const id = slice?.id ?? 0;
        const results = await Promise.all([
          store().replaceSlice(collectionId, id, draft({ products: ['B'] }), LATER, 1),
          store().replaceSlice(collectionId, id, draft({ products: ['C'] }), LATER, 1),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual(['done', 'stale']);
        const winner = results.find((r) => r.status === 'done');
        expect((await store().getSlice(collectionId, id))?.products).toEqual(
          winner?.status === 'done' ? winner.value.products : [],
        );
      });

      it('deletes a slice once', async () => {
        const slice = await store().createSlice(collectionId, draft(), CREATED);
        expect(await store().deleteSlice(collectionId, slice?.id ?? 0)).toEqual({ status: 'done', value: null });
        expect(await store().getSlice(collectionId, slice?.id ?? 0)).toBeUndefined();
        expect(await store().deleteSlice(collectionId, slice?.id ?? 0)).toEqual({ status: 'missing' });
        expect(await store().countSlices(collectionId)).toBe(0);
      });

      it('lists slices by start then id, without their products but with their count', async () => {
        const late = await store().createSlice(
          collectionId,
          draft({ startsAt: at('2026-12-01T00:00:00.000Z'), endsAt: undefined, products: ['A'] }),
          CREATED,
        );
        const early = await store().createSlice(
          collectionId,
          draft({ startsAt: at('2026-11-01T00:00:00.000Z'), products: ['A', 'B'] }),
          CREATED,
        );
        const twin = await store().createSlice(
          collectionId,
          draft({ startsAt: at('2026-11-01T00:00:00.000Z'), products: [] }),
          CREATED,
        );
        const listed = await store().listSlices(collectionId);
        expect(listed.map((s) => s.id)).toEqual([early?.id, twin?.id, late?.id]);
        expect(listed.map((s) => s.productCount)).toEqual([2, 0, 1]);
        expect(listed[0]).not.toHaveProperty('products');
        const { products: _products, ...rest } = early ?? { products: [] };
        expect(listed[0]).toEqual({ ...rest, productCount: 2 });
      });

      describe('the slices overlapping a window', () => {
        const window = { from: at('2026-11-10T00:00:00.000Z'), to: at('2026-11-20T00:00:00.000Z') };
        const make = (startsAt: string, endsAt: string, name = startsAt) =>
          store().createSlice(collectionId, draft({ name, startsAt: at(startsAt), endsAt: at(endsAt) }), CREATED);

        it('lists each collection asked, its slices active at some instant of [from, to), by start then id, at exact instants', async () => {
          await make('2026-11-01T00:00:00.000Z', '2026-11-10T00:00:00.000Z', 'ends at from');
          const crossing = await make('2026-11-01T00:00:00.000Z', '2026-11-10T00:00:00.001Z', 'ends just after from');
          const last = await make('2026-11-19T23:59:59.999Z', '2026-12-01T00:00:00.000Z', 'starts just before to');
          const inside = await make('2026-11-12T00:00:00.000Z', '2026-11-13T00:00:00.000Z', 'inside');
          const twin = await make('2026-11-12T00:00:00.000Z', '2026-11-14T00:00:00.000Z', 'inside, later id');
          await make('2026-11-20T00:00:00.000Z', '2026-11-21T00:00:00.000Z', 'starts at to');
          const empty = await store().createCollection({ name: 'Empty', description: '' }, CREATED);
          const found = await store().listSlicesOverlapping([collectionId, empty.id], window, 10);
          const mine = found.get(collectionId)!;
          expect(mine.items.map((s) => s.id)).toEqual([crossing!.id, inside!.id, twin!.id, last!.id]);
          expect(mine.more).toBe(false);
          expect(mine.items[0]).not.toHaveProperty('products');
          const { products: _products, ...rest } = crossing!;
          expect(mine.items[0]).toEqual({ ...rest, productCount: 3 });
          expect(found.get(empty.id)).toEqual({ items: [], more: false });
        });

        it('lists at most perCollection of a collection, the earliest first, and says there are more', async () => {
          const a = await make('2026-11-11T00:00:00.000Z', '2026-11-30T00:00:00.000Z');
          const b = await make('2026-11-12T00:00:00.000Z', '2026-11-30T00:00:00.000Z');
          await make('2026-11-13T00:00:00.000Z', '2026-11-30T00:00:00.000Z');
          const found = await store().listSlicesOverlapping([collectionId], window, 2);
          expect(found.get(collectionId)).toEqual({
            items: [expect.objectContaining({ id: a!.id }), expect.objectContaining({ id: b!.id })],
            more: true,
          });
          expect((await store().listSlicesOverlapping([collectionId], window, 3)).get(collectionId)!.more).toBe(false);
        });
      });

      describe('the active slice at an instant', () => {
        /** A long slice, then two starting together (the later one ending first): each shown in turn. */
        async function overlappingSlices() {
          const windows = [
            { startsAt: at('2026-11-01T00:00:00.000Z'), endsAt: undefined },
            { startsAt: at('2026-11-20T00:00:00.000Z'), endsAt: at('2026-11-25T00:00:00.000Z') },
            { startsAt: at('2026-11-20T00:00:00.000Z'), endsAt: at('2026-11-22T00:00:00.000Z') },
          ];
          const made = [];
          for (const window of windows) made.push(await store().createSlice(collectionId, draft(window), CREATED));
          return made;
        }

        it('follows the half-open window exactly', async () => {
          const slice = await store().createSlice(
            collectionId,
            draft({ startsAt: at('2026-11-27T03:00:00.000Z'), endsAt: at('2026-11-28T03:00:00.000Z') }),
            CREATED,
          );
          expect(await store().findActiveSlice(collectionId, at('2026-11-27T02:59:59.999Z'))).toBeUndefined();
          expect(await store().findActiveSlice(collectionId, at('2026-11-27T03:00:00.000Z'))).toEqual(slice);
          expect(await store().findActiveSlice(collectionId, at('2026-11-28T02:59:59.999Z'))).toEqual(slice);
          expect(await store().findActiveSlice(collectionId, at('2026-11-28T03:00:00.000Z'))).toBeUndefined();
        });

        it('picks the latest start, then the highest id, and only within the collection', async () => {
          const [long, twinA, twinB] = await overlappingSlices();
          const other = (await store().createCollection({ name: 'B', description: '' }, CREATED)).id;
          await store().createSlice(other, draft({ startsAt: at('2026-11-21T00:00:00.000Z'), endsAt: undefined }), CREATED);
          expect((await store().findActiveSlice(collectionId, at('2026-11-21T00:00:00.000Z')))?.id).toBe(twinB?.id);
          expect((await store().findActiveSlice(collectionId, at('2026-11-22T00:00:00.000Z')))?.id).toBe(twinA?.id);
          expect((await store().findActiveSlice(collectionId, at('2026-11-25T00:00:00.000Z')))?.id).toBe(long?.id);
          expect((await store().findActiveSlice(collectionId, at('2026-11-21T00:00:00.000Z')))?.products).toEqual(
            twinB?.products,
          );
        });

        it('finds what many collections show at an instant at once, as findActiveSlice does, without products', async () => {
          const [long, twinA, twinB] = await overlappingSlices();
          const other = (await store().createCollection({ name: 'B', description: '' }, CREATED)).id;
          const otherSlice = await store().createSlice(
            other,
            draft({ startsAt: at('2026-11-21T00:00:00.000Z'), endsAt: at('2026-11-23T00:00:00.000Z') }),
            CREATED,
          );
          const idle = (await store().createCollection({ name: 'C', description: '' }, CREATED)).id;
          const ids = [collectionId, other, idle, idle + 1000];
          const shown = async (instant: string) => {
            const found = await store().findActiveSlices(ids, at(instant));
            return Object.fromEntries([...found].map(([id, slice]) => [id, slice.id]));
          };
          expect(await shown('2026-11-20T23:59:59.999Z')).toEqual({ [collectionId]: twinB?.id });
          expect(await shown('2026-11-21T00:00:00.000Z')).toEqual({ [collectionId]: twinB?.id, [other]: otherSlice?.id });
          expect(await shown('2026-11-22T00:00:00.000Z')).toEqual({ [collectionId]: twinA?.id, [other]: otherSlice?.id });
          expect(await shown('2026-11-23T00:00:00.000Z')).toEqual({ [collectionId]: twinA?.id });
          expect(await shown('2026-11-25T00:00:00.000Z')).toEqual({ [collectionId]: long?.id });
          expect(await shown('2026-10-01T00:00:00.000Z')).toEqual({});
          expect(await store().findActiveSlices([], at('2026-11-25T00:00:00.000Z'))).toEqual(new Map());
          const summary = (await store().findActiveSlices([collectionId], at('2026-11-21T00:00:00.000Z'))).get(collectionId);
          expect(summary).not.toHaveProperty('products');
          expect(summary).toEqual((await store().listSlices(collectionId)).find((s) => s.id === twinB?.id));
        });

        it('names the next start or end strictly after an instant, as the domain rule does', async () => {
          const windows = [
            { startsAt: at('2026-11-01T00:00:00.000Z'), endsAt: at('2026-12-01T00:00:00.000Z') },
            { startsAt: at('2026-11-20T00:00:00.000Z'), endsAt: at('2026-11-25T00:00:00.000Z') },
            { startsAt: at('2026-11-22T00:00:00.000Z'), endsAt: undefined },
          ];
          for (const w of windows) await store().createSlice(collectionId, draft(w), CREATED);
          const other = (await store().createCollection({ name: 'B', description: '' }, CREATED)).id;
          await store().createSlice(other, draft({ startsAt: at('2026-11-21T00:00:00.000Z'), endsAt: undefined }), CREATED);
          const expectations: [string, string | undefined][] = [
            ['2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'],
            ['2026-11-01T00:00:00.000Z', '2026-11-20T00:00:00.000Z'],
            ['2026-11-20T00:00:00.000Z', '2026-11-22T00:00:00.000Z'],
            ['2026-11-22T00:00:00.000Z', '2026-11-25T00:00:00.000Z'],
            ['2026-11-25T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
            ['2026-12-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z'],
            ['9999-12-31T23:59:59.999Z', undefined],
          ];
          for (const [instant, next] of expectations) {
            expect((await store().findNextTransition(collectionId, at(instant)))?.toISOString(), instant).toBe(next);
          }
          expect(await store().findNextTransition(collectionId + 1000, at('2026-10-01T00:00:00.000Z'))).toBeUndefined();
        });

        it('lists the slices of every collection starting or ending in (after, until], by id and in pages, and the next transition of any', async () => {
          const other = (await store().createCollection({ name: 'B', description: '' }, CREATED)).id;
          const a = await store().createSlice(
            collectionId,
            draft({ startsAt: at('2026-11-27T10:00:00.000Z'), endsAt: at('2026-11-28T00:00:00.000Z') }),
            CREATED,
          );
          const b = await store().createSlice(
            other,
            draft({ startsAt: at('2026-11-01T00:00:00.000Z'), endsAt: at('2026-11-27T10:00:00.000Z') }),
            CREATED,
          );
          const c = await store().createSlice(
            other,
            draft({ startsAt: at('2026-11-27T09:00:00.000Z'), endsAt: undefined }),
            CREATED,
          );
          await store().createSlice(
            collectionId,
            draft({ startsAt: at('2026-11-27T10:00:00.001Z'), endsAt: undefined }),
            CREATED,
          );
          const window = [at('2026-11-27T09:00:00.000Z'), at('2026-11-27T10:00:00.000Z')] as const;
          const all = await store().listSlicesChangingIn(...window, { limit: 10 });
          expect(all.items.map((s) => s.id)).toEqual([a?.id, b?.id]);
          expect(all.more).toBe(false);
          expect(all.items[0]).not.toHaveProperty('products');
          expect(all.items[0]).toEqual((await store().findActiveSlices([collectionId], window[1])).get(collectionId));
          const first = await store().listSlicesChangingIn(...window, { limit: 1 });
          expect([first.items.map((s) => s.id), first.more]).toEqual([[a?.id], true]);
          const second = await store().listSlicesChangingIn(...window, { limit: 1, afterId: a?.id });
          expect([second.items.map((s) => s.id), second.more]).toEqual([[b?.id], false]);
          expect(
            (
              await store().listSlicesChangingIn(at('2026-11-27T08:59:59.999Z'), at('2026-11-27T09:00:00.000Z'), { limit: 10 })
            ).items.map((s) => s.id),
          ).toEqual([c?.id]);
          expect((await store().findNextTransitionOfAny(at('2026-11-27T09:30:00.000Z')))?.toISOString()).toBe(
            '2026-11-27T10:00:00.000Z',
          );
          expect((await store().findNextTransitionOfAny(at('2026-11-27T10:00:00.000Z')))?.toISOString()).toBe(
            '2026-11-27T10:00:00.001Z',
          );
          expect((await store().findNextTransitionOfAny(at('2026-11-28T00:00:00.000Z')))?.toISOString()).toBe(
            '9999-12-31T23:59:59.999Z',
          );
          expect(await store().findNextTransitionOfAny(at('9999-12-31T23:59:59.999Z'))).toBeUndefined();
        });

        it('follows replacements and deletes at once', async () => {
          const slice = await store().createSlice(
            collectionId,
            draft({ startsAt: at('2026-11-01T00:00:00.000Z'), endsAt: undefined }),
            CREATED,
          );
          const now = at('2026-11-21T00:00:00.000Z');
          await store().replaceSlice(
            collectionId,
            slice?.id ?? 0,
            draft({ startsAt: at('2026-12-01T00:00:00.000Z'), endsAt: undefined }),
            LATER,
          );
          expect(await store().findActiveSlice(collectionId, now)).toBeUndefined();
          await store().replaceSlice(
            collectionId,
            slice?.id ?? 0,
            draft({ startsAt: at('2026-11-01T00:00:00.000Z'), endsAt: undefined, products: ['X'] }),
            LATER,
          );
          expect((await store().findActiveSlice(collectionId, now))?.products).toEqual(['X']);
          await store().deleteSlice(collectionId, slice?.id ?? 0);
          expect(await store().findActiveSlice(collectionId, now)).toBeUndefined();
        });
      });
    });

    describe('slice history', () => {
      let collectionId: number;
      beforeEach(async () => {
        collectionId = (await store().createCollection({ name: 'Verão', description: '' }, CREATED)).id;
      });

      const change = (n: number): Change => ({ at: new Date(Date.UTC(2026, 10, 2, 10, 0, n)), by: `planner ${n}` });
      const versionsOf = async (sliceId: number, query: SliceVersionQuery = { limit: 500 }) =>
        (await store().listSliceVersions(collectionId, sliceId, query))?.items.map((v) => v.version);

      it('keeps every version a create and each replacement make, newest first: content, author and time', async () => {
        const first = draft({ products: ['A', 'B'], type: 'AI', generator: { seeds: ['S'], size: 2, includeSeeds: true } });
        const slice = await store().createSlice(collectionId, first, CREATED);
        const id = slice?.id ?? 0;
        const second = draft({ name: 'Natal', products: ['B', 'C'], filters: { tags: ['festa'] } });
        done(await store().replaceSlice(collectionId, id, second, LATER, 1));
        const page = await store().listSliceVersions(collectionId, id, { limit: 10 });
        expect(page).toEqual({
          items: [
            { collectionId, sliceId: id, version: 2, at: LATER.at, by: 'planner', content: second },
            { collectionId, sliceId: id, version: 1, at: CREATED.at, by: 'builder', content: first },
          ],
          more: false,
        });
        expect(await store().getSliceVersion(collectionId, id, 1)).toEqual(page?.items[1]);
        expect(await store().getSliceVersion(collectionId, id, 2)).toEqual(page?.items[0]);
      });

      it('pages newest first, before a version, saying whether more follow', async () => {
        const id = (await store().createSlice(collectionId, draft(), CREATED))?.id ?? 0;
        for (let n = 2; n <= 5; n++)
          done(await store().replaceSlice(collectionId, id, draft({ products: [`P${n}`] }), change(n)));
        const first = await store().listSliceVersions(collectionId, id, { limit: 2 });
        expect(first?.items.map((v) => v.version)).toEqual([5, 4]);
        expect(first?.more).toBe(true);
        const second = await store().listSliceVersions(collectionId, id, { limit: 2, beforeVersion: 4 });
        expect(second?.items.map((v) => v.version)).toEqual([3, 2]);
        expect(second?.more).toBe(true);
        expect(await store().listSliceVersions(collectionId, id, { limit: 2, beforeVersion: 2 })).toMatchObject({ more: false });
        expect(await versionsOf(id, { limit: 2, beforeVersion: 1 })).toEqual([]);
        expect(await versionsOf(id, { limit: 10, beforeVersion: 99 })).toEqual([5, 4, 3, 2, 1]);
        expect((await store().getSliceVersion(collectionId, id, 3))?.content.products).toEqual(['P3']);
      });

      it('keeps nothing of a refused replacement', async () => {
        const id = (await store().createSlice(collectionId, draft({ products: ['A'] }), CREATED))?.id ?? 0;
        expect((await store().replaceSlice(collectionId, id, draft({ products: ['B'] }), LATER, 7)).status).toBe('stale');
        expect(await versionsOf(id)).toEqual([1]);
        expect(await store().getSliceVersion(collectionId, id, 2)).toBeUndefined();
      });

      it('keeps a version for each of two writers racing without an expected version', async () => {
        const id = (await store().createSlice(collectionId, draft({ products: ['A'] }), CREATED))?.id ?? 0;
        await Promise.all([
          store().replaceSlice(collectionId, id, draft({ products: ['B'] }), LATER),
          store().replaceSlice(collectionId, id, draft({ products: ['C'] }), LATER),
        ]);
        const slice = await store().getSlice(collectionId, id);
        expect(slice?.version).toBe(3);
        const versions = (await store().listSliceVersions(collectionId, id, { limit: 10 }))?.items ?? [];
        expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
        expect(versions[0]?.content.products).toEqual(slice?.products);
        expect(versions.map((v) => v.content.products[0]).sort()).toEqual(['A', 'B', 'C']);
      });

      it(`keeps the last ${MAX_SLICE_VERSIONS} versions of a slice`, async () => {
        const id = (await store().createSlice(collectionId, draft({ products: ['P1'] }), CREATED))?.id ?? 0;
        const last = MAX_SLICE_VERSIONS + 5;
        for (let n = 2; n <= last; n++)
          done(await store().replaceSlice(collectionId, id, draft({ products: [`P${n}`] }), change(n)));
        const versions = await versionsOf(id);
        expect(versions).toHaveLength(MAX_SLICE_VERSIONS);
        expect(versions?.[0]).toBe(last);
        expect(versions?.at(-1)).toBe(last - MAX_SLICE_VERSIONS + 1);
        expect(await store().getSliceVersion(collectionId, id, last - MAX_SLICE_VERSIONS)).toBeUndefined();
        expect((await store().getSliceVersion(collectionId, id, last - MAX_SLICE_VERSIONS + 1))?.content.products).toEqual([
          `P${last - MAX_SLICE_VERSIONS + 1}`,
        ]);
        expect(await versionsOf(id, { limit: 10, beforeVersion: last - MAX_SLICE_VERSIONS + 2 })).toEqual([
          last - MAX_SLICE_VERSIONS + 1,
        ]);
        expect(await versionsOf(id, { limit: 10, beforeVersion: last - MAX_SLICE_VERSIONS + 1 })).toEqual([]);
      });

      it('knows no version of a missing slice, of a slice through another collection, nor one never saved', async () => {
        const id = (await store().createSlice(collectionId, draft(), CREATED))?.id ?? 0;
        const other = (await store().createCollection({ name: 'B', description: '' }, CREATED)).id;
        expect(await store().listSliceVersions(other, id, { limit: 10 })).toBeUndefined();
        expect(await store().getSliceVersion(other, id, 1)).toBeUndefined();
        expect(await store().listSliceVersions(collectionId, id + 1000, { limit: 10 })).toBeUndefined();
        expect(await store().getSliceVersion(collectionId, id, 2)).toBeUndefined();
        expect(await store().getSliceVersion(collectionId, id, 0)).toBeUndefined();
      });

      it('drops a slice’s history with the slice, and with its collection', async () => {
        const gone = (await store().createSlice(collectionId, draft(), CREATED))?.id ?? 0;
        done(await store().replaceSlice(collectionId, gone, draft({ products: ['X'] }), LATER));
        done(await store().deleteSlice(collectionId, gone));
        expect(await store().listSliceVersions(collectionId, gone, { limit: 10 })).toBeUndefined();
        expect(await store().getSliceVersion(collectionId, gone, 1)).toBeUndefined();
        const kept = (await store().createSlice(collectionId, draft(), CREATED))?.id ?? 0;
        done(await store().replaceSlice(collectionId, kept, draft({ products: ['Y'] }), LATER));
        done(await store().deleteCollection(collectionId));
        expect(await store().getSliceVersion(collectionId, kept, 1)).toBeUndefined();
        expect(await store().listSliceVersions(collectionId, kept, { limit: 10 })).toBeUndefined();
      });
    });
  });
}
