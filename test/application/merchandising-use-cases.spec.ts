import { beforeEach, describe, expect, it } from 'vitest';
import { DomainError, ValidationError } from '../../src/domain/shared/errors.js';
import { EditSliceProducts } from '../../src/application/merchandising/edit-slice-products.js';
import { SliceWriter } from '../../src/application/merchandising/slice-writer.js';
import { Precondition } from '../../src/application/shared/precondition.js';
import type { CollectionStore } from '../../src/domain/merchandising/collection-store.js';
import { ListCollections } from '../../src/application/merchandising/list-collections.js';
import { counting } from '../support/counting.js';
import { merchandisingKit } from '../support/merchandising-kit.js';
import { aProductInput, aSliceInput, at, T0 } from '../support/mothers.js';

const codeOf = (e: unknown) => (e instanceof DomainError ? e.code : String(e));
const failure = (p: Promise<unknown>) => p.then(() => 'no error', codeOf);
const ACTOR = 'builder-ui';

describe('merchandising use cases', () => {
  let kit: ReturnType<typeof merchandisingKit>;
  let collectionId: number;

  beforeEach(async () => {
    kit = merchandisingKit();
    collectionId = (await kit.createCollection.execute({ name: 'Black Friday', description: 'Ofertas' }, ACTOR)).id;
  });

  describe('the active slice, as the clock moves', () => {
    beforeEach(async () => {
      await kit.createSlice.execute(
        collectionId,
        aSliceInput({
          name: 'Semana',
          startsAt: at('2026-11-23T03:00:00.000Z'),
          endsAt: at('2026-11-30T03:00:00.000Z'),
          products: ['W1', 'W2'],
        }),
        ACTOR,
      );
      await kit.createSlice.execute(
        collectionId,
        aSliceInput({
          name: 'Sexta',
          startsAt: at('2026-11-27T03:00:00.000Z'),
          endsAt: at('2026-11-28T03:00:00.000Z'),
          products: ['F1'],
        }),
        ACTOR,
      );
    });

    it.each([
      ['2026-11-23T02:59:59.999Z', undefined],
      ['2026-11-23T03:00:00.000Z', 'Semana'],
      ['2026-11-27T02:59:59.999Z', 'Semana'],
      ['2026-11-27T03:00:00.000Z', 'Sexta'],
      ['2026-11-28T02:59:59.999Z', 'Sexta'],
      ['2026-11-28T03:00:00.000Z', 'Semana'],
      ['2026-11-30T02:59:59.999Z', 'Semana'],
      ['2026-11-30T03:00:00.000Z', undefined],
    ])('at %s shows %s (and a preview at that instant agrees)', async (instant, expected) => {
      kit.clock.set(instant);
      if (expected === undefined) {
        expect(await failure(kit.getActive.execute(collectionId))).toBe('NO_ACTIVE_SLICE');
        kit.clock.set(T0);
        expect(await failure(kit.getActive.execute(collectionId, at(instant)))).toBe('NO_ACTIVE_SLICE');
      } else {
        const view = await kit.getActive.execute(collectionId);
        expect(view.slice.name).toBe(expected);
        kit.clock.set(T0);
        expect((await kit.getActive.execute(collectionId, at(instant))).slice.name).toBe(expected);
      }
    });

    it('names when the collection next shows something else', async () => {
      kit.clock.set('2026-11-24T00:00:00.000Z');
      expect((await kit.getActive.execute(collectionId)).nextChange).toEqual(at('2026-11-27T03:00:00.000Z'));
    });

    it('lays out the calendar as segments, cut where the shown slice changes', async () => {
      const { segments } = await kit.timeline.execute(
        collectionId,
        at('2026-11-22T00:00:00.000Z'),
        at('2026-12-01T00:00:00.000Z'),
      );
      expect(segments.map((s) => [s.from.toISOString(), s.until.toISOString(), s.slice?.name])).toEqual([
        ['2026-11-22T00:00:00.000Z', '2026-11-23T03:00:00.000Z', undefined],
        ['2026-11-23T03:00:00.000Z', '2026-11-27T03:00:00.000Z', 'Semana'],
        ['2026-11-27T03:00:00.000Z', '2026-11-28T03:00:00.000Z', 'Sexta'],
        ['2026-11-28T03:00:00.000Z', '2026-11-30T03:00:00.000Z', 'Semana'],
        ['2026-11-30T03:00:00.000Z', '2026-12-01T00:00:00.000Z', undefined],
      ]);
      expect(
        await failure(kit.timeline.execute(collectionId, at('2026-12-01T00:00:00.000Z'), at('2026-12-01T00:00:00.000Z'))),
      ).toBe('VALIDATION_FAILED');
      expect(await failure(kit.timeline.execute(999, at('2026-11-01T00:00:00.000Z'), at('2026-12-01T00:00:00.000Z')))).toBe(
        'COLLECTION_NOT_FOUND',
      );
    });

    it('tells an unknown collection from one without an active slice', async () => {
      expect(await failure(kit.getActive.execute(collectionId + 99))).toBe('COLLECTION_NOT_FOUND');
      expect(await failure(kit.getActive.execute(collectionId))).toBe('NO_ACTIVE_SLICE');
    });
  });

  describe('active flags from the slice filters and the catalog', () => {
    beforeEach(async () => {
      await kit.saveProduct(aProductInput({ id: 'CHEAP', price: 50, available: true }));
      await kit.saveProduct(aProductInput({ id: 'DEAR', price: 500, available: true }));
      await kit.saveProduct(aProductInput({ id: 'GONE', price: 50, available: false }));
    });

    it('marks each product by the filters, unknown products inactive', async () => {
      await kit.createSlice.execute(
        collectionId,
        aSliceInput({
          startsAt: at('2026-11-01T00:00:00.000Z'),
          products: ['DEAR', 'CHEAP', 'UNKNOWN', 'GONE'],
          filters: { availableOnly: true, maxPrice: 100 },
        }),
        ACTOR,
      );
      expect((await kit.getActive.execute(collectionId)).active).toEqual([false, true, false, false]);
    });

    it('marks every product active, known or not, without filters', async () => {
      await kit.createSlice.execute(
        collectionId,
        aSliceInput({ startsAt: at('2026-11-01T00:00:00.000Z'), products: ['DEAR', 'UNKNOWN', 'GONE'] }),
        ACTOR,
      );
      expect((await kit.getActive.execute(collectionId)).active).toEqual([true, true, true]);
    });
  });

  describe('writing slices', () => {
    it('answers the new slice with its status now, version 1 and its author', async () => {
      const scheduled = await kit.createSlice.execute(
        collectionId,
        aSliceInput({ startsAt: at('2026-11-21T12:00:00.001Z') }),
        ACTOR,
      );
      const active = await kit.createSlice.execute(
        collectionId,
        aSliceInput({ startsAt: at('2026-11-21T12:00:00.000Z') }),
        ACTOR,
      );
      const expired = await kit.createSlice.execute(
        collectionId,
        aSliceInput({ startsAt: at('2026-11-01T00:00:00.000Z'), endsAt: at('2026-11-21T12:00:00.000Z') }),
        ACTOR,
      );
      expect([scheduled.status, active.status, expired.status]).toEqual(['SCHEDULED', 'ACTIVE', 'EXPIRED']);
      expect(active.slice).toMatchObject({ version: 1, updatedBy: ACTOR, createdAt: T0 });
    });

    it('warns of every slice whose window overlaps, with the shared interval, and still saves', async () => {
      const week = await kit.createSlice.execute(
        collectionId,
        aSliceInput({ name: 'Semana', startsAt: at('2026-11-23T00:00:00.000Z'), endsAt: at('2026-11-30T00:00:00.000Z') }),
        ACTOR,
      );
      expect(week.warnings).toEqual([]);
      const friday = await kit.createSlice.execute(
        collectionId,
        aSliceInput({ name: 'Sexta', startsAt: at('2026-11-27T00:00:00.000Z'), endsAt: at('2026-12-02T00:00:00.000Z') }),
        ACTOR,
      );
      expect(friday.warnings).toEqual([
        {
          sliceId: week.slice.id,
          sliceName: 'Semana',
          from: at('2026-11-27T00:00:00.000Z'),
          until: at('2026-11-30T00:00:00.000Z'),
        },
      ]);
      const touching = await kit.createSlice.execute(
        collectionId,
        aSliceInput({ name: 'Depois', startsAt: at('2026-12-02T00:00:00.000Z'), endsAt: at('2026-12-03T00:00:00.000Z') }),
        ACTOR,
      );
      expect(touching.warnings).toEqual([]);
      const listed = await kit.listSlices.execute(collectionId);
      expect(listed.slices.map((s) => [s.name, s.overlapsWith])).toEqual([
        ['Semana', [friday.slice.id]],
        ['Sexta', [week.slice.id]],
        ['Depois', []],
      ]);
    });

    it('saves nothing when a slice breaks a rule', async () => {
      await expect(kit.createSlice.execute(collectionId, aSliceInput({ products: ['A', 'A'] }), ACTOR)).rejects.toBeInstanceOf(
        ValidationError,
      );
      expect(await kit.collections.countSlices(collectionId)).toBe(0);
    });

    it('refuses a change against an old version with PRECONDITION_FAILED, changing nothing', async () => {
      const { slice } = await kit.createSlice.execute(collectionId, aSliceInput({ products: ['A'] }), ACTOR);
      await kit.replaceSlice.execute(collectionId, slice.id, aSliceInput({ products: ['B'] }), {
        actor: 'other',
        precondition: Precondition.accepting([1]),
      });
      expect(
        await failure(
          kit.replaceSlice.execute(collectionId, slice.id, aSliceInput({ products: ['C'] }), {
            actor: ACTOR,
            precondition: Precondition.accepting([1]),
          }),
        ),
      ).toBe('PRECONDITION_FAILED');
      expect(
        await failure(
          kit.editProducts.execute(collectionId, slice.id, [{ op: 'add', productId: 'C' }], {
            actor: ACTOR,
            precondition: Precondition.accepting([1]),
          }),
        ),
      ).toBe('PRECONDITION_FAILED');
      expect(await failure(kit.deleteSlice.execute(collectionId, slice.id, Precondition.accepting([1])))).toBe(
        'PRECONDITION_FAILED',
      );
      expect((await kit.getSlice.execute(collectionId, slice.id)).slice).toMatchObject({
        products: ['B'],
        version: 2,
        updatedBy: 'other',
      });
    });

    it('names the missing thing: collection or slice', async () => {
      const { slice } = await kit.createSlice.execute(collectionId, aSliceInput(), ACTOR);
      const options = { actor: ACTOR };
      expect(await failure(kit.createSlice.execute(999, aSliceInput(), ACTOR))).toBe('COLLECTION_NOT_FOUND');
      for (const run of [
        (c: number, s: number) => kit.getSlice.execute(c, s),
        (c: number, s: number) => kit.replaceSlice.execute(c, s, aSliceInput(), options),
        (c: number, s: number) => kit.editProducts.execute(c, s, [{ op: 'add', productId: 'Z' }], options),
        (c: number, s: number) => kit.deleteSlice.execute(c, s),
      ]) {
        expect(await failure(run(999, slice.id))).toBe('COLLECTION_NOT_FOUND');
        expect(await failure(run(collectionId, slice.id + 99))).toBe('SLICE_NOT_FOUND');
      }
    });
  });

  describe('editing products in place', () => {
    let sliceId: number;
    beforeEach(async () => {
      sliceId = (await kit.createSlice.execute(collectionId, aSliceInput({ products: ['A', 'B', 'C'] }), ACTOR)).slice.id;
    });

    it('applies several edits in order as one change', async () => {
      const { slice } = await kit.editProducts.execute(
        collectionId,
        sliceId,
        [
          { op: 'add', productId: 'D', position: 1 },
          { op: 'remove', productId: 'B' },
          { op: 'move', productId: 'C', position: 2 },
          { op: 'add', productId: 'E' },
        ],
        { actor: ACTOR },
      );
      expect(slice.products).toEqual(['D', 'C', 'A', 'E']);
      expect(slice.version).toBe(2);
    });

    it('changes nothing when any edit is wrong, naming each', async () => {
      const error = await kit.editProducts
        .execute(
          collectionId,
          sliceId,
          [
            { op: 'remove', productId: 'X' },
            { op: 'move', productId: 'A', position: 9 },
            { op: 'add', productId: 'B' },
          ],
          { actor: ACTOR },
        )
        .catch((e: unknown) => e);
      expect((error as ValidationError).issues.map((i) => i.path)).toEqual(['operations.0.productId', 'operations.1.position']);
      expect((await kit.getSlice.execute(collectionId, sliceId)).slice.products).toEqual(['A', 'B', 'C']);
    });

    it('checks duplicates and the 500 limit on the result', async () => {
      const add = (productId: string) => ({ op: 'add' as const, productId });
      await expect(kit.editProducts.execute(collectionId, sliceId, [add('A')], { actor: ACTOR })).rejects.toMatchObject({
        issues: [{ path: 'products.3', message: 'duplicates products.0 (A)' }],
      });
      const many = Array.from({ length: 497 }, (_, i) => add(`N-${i}`));
      expect((await kit.editProducts.execute(collectionId, sliceId, many, { actor: ACTOR })).slice.products).toHaveLength(500);
      await expect(kit.editProducts.execute(collectionId, sliceId, [add('ONE-MORE')], { actor: ACTOR })).rejects.toMatchObject({
        issues: [{ path: 'products', message: 'must hold at most 500 products (got 501)' }],
      });
    });

    it('computes the edits again from the newer version when another writer saves between the read and the write', async () => {
      const writer = new SliceWriter(racing(kit.collections, 1), kit.clock, kit.answers, kit.products);
      const { slice } = await new EditSliceProducts(writer).execute(
        collectionId,
        sliceId,
        [{ op: 'add', productId: 'Z', position: 1 }],
        { actor: ACTOR },
      );
      expect(slice.products).toEqual(['Z', 'RACED', 'A', 'B', 'C']);
      expect(slice.version).toBe(3);
    });

    it('answers 409 when the slice keeps changing under a change without If-Match, and 412 with one', async () => {
      const writer = new SliceWriter(racing(kit.collections, 10), kit.clock, kit.answers, kit.products);
      const edits = [{ op: 'add' as const, productId: 'Z' }];
      expect(await failure(new EditSliceProducts(writer).execute(collectionId, sliceId, edits, { actor: ACTOR }))).toBe(
        'CONFLICT',
      );
      const current = (await kit.getSlice.execute(collectionId, sliceId)).slice.version;
      const guarded = new SliceWriter(racing(kit.collections, 1), kit.clock, kit.answers, kit.products);
      expect(
        await failure(
          new EditSliceProducts(guarded).execute(collectionId, sliceId, edits, {
            actor: ACTOR,
            precondition: Precondition.accepting([current]),
          }),
        ),
      ).toBe('PRECONDITION_FAILED');
    });

    it('computes the edits again from a newer version when another writer got there first', async () => {
      await kit.replaceSlice.execute(collectionId, sliceId, aSliceInput({ products: ['X', 'Y'] }), { actor: 'other' });
      const { slice } = await kit.editProducts.execute(collectionId, sliceId, [{ op: 'add', productId: 'Z', position: 1 }], {
        actor: ACTOR,
      });
      expect(slice.products).toEqual(['Z', 'X', 'Y']);
    });
  });

  describe('spreadsheet slices', () => {
    const rows = (...ids: string[]) => ids.map((productId, i) => ({ rowNumber: i + 2, productId }));

    it('creates a SPREADSHEET slice from the rows, in position order when a position column is given', async () => {
      const sheet = {
        hasPositionColumn: true,
        rows: [
          { rowNumber: 2, productId: 'C', position: '30' },
          { rowNumber: 3, productId: 'A', position: '10' },
          { rowNumber: 4, productId: 'B', position: '20' },
        ],
      };
      const { slice } = await kit.createSpreadsheetSlice.execute(
        collectionId,
        { name: 'Black Friday', startsAt: at('2026-11-27T03:00:00.000Z') },
        sheet,
        ACTOR,
      );
      expect(slice).toMatchObject({ type: 'SPREADSHEET', products: ['A', 'B', 'C'] });
    });

    it('replaces a slice’s products, keeping its name, dates and filters, and saves nothing from a bad sheet', async () => {
      const { slice } = await kit.createSlice.execute(
        collectionId,
        aSliceInput({ name: 'Natal', filters: { availableOnly: true }, products: ['OLD'] }),
        ACTOR,
      );
      const replaced = await kit.replaceFromSpreadsheet.execute(
        collectionId,
        slice.id,
        { rows: rows('N1', 'N2'), hasPositionColumn: false },
        { actor: ACTOR },
      );
      expect(replaced.slice).toMatchObject({
        name: 'Natal',
        type: 'SPREADSHEET',
        filters: { availableOnly: true },
        products: ['N1', 'N2'],
        version: 2,
      });
      await expect(
        kit.replaceFromSpreadsheet.execute(
          collectionId,
          slice.id,
          { rows: rows('N3', ''), hasPositionColumn: false },
          { actor: ACTOR },
        ),
      ).rejects.toBeInstanceOf(ValidationError);
      expect((await kit.getSlice.execute(collectionId, slice.id)).slice.products).toEqual(['N1', 'N2']);
    });
  });

  describe('AI slices', () => {
    beforeEach(async () => {
      // Two families of products that share nothing across them; within one, price closeness ranks.
      const dress = {
        category: 'vestidos',
        brand: 'Aurora',
        name: 'Vestido midi linho',
        description: 'Vestido de linho.',
        tags: ['linho'],
      };
      const sandal = {
        category: 'sandalias',
        brand: 'Trama',
        name: 'Sandália rasteira couro',
        description: 'Sandália de couro.',
        tags: ['couro'],
      };
      const catalog = [
        aProductInput({ id: 'SEED-V', ...dress, price: 100 }),
        aProductInput({ id: 'SEED-S', ...sandal, price: 100 }),
        aProductInput({ id: 'V1', ...dress, price: 110 }),
        aProductInput({ id: 'V2', ...dress, price: 150 }),
        aProductInput({ id: 'V3', ...dress, price: 250 }),
        aProductInput({ id: 'V-OUT', ...dress, price: 100, available: false }),
        aProductInput({ id: 'S1', ...sandal, price: 110 }),
        aProductInput({ id: 'S2', ...sandal, price: 200 }),
      ];
      for (const p of catalog) await kit.saveProduct(p);
    });

    it('fills the slice with the seeds’ neighbours taken in turns, without repeats or unavailable products', async () => {
      const { slice } = await kit.createAiSlice.execute(
        collectionId,
        { name: 'Sugestões', startsAt: at('2026-11-01T00:00:00.000Z'), seeds: ['SEED-V', 'SEED-S'], size: 4 },
        ACTOR,
      );
      expect(slice.type).toBe('AI');
      expect(slice.products).toEqual(['V1', 'S1', 'V2', 'S2']);
      expect(slice.generator).toEqual({ seeds: ['SEED-V', 'SEED-S'], size: 4, includeSeeds: false });
    });

    it('leads with the seeds when asked, and stops at the neighbours there are', async () => {
      const { slice } = await kit.createAiSlice.execute(
        collectionId,
        { name: 'Tudo', startsAt: at('2026-11-01T00:00:00.000Z'), seeds: ['SEED-S'], size: 100, includeSeeds: true },
        ACTOR,
      );
      expect(slice.products).toEqual(['SEED-S', 'S1', 'S2']);
    });

    it('refuses unknown seeds and sizes out of range', async () => {
      const error = await kit.createAiSlice
        .execute(
          collectionId,
          { name: 'X', startsAt: at('2026-11-01T00:00:00.000Z'), seeds: ['SEED-V', 'NOPE'], size: 501 },
          ACTOR,
        )
        .catch((e: unknown) => e);
      expect((error as ValidationError).issues.map((i) => i.path)).toEqual(['size', 'seeds.1']);
    });

    it('regenerates from the catalog as it is now, and only AI slices', async () => {
      const { slice } = await kit.createAiSlice.execute(
        collectionId,
        { name: 'Sugestões', startsAt: at('2026-11-01T00:00:00.000Z'), seeds: ['SEED-V'], size: 2 },
        ACTOR,
      );
      expect(slice.products).toEqual(['V1', 'V2']);
      await kit.saveProduct(aProductInput({ id: 'V1', category: 'vestidos', available: false }));
      const again = await kit.regenerate.execute(collectionId, slice.id, { actor: ACTOR });
      expect(again.slice.products).toEqual(['V2', 'V3']);
      expect(again.slice.version).toBe(2);
      const manual = (await kit.createSlice.execute(collectionId, aSliceInput(), ACTOR)).slice;
      expect(await failure(kit.regenerate.execute(collectionId, manual.id, { actor: ACTOR }))).toBe('CONFLICT');
    });
  });

  describe('collections', () => {
    it('pages through collections with a filter on the name', async () => {
      for (const name of ['Natal 2026', 'Dia das Mães', 'Natal 2027'])
        await kit.createCollection.execute({ name, description: '' }, ACTOR);
      const first = await kit.listCollections.execute({ limit: 2 });
      expect(first.items.map((c) => c.name)).toEqual(['Black Friday', 'Natal 2026']);
      const second = await kit.listCollections.execute({ limit: 2, afterId: first.nextAfterId });
      expect(second.items.map((c) => c.name)).toEqual(['Dia das Mães', 'Natal 2027']);
      expect(second.nextAfterId).toBeUndefined();
      expect((await kit.listCollections.execute({ name: 'natal' })).items.map((c) => c.name)).toEqual([
        'Natal 2026',
        'Natal 2027',
      ]);
      await expect(kit.listCollections.execute({ limit: 0 })).rejects.toBeInstanceOf(ValidationError);
    });

    it('lists a page with what each collection shows now in two store reads, whatever the page size', async () => {
      const calls = counting(kit.collections);
      const listing = new ListCollections(calls.store, kit.clock);
      for (let i = 0; i < 30; i++) {
        const { id } = await kit.createCollection.execute({ name: `C${i}`, description: '' }, ACTOR);
        if (i % 2 === 0) await kit.createSlice.execute(id, aSliceInput({ startsAt: kit.clock.now(), endsAt: undefined }), ACTOR);
      }
      const page = await listing.execute({ limit: 31 });
      expect(page.items.filter((c) => c.activeSlice !== undefined)).toHaveLength(15);
      expect([...calls.calls]).toEqual([
        ['listCollections', 1],
        ['findActiveSlices', 1],
      ]);
    });

    it('refuses an update that changes nothing or expects another version, and names unknown collections', async () => {
      expect(await failure(kit.updateCollection.execute(collectionId, {}, { actor: ACTOR }))).toBe('VALIDATION_FAILED');
      expect(await failure(kit.updateCollection.execute(999, { name: 'x' }, { actor: ACTOR }))).toBe('COLLECTION_NOT_FOUND');
      expect(
        await failure(
          kit.updateCollection.execute(collectionId, { name: 'x' }, { actor: ACTOR, precondition: Precondition.accepting([2]) }),
        ),
      ).toBe('PRECONDITION_FAILED');
      expect(
        await kit.updateCollection.execute(
          collectionId,
          { name: '  Natal ' },
          { actor: 'planner', precondition: Precondition.accepting([1]) },
        ),
      ).toMatchObject({ name: 'Natal', version: 2, updatedBy: 'planner' });
    });

    it('deletes a collection and its slices', async () => {
      await kit.createSlice.execute(collectionId, aSliceInput({ startsAt: at('2026-11-01T00:00:00.000Z') }), ACTOR);
      expect(await failure(kit.deleteCollection.execute(collectionId, Precondition.accepting([5])))).toBe('PRECONDITION_FAILED');
      await kit.deleteCollection.execute(collectionId);
      expect(await failure(kit.getActive.execute(collectionId))).toBe('COLLECTION_NOT_FOUND');
      expect(await failure(kit.deleteCollection.execute(collectionId))).toBe('COLLECTION_NOT_FOUND');
    });
  });
});

/** The store, where another writer saves the slice (prepending RACED) just before each of the next `races` writes. */
function racing(inner: CollectionStore, races: number): CollectionStore {
  const replaceSlice: CollectionStore['replaceSlice'] = async (collectionId, sliceId, draft, change, expectedVersion) => {
    if (races > 0) {
      races--;
      const current = await inner.getSlice(collectionId, sliceId);
      const products = ['RACED', ...(current?.products ?? []).filter((p) => p !== 'RACED')];
      if (current !== undefined) await inner.replaceSlice(collectionId, sliceId, { ...current, products }, change);
    }
    return inner.replaceSlice(collectionId, sliceId, draft, change, expectedVersion);
  };
  return new Proxy(inner, {
    get: (target, property) => (property === 'replaceSlice' ? replaceSlice : Reflect.get(target, property)),
  });
}
