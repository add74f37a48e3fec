import { describe, expect, it } from 'vitest';
import { NeighbourLists } from '../../src/adapters/similarity/neighbour-lists.js';
import { aProduct } from '../support/mothers.js';

/** A product with words of its own (so every one brings new terms), some with an embedding. */
function churned(i: number) {
  return aProduct({
    id: `CHURN-${i}`,
    name: `Vestido palavra${i} modelo${i}`,
    description: `Texto unico${i}`,
    tags: [`tag${i}`],
    brand: `Marca${i}`,
    category: `categoria${i % 7}`,
    ...(i % 3 === 0 ? { embedding: [1, i % 5, (i * 7) % 11, 0.5] } : {}),
  });
}

describe('the neighbour lists under churn', () => {
  it('returns to its own sizes (slots, terms, bytes) once the products it took are deleted again', () => {
    const engine = new NeighbourLists({ background: false, exactSearchBelow: 1_000_000 });
    const standing = Array.from({ length: 50 }, (_, i) =>
      aProduct({ id: `STAND-${i}`, name: `Saia base${i % 5}`, category: 'saias' }),
    );
    engine.productsSaved(standing);
    engine.computePendingNow();
    const { slots, terms, bytes } = engine.stats;
    for (let round = 0; round < 100; round++) {
      const batch = Array.from({ length: 100 }, (_, i) => churned(round * 100 + i));
      engine.productsSaved(batch);
      engine.computePendingNow();
      engine.productsRemoved(batch.map((p) => p.id));
      engine.computePendingNow();
    }
    expect(engine.stats).toMatchObject({ products: 50, slots, terms });
    // Arrays give their room back at a quarter full: what is left over is that slack, not 10,000 products.
    expect(engine.stats.bytes).toBeGreaterThanOrEqual(bytes);
    expect(engine.stats.bytes).toBeLessThan(bytes * 1.01);
    // And it still answers: the standing products find each other.
    expect(engine.listOf('STAND-0')?.ids.slice(0, 3).length).toBe(3);
  });

  it('gives a deleted product’s slot to the next new product', () => {
    const engine = new NeighbourLists({ background: false });
    engine.productsSaved([churned(1), churned(2), churned(3)]);
    const freed = engine.slotOfProduct('CHURN-2');
    engine.productsRemoved(['CHURN-2']);
    engine.productsSaved([churned(4)]);
    expect(engine.slotOfProduct('CHURN-4')).toBe(freed);
    expect(engine.stats.slots).toBe(3);
  });
});
