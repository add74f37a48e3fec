import { describe, expect, it } from 'vitest';
import { MAX_SLICE_PRODUCTS, movedTo, withAdded } from '../../src/adapters/web/src/slice-editor/draft';
import { COALESCE_MS, edited, fresh, MAX_STEPS, redone, shortcutOf, undone } from '../../src/adapters/web/src/slice-editor/undo';

describe('the editor history', () => {
  it('undoes and redoes each edit, and an edit after an undo drops what could be redone', () => {
    let h = fresh('a');
    h = edited(h, 'b', undefined, 0);
    h = edited(h, 'c', undefined, 10);
    expect(h.present).toBe('c');
    h = undone(h);
    expect(h.present).toBe('b');
    h = undone(h);
    expect(h.present).toBe('a');
    expect(undone(h)).toBe(h);
    h = redone(h);
    expect(h.present).toBe('b');
    h = edited(h, 'x', undefined, 20);
    expect(h.future).toEqual([]);
    expect(redone(h)).toBe(h);
    expect(undone(h).present).toBe('b');
  });

  it('joins edits of the same field less than a second apart into one step, and no other', () => {
    let h = fresh('');
    for (const [i, text] of ['V', 'Ve', 'Ver', 'Verã', 'Verão'].entries()) h = edited(h, text, 'name', 1000 + i * 200);
    expect(h.past).toEqual(['']);
    h = edited(h, 'Verão!', 'name', 1800 + COALESCE_MS + 1);
    expect(h.past).toEqual(['', 'Verão']);
    h = edited(h, 'Verão!!', 'startsAt', 1800 + COALESCE_MS + 2);
    expect(h.past).toEqual(['', 'Verão', 'Verão!']);
    // After an undo, typing again is a step of its own.
    h = undone(h);
    h = edited(h, 'Verão?', 'name', 1800 + COALESCE_MS + 3);
    expect(h.past).toEqual(['', 'Verão', 'Verão!']);
  });

  it('ignores an edit that changes nothing, and keeps at most MAX_STEPS steps', () => {
    const h = fresh(0);
    expect(edited(h, 0, undefined, 0)).toBe(h);
    let long = h;
    for (let i = 1; i <= MAX_STEPS + 10; i++) long = edited(long, i, undefined, i);
    expect(long.past).toHaveLength(MAX_STEPS);
    expect(long.past[0]).toBe(10);
  });

  it.each([
    [{ key: 'z', ctrlKey: true }, 'undo'],
    [{ key: 'z', metaKey: true }, 'undo'],
    [{ key: 'Z', ctrlKey: true, shiftKey: true }, 'redo'],
    [{ key: 'z', metaKey: true, shiftKey: true }, 'redo'],
    [{ key: 'y', ctrlKey: true }, 'redo'],
    [{ key: 'z' }, undefined],
    [{ key: 'z', ctrlKey: true, altKey: true }, undefined],
    [{ key: 'y', metaKey: true }, undefined],
  ])('reads %o as %s', (keys, expected) => {
    expect(shortcutOf({ ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...keys })).toBe(expected);
  });
});

describe('selected products moved to a position, and results added', () => {
  const products = ['A', 'B', 'C', 'D', 'E'];

  it.each([
    [['D', 'B'], 1, ['B', 'D', 'A', 'C', 'E']],
    [['A', 'B'], 3, ['C', 'D', 'A', 'B', 'E']],
    [['B'], 5, ['A', 'C', 'D', 'E', 'B']],
    [['B', 'C'], 99, ['A', 'D', 'E', 'B', 'C']],
    [['E'], 0, ['E', 'A', 'B', 'C', 'D']],
  ])('moves %j to position %i, in their current order, the first landing there', (selected, position, expected) => {
    expect(movedTo(products, new Set(selected), position)).toEqual(expected);
  });

  it('adds only products not in the slice yet, each once, up to the limit, and says how many were left out', () => {
    expect(withAdded(['A'], ['B', 'A', 'C', 'B'])).toEqual({ products: ['A', 'B', 'C'], added: 2, leftOut: 0 });
    const almost = Array.from({ length: MAX_SLICE_PRODUCTS - 1 }, (_, i) => `P${i}`);
    const outcome = withAdded(almost, ['X', 'Y', 'Z', 'P0']);
    expect(outcome.products.slice(-1)).toEqual(['X']);
    expect(outcome).toMatchObject({ added: 1, leftOut: 2 });
  });
});
