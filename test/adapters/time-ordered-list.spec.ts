import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TimeOrderedList } from '../../src/adapters/memory/time-ordered-list.js';

interface Item {
  readonly at: number;
  readonly key: number;
}

const byTime = (a: Item, b: Item) => a.at - b.at || a.key - b.key;

function all(list: TimeOrderedList<Item>): Item[] {
  return list.from(() => true, Number.MAX_SAFE_INTEGER).items;
}

describe('a time-ordered list', () => {
  it('keeps any arrival order sorted, drops the oldest and pages from a position, as a sorted array would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 6000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 7000 }),
        fc.integer({ min: 0, max: 500 }),
        (instants, expiredBefore, keep, after) => {
          const list = new TimeOrderedList<Item>(byTime);
          const model: Item[] = [];
          instants.forEach((at, key) => {
            list.insert({ at, key });
            model.push({ at, key });
          });
          model.sort(byTime);
          expect(list.size).toBe(model.length);
          expect(all(list)).toEqual(model);
          const dropped = list.dropOldest((item) => item.at < expiredBefore, keep);
          const expired = model.filter((item) => item.at < expiredBefore).length;
          const drop = Math.max(expired, model.length - keep);
          expect(dropped).toEqual(model.slice(0, drop));
          const left = model.slice(drop);
          expect(all(list)).toEqual(left);
          expect(list.first).toEqual(left[0]);
          const page = list.from((item) => item.at > after, 100);
          const expected = left.filter((item) => item.at > after);
          expect(page.items).toEqual(expected.slice(0, 100));
          expect(page.more).toBe(expected.length > 100);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('removes the items asked, keeping the order of the rest', () => {
    const list = new TimeOrderedList<Item>(byTime);
    for (let key = 0; key < 5000; key++) list.insert({ at: 5000 - key, key });
    list.removeWhere((item) => item.at % 2 === 0);
    expect(list.size).toBe(2500);
    expect(all(list).map((item) => item.at)).toEqual(Array.from({ length: 2500 }, (_, i) => 2 * i + 1));
  });

  it('inserts a late item at the cost of one chunk, not of the whole list', () => {
    const list = new TimeOrderedList<Item>(byTime);
    for (let key = 0; key < 1_000_000; key++) list.insert({ at: key, key });
    const started = performance.now();
    for (let key = 0; key < 1000; key++) list.insert({ at: 500_000 + key, key: 2_000_000 + key });
    // A few µs each (a splice into a chunk of at most 1,024): about 5 ms in all; a copy of the
    // whole list (1,000,000 references, a few ms) for each would take seconds.
    expect(performance.now() - started).toBeLessThan(60);
    expect(list.size).toBe(1_001_000);
  });
});
