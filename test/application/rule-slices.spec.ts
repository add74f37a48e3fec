import { beforeEach, describe, expect, it } from 'vitest';
import { InMemoryCollectionStore } from '../../src/adapters/memory/in-memory-collection-store.js';
import { AnswerCache } from '../../src/application/caching/answer-cache.js';
import { UNWATCHED } from '../../src/application/merchandising/active-slice-watch.js';
import { RuleSliceFiller } from '../../src/application/merchandising/fill-rule-slice.js';
import { PreviewRuleSlice } from '../../src/application/merchandising/preview-rule-slice.js';
import { RefreshRuleSlices } from '../../src/application/merchandising/refresh-rule-slices.js';
import { Precondition } from '../../src/application/shared/precondition.js';
import { EventStoreToken } from '../../src/domain/events/event-store.js';
import type { SliceRulesInput } from '../../src/domain/merchandising/slice-rules.js';
import { DomainError, ValidationError } from '../../src/domain/shared/errors.js';
import { merchandisingKit } from '../support/merchandising-kit.js';
import { testContainer } from '../support/test-container.js';
import { aPlainProductInput, aSliceInput, anEvent, at } from '../support/mothers.js';

const ACTOR = 'builder-ui';
const T0 = '2026-11-21T12:00:00.000Z';
const MINUTE = 60_000;
const codeOf = (e: unknown) => (e instanceof DomainError ? e.code : String(e));

const BEST_SELLERS: SliceRulesInput = {
  conditions: { categories: ['vestidos'] },
  sort: 'bestSelling',
  windowDays: 7,
  pins: [
    { productId: 'PIN-1', position: 1 },
    { productId: 'PIN-2', position: 3 },
  ],
  size: 5,
};

describe('rule slices', () => {
  let kit: ReturnType<typeof merchandisingKit>;
  let refresh: RefreshRuleSlices;
  let collectionId: number;
  const purchases = async (productId: string, count: number, when: string) => {
    const events = Array.from({ length: count }, (_, i) =>
      anEvent({ type: 'purchase', productId, sessionId: `s-${productId}-${i}`, at: at(when) }),
    );
    await kit.events.append(events);
  };
  const slice = (id: number) => kit.getSlice.execute(collectionId, id);

  beforeEach(async () => {
    kit = merchandisingKit(T0);
    refresh = kit.refreshRules;
    collectionId = (await kit.createCollection.execute({ name: 'Verão', description: '' }, ACTOR)).id;
    for (const [id, category, day] of [
      ['V1', 'vestidos', '01'],
      ['V2', 'vestidos', '02'],
      ['V3', 'vestidos', '03'],
      ['V4', 'vestidos', '04'],
      ['S1', 'saias', '05'],
      ['PIN-1', 'saias', '06'],
    ] as const) {
      kit.clock.set(`2026-11-${day}T00:00:00.000Z`);
      await kit.saveProduct(aPlainProductInput(id, { category, available: id !== 'V4' }));
    }
    kit.clock.set(T0);
    await purchases('V3', 3, '2026-11-20T00:00:00.000Z');
    await purchases('V1', 2, '2026-11-21T11:59:59.999Z');
    await purchases('S1', 9, '2026-11-20T00:00:00.000Z'); // not a dress
    await purchases('V2', 5, '2026-11-14T11:59:59.999Z'); // a millisecond before the window
  });

  it('are filled on save: conditions, best sellers of the window, pins at their positions, the filters deciding `active`', async () => {
    const change = await kit.createSlice.execute(
      collectionId,
      aSliceInput({
        type: 'RULES',
        products: undefined,
        rules: BEST_SELLERS,
        filters: { availableOnly: true },
        startsAt: at('2026-11-21T00:00:00.000Z'),
        endsAt: at('2026-11-30T00:00:00.000Z'),
      }),
      ACTOR,
    );
    // V3 (3), V1 (2), then V4 and V2 (no purchase in the window) newest first; PIN-2 is not in the catalog.
    expect(change.slice.products).toEqual(['PIN-1', 'V3', 'PIN-2', 'V1', 'V4']);
    expect(change.slice.refresh).toEqual({ at: at(T0), listChangedAt: at(T0) });
    expect(change.notInCatalog).toEqual(['PIN-2']);
    const active = await kit.getActive.execute(collectionId);
    expect(active.slice.products).toEqual(['PIN-1', 'V3', 'PIN-2', 'V1', 'V4']);
    expect(active.active).toEqual([true, true, false, true, false]);
  });

  it('refuses hand edits of their products, and edits of rules that cannot hold, listing each', async () => {
    const { slice: made } = await kit.createSlice.execute(
      collectionId,
      aSliceInput({ type: 'RULES', products: [], rules: BEST_SELLERS }),
      ACTOR,
    );
    const edit = kit.editProducts.execute(collectionId, made.id, [{ op: 'remove', productId: 'V3' }], { actor: ACTOR });
    expect(await edit.then(() => 'saved', codeOf)).toBe('CONFLICT');
    const broken = kit.replaceSlice.execute(
      collectionId,
      made.id,
      aSliceInput({ type: 'RULES', products: [], rules: { ...BEST_SELLERS, size: 1 } }),
      { actor: ACTOR },
    );
    const error = await broken.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual(['rules.pins', 'rules.pins.1.position']);
  });

  describe('kept filled as the events and the catalog change', () => {
    let id: number;
    beforeEach(async () => {
      const input = aSliceInput({ type: 'RULES', products: [], rules: { ...BEST_SELLERS, pins: [] }, startsAt: at(T0) });
      id = (await kit.createSlice.execute(collectionId, input, ACTOR)).slice.id;
      await refresh.start();
      await refresh.settled();
    });

    it('show an event by the next refresh (every 5 minutes), not before, keeping the version', async () => {
      expect((await slice(id)).slice.products).toEqual(['V3', 'V1', 'V4', 'V2']);
      kit.clock.set('2026-11-21T12:01:00.000Z');
      await purchases('V4', 4, '2026-11-21T12:01:00.000Z');
      kit.clock.set('2026-11-21T12:04:59.999Z');
      await refresh.settled();
      expect((await slice(id)).slice.products).toEqual(['V3', 'V1', 'V4', 'V2']);
      // The contract's answer, now cached: the refresh must make it be read again.
      expect((await kit.getActive.execute(collectionId)).slice.products[0]).toBe('V3');
      kit.clock.set('2026-11-21T12:05:00.000Z');
      await refresh.settled();
      const now = await slice(id);
      expect(now.slice.products).toEqual(['V4', 'V3', 'V1', 'V2']);
      expect(now.slice.version).toBe(1);
      expect(now.slice.refresh).toEqual({ at: at('2026-11-21T12:05:00.000Z'), listChangedAt: at('2026-11-21T12:05:00.000Z') });
      expect((await kit.getActive.execute(collectionId)).slice.products[0]).toBe('V4');
      // A merchandiser who read version 1 before the refresh saves without a precondition failure.
      const saved = await kit.replaceSlice.execute(
        collectionId,
        id,
        aSliceInput({ type: 'RULES', products: [], rules: { ...BEST_SELLERS, pins: [], size: 2 }, startsAt: at(T0) }),
        { actor: ACTOR, precondition: Precondition.accepting([1]) },
      );
      expect(saved.slice).toMatchObject({ version: 2, products: ['V4', 'V3'] });
    });

    it('show a catalog change that matters 10 seconds after it, not before', async () => {
      kit.clock.set('2026-11-21T12:01:00.000Z');
      await kit.saveProduct(aPlainProductInput('V5', { category: 'vestidos' }));
      kit.clock.set('2026-11-21T12:01:09.999Z');
      await refresh.settled();
      expect((await slice(id)).slice.products).not.toContain('V5');
      kit.clock.set('2026-11-21T12:01:10.000Z');
      await refresh.settled();
      // New, no purchase: first among the products without one.
      expect((await slice(id)).slice.products).toEqual(['V3', 'V1', 'V5', 'V4', 'V2']);
      expect((await slice(id)).slice.refresh?.listChangedAt).toEqual(at('2026-11-21T12:01:10.000Z'));
    });

    it('are not refreshed early for a catalog change that cannot change them', async () => {
      kit.clock.set('2026-11-21T12:01:00.000Z');
      await kit.saveProduct(aPlainProductInput('S2', { category: 'saias' }));
      expect(kit.clock.scheduled).toBe(1); // the period only: no refresh soon
      await kit.saveProduct(aPlainProductInput('V2', { category: 'saias' })); // leaves the slice
      kit.clock.set('2026-11-21T12:01:10.000Z');
      await refresh.settled();
      expect((await slice(id)).slice.products).toEqual(['V3', 'V1', 'V4']);
    });

    it('leave a slice that has ended as it was', async () => {
      const input = aSliceInput({
        type: 'RULES',
        products: [],
        rules: BEST_SELLERS,
        startsAt: at(T0),
        endsAt: at('2026-11-21T12:02:00.000Z'),
      });
      const ended = (await kit.createSlice.execute(collectionId, input, ACTOR)).slice;
      await purchases('V4', 9, '2026-11-21T12:01:00.000Z');
      kit.clock.set('2026-11-21T12:05:00.000Z');
      await refresh.settled();
      expect((await slice(ended.id)).slice.products).toEqual(ended.products);
      expect((await slice(id)).slice.products[0]).toBe('V4');
    });
  });

  describe('with several instances on one store', () => {
    it('are made once by whichever instance claims the slice first', async () => {
      const { slice: made } = await kit.createSlice.execute(
        collectionId,
        aSliceInput({ type: 'RULES', products: [], rules: BEST_SELLERS }),
        ACTOR,
      );
      await purchases('V4', 9, '2026-11-21T12:00:00.000Z');
      kit.clock.set('2026-11-21T12:05:00.000Z');
      let fills = 0;
      const filler = new RuleSliceFiller(kit.products, kit.events, kit.clock, kit.clock);
      const counting = {
        fill: (...args: Parameters<RuleSliceFiller['fill']>) => (fills++, filler.fill(...args)),
      } as unknown as RuleSliceFiller;
      const instances = [1, 2].map(
        () => new RefreshRuleSlices(kit.collections, counting, kit.clock, kit.clock, kit.answers, UNWATCHED),
      );
      await Promise.all(instances.map((instance) => instance.refreshNow()));
      expect(fills).toBe(1);
      expect((await slice(made.id)).slice.products).toEqual(['PIN-1', 'V4', 'PIN-2', 'V3', 'V1']);
    });

    it('never write a list over a merchandiser’s save made while it was computed', async () => {
      const { slice: made } = await kit.createSlice.execute(
        collectionId,
        aSliceInput({ type: 'RULES', products: [], rules: BEST_SELLERS }),
        ACTOR,
      );
      kit.clock.set('2026-11-21T12:05:00.000Z');
      const filler = new RuleSliceFiller(kit.products, kit.events, kit.clock, kit.clock);
      const racing = {
        fill: async (...args: Parameters<RuleSliceFiller['fill']>) => {
          const filling = await filler.fill(...args);
          const rules = { ...BEST_SELLERS, pins: [], sort: 'newest' as const, windowDays: undefined };
          await kit.replaceSlice.execute(collectionId, made.id, aSliceInput({ type: 'RULES', products: [], rules }), {
            actor: ACTOR,
          });
          return { ...filling, products: [{ productId: 'STALE', position: 1, pinned: false }] };
        },
      } as unknown as RuleSliceFiller;
      await new RefreshRuleSlices(kit.collections, racing, kit.clock, kit.clock, kit.answers, UNWATCHED).refreshNow();
      expect((await slice(made.id)).slice).toMatchObject({ version: 2, products: ['V4', 'V3', 'V2', 'V1'] });
    });
  });

  describe('previewed', () => {
    it('answer what the rules would hold now, changing nothing', async () => {
      const preview = kit.container.get(PreviewRuleSlice);
      const before = await kit.collections.listSlices(collectionId);
      const answer = await preview.execute(collectionId, BEST_SELLERS);
      expect(answer.at).toEqual(at(T0));
      expect(answer.products).toEqual([
        { productId: 'PIN-1', position: 1, pinned: true },
        { productId: 'V3', position: 2, pinned: false },
        { productId: 'PIN-2', position: 3, pinned: true },
        { productId: 'V1', position: 4, pinned: false },
        { productId: 'V4', position: 5, pinned: false },
      ]);
      expect(answer.matching).toBe(4);
      expect(await kit.collections.listSlices(collectionId)).toEqual(before);
      expect(await preview.execute(collectionId + 1, BEST_SELLERS).then(() => 'answered', codeOf)).toBe('COLLECTION_NOT_FOUND');
      const refused = await preview.execute(collectionId, { ...BEST_SELLERS, sort: 'manual' }).catch((e: unknown) => e);
      expect((refused as ValidationError).issues).toEqual([{ path: 'rules.windowDays', message: expect.any(String) }]);
    });
  });
});

describe('a rule slice’s refresh over a store of its own', () => {
  it('reads neither the catalog nor the events when no rule slice lives', async () => {
    const { get, clock } = testContainer();
    const store = new InMemoryCollectionStore();
    const events = get(EventStoreToken);
    const filler = new RuleSliceFiller(
      {
        scan: () => {
          throw new Error('read the catalog');
        },
      } as never,
      events,
      clock,
      clock,
    );
    await new RefreshRuleSlices(store, filler, clock, clock, get(AnswerCache), UNWATCHED).refreshNow();
  });
});
