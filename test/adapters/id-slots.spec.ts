import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IdSlots } from '../../src/adapters/similarity/id-slots.js';

function held(slots: IdSlots, ids: readonly string[]): Int32Array {
  const into = new Int32Array(ids.length);
  slots.hold(ids, into, 0);
  return into;
}

describe('product ids held once each, by slot', () => {
  it('gives one slot to an id however many lists hold it, and reads the ids back in order', () => {
    const slots = new IdSlots();
    const a = held(slots, ['P1', 'P2', 'P3']);
    const b = held(slots, ['P3', 'P1']);
    expect(slots.size).toBe(3);
    expect(b[0]).toBe(a[2]);
    expect(b[1]).toBe(a[0]);
    expect(slots.idsOf(a, 0, 3)).toEqual(['P1', 'P2', 'P3']);
    expect(slots.idsOf(a, 1, 2)).toEqual(['P2']);
    expect(slots.idOf(b[0]!)).toBe('P3');
  });

  it('forgets an id once no list holds it, and gives its slot to the next new id', () => {
    const slots = new IdSlots();
    const a = held(slots, ['P1', 'P2']);
    const b = held(slots, ['P2']);
    slots.release(a);
    expect(slots.size).toBe(1);
    expect(slots.idOf(b[0]!)).toBe('P2');
    const c = held(slots, ['P9']);
    expect(c[0]).toBe(a[0]);
    expect(slots.idsOf(c, 0, 1)).toEqual(['P9']);
    slots.release(b);
    slots.release(c);
    expect(slots.size).toBe(0);
  });

  it('reads back any id as it was given: empty, long, accented, outside the Basic Multilingual Plane', () => {
    const slots = new IdSlots();
    const ids = ['', 'a', 'SKU-0001', 'vestido-linho-azul-ção', '👗 vestido', 'x'.repeat(200), 'x'.repeat(199), 'P1'];
    const a = held(slots, ids);
    expect(slots.idsOf(a, 0, ids.length)).toEqual(ids);
    expect(slots.size).toBe(ids.length);
    expect(held(slots, ['x'.repeat(200)])[0]).toBe(a[5]);
  });

  it("gives a forgotten id's place to the next id of its size, so churn does not grow what it holds", () => {
    const slots = new IdSlots();
    const kept = held(slots, Array.from({ length: 1000 }, (_, i) => `KEPT-${i}`));
    let churn = held(slots, Array.from({ length: 1000 }, (_, i) => `OLD-${i}`));
    const length = slots.arenaLength;
    for (let round = 0; round < 50; round++) {
      slots.release(churn);
      churn = held(slots, Array.from({ length: 1000 }, (_, i) => `R${round}-${i}`));
    }
    expect(slots.arenaLength).toBe(length);
    expect(slots.size).toBe(2000);
    expect(slots.idsOf(kept, 998, 1000)).toEqual(['KEPT-998', 'KEPT-999']);
    expect(slots.idsOf(churn, 0, 1)).toEqual(['R49-0']);
  });

  it('holds exactly the ids of the lists not let go, whatever the order of holding and letting go (and past its first room)', () => {
    const id = fc.oneof(
      fc.integer({ min: 0, max: 3000 }).map((n) => `P${n}`),
      fc.string({ maxLength: 40, unit: 'grapheme' }),
    );
    const step = fc.oneof(
      fc.record({ hold: fc.array(id, { maxLength: 300 }) }),
      fc.record({ release: fc.nat() }),
      fc.constant({ clear: true }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const slots = new IdSlots();
        const lists: { ids: readonly string[]; slots: Int32Array }[] = [];
        for (const s of steps) {
          if ('hold' in s) lists.push({ ids: s.hold, slots: held(slots, s.hold) });
          else if ('release' in s && lists.length > 0) slots.release(lists.splice(s.release % lists.length, 1)[0]!.slots);
          else if ('clear' in s) {
            slots.clear();
            lists.length = 0;
          }
          expect(slots.size).toBe(new Set(lists.flatMap((l) => l.ids)).size);
          for (const l of lists) expect(slots.idsOf(l.slots, 0, l.slots.length)).toEqual(l.ids);
        }
      }),
      { numRuns: 200 },
    );
  });
});
