import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyProductEdits } from '../../src/domain/merchandising/product-edits.js';
import { draftSlice, type SliceDraft } from '../../src/domain/merchandising/slice.js';
import {
  abridgeChanges,
  changesBetween,
  MAX_LISTED_CHANGES,
  summariseVersions,
  versionOfSlice,
  type SliceVersion,
} from '../../src/domain/merchandising/slice-history.js';
import { aSliceInput, at } from '../support/mothers.js';

function draft(overrides: Parameters<typeof aSliceInput>[0] = {}): SliceDraft {
  return draftSlice(aSliceInput(overrides));
}

const products = (...ids: string[]) => draft({ products: ids });

describe('what a version changed since the one before', () => {
  it('names nothing when nothing changed', () => {
    expect(changesBetween(products('A', 'B'), products('A', 'B'))).toEqual({
      fields: [],
      added: [],
      removed: [],
      moved: [],
      counts: { added: 0, removed: 0, moved: 0 },
    });
  });

  it('names products added at their new positions and removed at their old ones', () => {
    const changes = changesBetween(products('A', 'B', 'C'), products('X', 'A', 'C', 'Y'));
    expect(changes.added).toEqual([
      { productId: 'X', position: 1 },
      { productId: 'Y', position: 4 },
    ]);
    expect(changes.removed).toEqual([{ productId: 'B', position: 2 }]);
    expect(changes.counts).toEqual({ added: 2, removed: 1, moved: 0 });
  });

  it('does not call a product moved when one added or removed above it shifts it', () => {
    expect(changesBetween(products('A', 'B', 'C'), products('N', 'A', 'B', 'C')).moved).toEqual([]);
    expect(changesBetween(products('A', 'B', 'C'), products('B', 'C')).moved).toEqual([]);
  });

  it('names the one product moved, with its old and new positions', () => {
    expect(changesBetween(products('A', 'B', 'C', 'D', 'E'), products('E', 'A', 'B', 'C', 'D')).moved).toEqual([
      { productId: 'E', from: 5, to: 1 },
    ]);
    expect(changesBetween(products('A', 'B', 'C', 'D'), products('A', 'C', 'D', 'B')).moved).toEqual([
      { productId: 'B', from: 2, to: 4 },
    ]);
  });

  it('names one of two swapped products, and every product but one of a reversed list', () => {
    expect(changesBetween(products('A', 'B'), products('B', 'A')).moved).toHaveLength(1);
    expect(changesBetween(products('A', 'B', 'C', 'D'), products('D', 'C', 'B', 'A')).moved).toHaveLength(3);
  });

  it('names the fewest moves that give the new order: replaying them on the kept products gives it (property)', () => {
    const ids = fc.uniqueArray(fc.constantFrom(...'ABCDEFGHIJKLMNOP'.split('')), { maxLength: 16 });
    fc.assert(
      fc.property(ids, ids, (before, after) => {
        const changes = changesBetween(products(...before), products(...after));
        // The kept products that did not move are in the same order before and after.
        const kept = before.filter((id) => after.includes(id));
        const stayed = kept.filter((id) => !changes.moved.some((m) => m.productId === id));
        expect(stayed).toEqual(after.filter((id) => stayed.includes(id)));
        expect(changes.added.map((p) => p.productId).sort()).toEqual(after.filter((id) => !before.includes(id)).sort());
        expect(changes.removed.map((p) => p.productId).sort()).toEqual(before.filter((id) => !after.includes(id)).sort());
        for (const { productId, from, to } of changes.moved) {
          expect(before[from - 1]).toBe(productId);
          expect(after[to - 1]).toBe(productId);
        }
        // Fewest: the products that did not move form an increasing run as long as any (checked by brute force on small lists).
        if (kept.length <= 8) expect(stayed.length).toBe(longestKeptOrder(kept, after));
      }),
    );
  });

  it('follows product edits: a move is named as one move', () => {
    const before = products('A', 'B', 'C', 'D', 'E', 'F');
    const after = { ...before, products: applyProductEdits(before.products, [{ op: 'move', productId: 'B', position: 5 }]) };
    expect(changesBetween(before, after).moved).toEqual([{ productId: 'B', from: 2, to: 5 }]);
  });

  it('names the fields that changed: name, type, dates, filters and the generator', () => {
    const before = draft({ name: 'A', filters: { categories: ['x', 'y'] } });
    expect(changesBetween(before, { ...before }).fields).toEqual([]);
    expect(
      changesBetween(before, {
        ...before,
        name: 'B',
        type: 'AI',
        startsAt: at('2026-11-27T03:00:00.001Z'),
        endsAt: at('2026-12-01T00:00:00.000Z'),
        filters: { categories: ['x'] },
        generator: { seeds: ['S'], size: 10, includeSeeds: false },
      }).fields,
    ).toEqual(['name', 'type', 'startsAt', 'endsAt', 'filters', 'generator']);
  });

  it('compares dates by instant and filter lists as sets', () => {
    const before = draft({ filters: { categories: ['x', 'y'], availableOnly: true } });
    const after = {
      ...before,
      startsAt: new Date(before.startsAt.getTime()),
      filters: { availableOnly: true, categories: ['y', 'x'] },
    };
    expect(changesBetween(before, after).fields).toEqual([]);
    expect(changesBetween(before, { ...before, filters: { ...before.filters, maxPrice: 10 } }).fields).toEqual(['filters']);
  });

  it('compares generators by seeds in order, size and includeSeeds', () => {
    const generator = { seeds: ['S1', 'S2'], size: 10, includeSeeds: false };
    const before = draft({ type: 'AI', generator });
    expect(changesBetween(before, { ...before, generator: { ...generator } }).fields).toEqual([]);
    expect(changesBetween(before, { ...before, generator: { ...generator, seeds: ['S2', 'S1'] } }).fields).toEqual(['generator']);
    expect(changesBetween(before, { ...before, generator: { ...generator, size: 11 } }).fields).toEqual(['generator']);
    expect(changesBetween(before, { ...before, generator: undefined }).fields).toEqual(['generator']);
  });

  it('abridges the product lists for a listing, keeping the counts whole', () => {
    const many = Array.from({ length: 50 }, (_, i) => `N${i}`);
    const abridged = abridgeChanges(changesBetween(products('A'), products(...many)));
    expect(abridged.added).toHaveLength(MAX_LISTED_CHANGES);
    expect(abridged.counts).toEqual({ added: 50, removed: 1, moved: 0 });
  });
});

describe('a page of versions, summarised', () => {
  const version = (n: number, content: SliceDraft): SliceVersion => ({
    collectionId: 1,
    sliceId: 9,
    version: n,
    at: at(`2026-11-0${n}T10:00:00.000Z`),
    by: `token ${n}`,
    content,
  });

  it('tells each version what it changed since the next in the list, or since the one before the page', () => {
    const v1 = version(1, products('A'));
    const v2 = version(2, products('A', 'B'));
    const v3 = version(3, { ...products('B', 'A'), name: 'Natal' });
    const [third, second] = summariseVersions([v3, v2], v1);
    expect(third).toMatchObject({ version: 3, by: 'token 3', name: 'Natal', productCount: 2 });
    expect(third?.changes).toMatchObject({ fields: ['name'], counts: { added: 0, removed: 0, moved: 1 } });
    expect(second?.changes?.added).toEqual([{ productId: 'B', position: 2 }]);
    expect(second).not.toHaveProperty('products');
  });

  it('has no changes for the first version known: none before it, or the one before not kept', () => {
    expect(summariseVersions([version(1, products('A'))])[0]?.changes).toBeUndefined();
    expect(summariseVersions([version(5, products('A'))], version(3, products('B')))[0]?.changes).toBeUndefined();
  });

  it('makes the version a save of a slice produced', () => {
    const slice = {
      ...draft({ type: 'AI', generator: { seeds: ['S'], size: 3, includeSeeds: true } }),
      id: 9,
      collectionId: 1,
      version: 4,
      createdAt: at('2026-11-01T00:00:00.000Z'),
      updatedAt: at('2026-11-04T00:00:00.000Z'),
      updatedBy: 'planner',
    };
    const { id: _id, collectionId: _c, version: _v, createdAt: _cr, updatedAt, updatedBy: _u, ...content } = slice;
    expect(versionOfSlice(slice)).toEqual({ collectionId: 1, sliceId: 9, version: 4, at: updatedAt, by: 'planner', content });
  });
});

/** The length of the longest run of `kept` (old order) that `after` keeps in the same order, by brute force. */
function longestKeptOrder(kept: readonly string[], after: readonly string[]): number {
  const positions = kept.map((id) => after.indexOf(id));
  let best = 0;
  for (let mask = 0; mask < 1 << positions.length; mask++) {
    const chosen = positions.filter((_, i) => (mask & (1 << i)) !== 0);
    if (chosen.every((p, i) => i === 0 || p > (chosen[i - 1] ?? -1))) best = Math.max(best, chosen.length);
  }
  return best;
}
