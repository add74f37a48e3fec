import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RecentlyUsed } from '../../src/application/shared/recently-used.js';

describe('a map of the most recently used entries', () => {
  it('forgets the least recently used entry for room, a read making an entry the most recent', () => {
    const forgotten: string[] = [];
    const recent = new RecentlyUsed<number>(3, (value, key) => forgotten.push(`${key}=${value}`));
    recent.set('a', 1);
    recent.set('b', 2);
    recent.set('c', 3);
    expect(recent.get('a')).toBe(1);
    recent.set('d', 4);
    expect(forgotten).toEqual(['b=2']);
    expect(recent.has('b')).toBe(false);
    expect(recent.peek('c')).toBe(3);
    recent.set('e', 5); // peek did not make c recent: it goes
    expect(forgotten).toEqual(['b=2', 'c=3']);
    expect(recent.leastRecent()).toBe('a');
    expect(recent.size).toBe(3);
  });

  it('tells of a value replaced or deleted, not of one set again nor of those cleared', () => {
    const forgotten: number[] = [];
    const recent = new RecentlyUsed<number>(10, (value) => forgotten.push(value));
    recent.set('a', 1);
    recent.set('a', 1);
    recent.set('a', 2);
    expect(recent.delete('a')).toBe(true);
    expect(recent.delete('a')).toBe(false);
    recent.set('b', 3);
    recent.clear();
    expect(forgotten).toEqual([1, 2]);
    expect(recent.size).toBe(0);
    expect(recent.get('b')).toBeUndefined();
    recent.set('c', 4);
    expect(recent.leastRecent()).toBe('c');
  });

  it('keeps what a list in order of use would keep, whatever the operations', () => {
    const op = fc.oneof(
      fc.record({ set: fc.integer({ min: 0, max: 30 }), value: fc.integer() }),
      fc.record({ get: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ peek: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ delete: fc.integer({ min: 0, max: 30 }) }),
      fc.constant({ clear: true as const }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(op, { maxLength: 200 }), (most, ops) => {
        const recent = new RecentlyUsed<number>(most);
        /** The model: entries least recent first. */
        let model: [string, number][] = [];
        const touch = (key: string) => {
          const at = model.findIndex(([k]) => k === key);
          if (at < 0) return undefined;
          const [entry] = model.splice(at, 1);
          model.push(entry!);
          return entry![1];
        };
        for (const o of ops) {
          if ('set' in o) {
            const key = `k${o.set}`;
            model = model.filter(([k]) => k !== key);
            model.push([key, o.value]);
            if (model.length > most) model.shift();
            recent.set(key, o.value);
          } else if ('get' in o) expect(recent.get(`k${o.get}`)).toBe(touch(`k${o.get}`));
          else if ('peek' in o) expect(recent.peek(`k${o.peek}`)).toBe(model.find(([k]) => k === `k${o.peek}`)?.[1]);
          else if ('delete' in o) {
            const key = `k${o.delete}`;
            expect(recent.delete(key)).toBe(model.some(([k]) => k === key));
            model = model.filter(([k]) => k !== key);
          } else {
            recent.clear();
            model = [];
          }
          expect(recent.size).toBe(model.length);
          expect(recent.leastRecent()).toBe(model[0]?.[0]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('forgets for room in constant time: 200,000 insertions into 100,000 entries take well under a second', () => {
    const recent = new RecentlyUsed<number>(100_000);
    for (let i = 0; i < 100_000; i++) recent.set(`k${i}`, i);
    const started = performance.now();
    for (let i = 100_000; i < 300_000; i++) {
      recent.set(`k${i}`, i);
      recent.get(`k${i - 50_000}`);
    }
    // About 0.2 s here; with a Map, its first key deleted for room, about 6 s.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(recent.size).toBe(100_000);
  });
});
