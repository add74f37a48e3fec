import { beforeEach, describe, expect, it } from 'vitest';
import { uncached } from '../support/caching.js';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryCollectionStore } from '../../src/adapters/memory/in-memory-collection-store.js';
import { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';
import { CreateCollection } from '../../src/application/merchandising/create-collection.js';
import { CreateSlice } from '../../src/application/merchandising/create-slice.js';
import { DeleteCollection } from '../../src/application/merchandising/delete-collection.js';
import { DeleteSlice } from '../../src/application/merchandising/delete-slice.js';
import { GetActiveSlice } from '../../src/application/merchandising/get-active-slice.js';
import { GetSlice } from '../../src/application/merchandising/get-slice.js';
import { ListSlices } from '../../src/application/merchandising/list-slices.js';
import { ReplaceSlice } from '../../src/application/merchandising/replace-slice.js';
import { UpdateCollection } from '../../src/application/merchandising/update-collection.js';
import { DomainError, ValidationError } from '../../src/domain/shared/errors.js';
import { aProductInput, aSliceInput, at, T0 } from '../support/mothers.js';

const codeOf = (e: unknown) => (e instanceof DomainError ? e.code : String(e));
const failure = (p: Promise<unknown>) => p.then(() => 'no error', codeOf);

describe('merchandising use cases', () => {
  let clock: FakeClock;
  let collections: InMemoryCollectionStore;
  let products: InMemoryProductStore;
  let createCollection: CreateCollection;
  let createSlice: CreateSlice;
  let getActive: GetActiveSlice;
  let collectionId: number;
  let answers: ReturnType<typeof uncached>;

  beforeEach(async () => {
    clock = new FakeClock('2026-11-21T12:00:00.000Z');
    answers = uncached(clock);
    collections = new InMemoryCollectionStore();
    products = new InMemoryProductStore();
    createCollection = new CreateCollection(collections, clock, answers);
    createSlice = new CreateSlice(collections, clock, answers);
    getActive = new GetActiveSlice(collections, products, clock, answers);
    collectionId = (await createCollection.execute({ name: 'Black Friday', description: 'Ofertas' })).id;
  });

  describe('the active slice, as the clock moves', () => {
    beforeEach(async () => {
      await createSlice.execute(
        collectionId,
        aSliceInput({
          name: 'Semana',
          startsAt: at('2026-11-23T03:00:00.000Z'),
          endsAt: at('2026-11-30T03:00:00.000Z'),
          products: ['W1', 'W2'],
        }),
      );
      await createSlice.execute(
        collectionId,
        aSliceInput({
          name: 'Sexta',
          startsAt: at('2026-11-27T03:00:00.000Z'),
          endsAt: at('2026-11-28T03:00:00.000Z'),
          products: ['F1'],
        }),
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
    ])('at %s shows %s', async (instant, expected) => {
      clock.set(instant);
      if (expected === undefined) {
        expect(await failure(getActive.execute(collectionId))).toBe('NO_ACTIVE_SLICE');
      } else {
        const view = await getActive.execute(collectionId);
        expect(view.slice.name).toBe(expected);
        expect(view.collection.name).toBe('Black Friday');
      }
    });

    it('tells an unknown collection from one without an active slice', async () => {
      expect(await failure(getActive.execute(collectionId + 99))).toBe('COLLECTION_NOT_FOUND');
      expect(await failure(getActive.execute(collectionId))).toBe('NO_ACTIVE_SLICE');
    });
  });

  describe('active flags from the slice filters and the catalog', () => {
    beforeEach(async () => {
      await products.save(aProductInput({ id: 'CHEAP', price: 50, available: true }), T0);
      await products.save(aProductInput({ id: 'DEAR', price: 500, available: true }), T0);
      await products.save(aProductInput({ id: 'GONE', price: 50, available: false }), T0);
    });

    it('marks each product by the filters, unknown products inactive', async () => {
      await createSlice.execute(
        collectionId,
        aSliceInput({
          startsAt: at('2026-11-01T00:00:00.000Z'),
          products: ['DEAR', 'CHEAP', 'UNKNOWN', 'GONE'],
          filters: { availableOnly: true, maxPrice: 100 },
        }),
      );
      expect((await getActive.execute(collectionId)).active).toEqual([false, true, false, false]);
    });

    it('marks every product active, known or not, without filters', async () => {
      await createSlice.execute(
        collectionId,
        aSliceInput({ startsAt: at('2026-11-01T00:00:00.000Z'), products: ['DEAR', 'UNKNOWN', 'GONE'] }),
      );
      expect((await getActive.execute(collectionId)).active).toEqual([true, true, true]);
    });

    it('follows catalog changes at the next read', async () => {
      await createSlice.execute(
        collectionId,
        aSliceInput({ startsAt: at('2026-11-01T00:00:00.000Z'), products: ['CHEAP'], filters: { availableOnly: true } }),
      );
      expect((await getActive.execute(collectionId)).active).toEqual([true]);
      await products.save(aProductInput({ id: 'CHEAP', available: false }), T0);
      expect((await getActive.execute(collectionId)).active).toEqual([false]);
    });
  });

  describe('editing slices', () => {
    it('answers the new slice with its status now', async () => {
      const scheduled = await createSlice.execute(collectionId, aSliceInput({ startsAt: at('2026-11-21T12:00:00.001Z') }));
      const active = await createSlice.execute(collectionId, aSliceInput({ startsAt: at('2026-11-21T12:00:00.000Z') }));
      const expired = await createSlice.execute(
        collectionId,
        aSliceInput({ startsAt: at('2026-11-01T00:00:00.000Z'), endsAt: at('2026-11-21T12:00:00.000Z') }),
      );
      expect([scheduled.status, active.status, expired.status]).toEqual(['SCHEDULED', 'ACTIVE', 'EXPIRED']);
    });

    it('saves nothing when a slice breaks a rule', async () => {
      await expect(createSlice.execute(collectionId, aSliceInput({ products: ['A', 'A'] }))).rejects.toBeInstanceOf(
        ValidationError,
      );
      expect(await collections.countSlices(collectionId)).toBe(0);
    });

    it('names the missing thing: collection or slice', async () => {
      const slice = (await createSlice.execute(collectionId, aSliceInput())).slice;
      const getSlice = new GetSlice(collections, products, clock);
      const replaceSlice = new ReplaceSlice(collections, clock, answers);
      const deleteSlice = new DeleteSlice(collections, answers);
      expect(await failure(createSlice.execute(999, aSliceInput()))).toBe('COLLECTION_NOT_FOUND');
      for (const run of [
        (c: number, s: number) => getSlice.execute(c, s),
        (c: number, s: number) => replaceSlice.execute(c, s, aSliceInput()),
        (c: number, s: number) => deleteSlice.execute(c, s),
      ]) {
        expect(await failure(run(999, slice.id))).toBe('COLLECTION_NOT_FOUND');
        expect(await failure(run(collectionId, slice.id + 99))).toBe('SLICE_NOT_FOUND');
      }
    });

    it('lists slices with their status now', async () => {
      await createSlice.execute(collectionId, aSliceInput({ startsAt: at('2026-12-01T00:00:00.000Z'), endsAt: undefined }));
      await createSlice.execute(collectionId, aSliceInput({ startsAt: at('2026-11-01T00:00:00.000Z'), endsAt: undefined }));
      const listed = await new ListSlices(collections, clock).execute(collectionId);
      expect(listed.collection.sliceCount).toBe(2);
      expect(listed.slices.map((s) => s.status)).toEqual(['ACTIVE', 'SCHEDULED']);
      expect(await failure(new ListSlices(collections, clock).execute(999))).toBe('COLLECTION_NOT_FOUND');
    });
  });

  describe('editing collections', () => {
    it('refuses an update that changes nothing, and names unknown collections', async () => {
      const update = new UpdateCollection(collections, clock, answers);
      await expect(update.execute(collectionId, {})).rejects.toBeInstanceOf(ValidationError);
      expect(await failure(update.execute(999, { name: 'x' }))).toBe('COLLECTION_NOT_FOUND');
      expect((await update.execute(collectionId, { name: '  Natal ' })).name).toBe('Natal');
    });

    it('deletes a collection and its slices', async () => {
      await createSlice.execute(collectionId, aSliceInput({ startsAt: at('2026-11-01T00:00:00.000Z') }));
      await new DeleteCollection(collections, answers).execute(collectionId);
      expect(await failure(getActive.execute(collectionId))).toBe('COLLECTION_NOT_FOUND');
      expect(await failure(new DeleteCollection(collections, answers).execute(collectionId))).toBe('COLLECTION_NOT_FOUND');
    });
  });
});
