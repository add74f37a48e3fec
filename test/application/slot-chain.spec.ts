import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SlotChain } from '../../src/application/shared/slot-chain.js';

describe('numbered slots in the order they were added', () => {
  it('has the first added at hand; one taken out or moved to the end leaves the others in order', () => {
    const chain = new SlotChain();
    for (const slot of [5, 0, 40, 7]) chain.append(slot);
    expect(chain.first()).toBe(5);
    expect(chain.remove(0)).toBe(true);
    expect(chain.remove(0)).toBe(false);
    chain.append(5);
    expect(chain.first()).toBe(40);
    expect(chain.size).toBe(3);
    expect(chain.has(7)).toBe(true);
    expect(chain.has(1000)).toBe(false);
  });

  it('keeps the order an array would, whatever is added, removed and moved', () => {
    const op = fc.oneof(
      fc.record({ append: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ remove: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ shift: fc.constant(true) }),
      fc.record({ clear: fc.constant(true) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const chain = new SlotChain();
        let model: number[] = [];
        for (const o of ops) {
          if ('append' in o) {
            model = [...model.filter((s) => s !== o.append), o.append];
            chain.append(o.append);
          } else if ('remove' in o) {
            expect(chain.remove(o.remove)).toBe(model.includes(o.remove));
            model = model.filter((s) => s !== o.remove);
          } else if ('shift' in o) {
            const first = chain.first();
            expect(first).toBe(model[0]);
            if (first !== undefined) chain.remove(first);
            model.shift();
          } else {
            chain.clear();
            model = [];
          }
          expect(chain.size).toBe(model.length);
          expect(chain.first()).toBe(model[0]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
