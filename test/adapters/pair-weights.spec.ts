import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PairWeights } from '../../src/adapters/similarity/pair-weights.js';

function contents(table: PairWeights): Map<number, number> {
  const out = new Map<number, number>();
  table.forEach((slot, weight) => out.set(slot, weight));
  return out;
}

describe('a product’s pair weights (open addressing on typed arrays)', () => {
  it('behaves as a Map from slot to summed weight under any adds and deletes', () => {
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        slot: fc.integer({ min: 0, max: 300 }),
        delta: fc.integer({ min: 1, max: 9 }),
      }),
      fc.record({ kind: fc.constant('delete' as const), slot: fc.integer({ min: 0, max: 300 }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 600 }), (operations) => {
        const table = new PairWeights();
        const model = new Map<number, number>();
        for (const op of operations) {
          if (op.kind === 'add') {
            table.add(op.slot, op.delta);
            model.set(op.slot, (model.get(op.slot) ?? 0) + op.delta);
          } else expect(table.delete(op.slot)).toBe(model.delete(op.slot));
        }
        expect(table.size).toBe(model.size);
        expect(contents(table)).toEqual(model);
        for (let slot = 0; slot <= 300; slot++) expect(table.get(slot)).toBe(model.get(slot) ?? 0);
      }),
    );
  });

  it('keeps only what `retain` chooses, and gives room back as it empties', () => {
    const table = new PairWeights();
    for (let slot = 0; slot < 1000; slot++) table.add(slot * 1024, 1);
    const full = table.bytes;
    table.retain((slot) => slot < 10 * 1024);
    expect(table.size).toBe(10);
    expect(table.bytes).toBeLessThan(full / 32);
    for (let slot = 0; slot < 10; slot++) table.delete(slot * 1024);
    expect(table.bytes).toBe(8 * 12);
  });
});
