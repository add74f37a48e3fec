import { describe, expect, it } from 'vitest';
import { NeighbourLists } from '../../src/adapters/similarity/neighbour-lists.js';
import { aPlainProduct } from '../support/mothers.js';

/**
 * Products with embeddings only (their names share the word "item", nothing else). X's cosines:
 * as [1, 2, 3] it is nearest A, then B, C, D; as [2, 0, 4] nearest B, then A, D, C. The two
 * vectors have the same sum (6): a fingerprint that forgot the values' places would take one for
 * the other.
 */
const embedded = (id: string, embedding: number[]) => aPlainProduct(id, { embedding });

function lists() {
  const engine = new NeighbourLists({ background: false });
  engine.productsSaved([
    embedded('X', [1, 2, 3]),
    embedded('A', [1, 2, 3]),
    embedded('B', [2, 0, 4]),
    embedded('C', [0, 1, 0]),
    embedded('D', [1, 0, 0]),
  ]);
  engine.computePendingNow();
  return engine;
}

describe('the neighbour lists: an embedding rewritten', () => {
  it('gives a product the neighbours of its new vector, and its neighbours its new place', () => {
    const engine = lists();
    expect(engine.listOf('X')).toEqual({ ids: ['A', 'B', 'C', 'D'], source: 'embedding' });
    expect(engine.listOf('D')?.ids[0]).toBe('B');
    const version = engine.catalogVersion;

    engine.productsSaved([embedded('X', [2, 0, 4])]);

    expect(engine.catalogVersion).toBeGreaterThan(version);
    expect(engine.listOf('X')).toEqual({ ids: ['B', 'A', 'D', 'C'], source: 'embedding' });
    // B and X are now the same direction; D, as near A as the old X, is nearer the new one (0.45 against 0.27).
    expect(engine.listOf('B')?.ids[0]).toBe('X');
    expect(engine.listOf('D')?.ids.slice(0, 2).sort()).toEqual(['B', 'X']);
    expect(engine.stats.pending).toBe(0);
  });

  it('changes nothing when the same vector, or a scaled copy of it (the same direction), is saved again', () => {
    const engine = lists();
    const before = engine.listOf('X');
    const neighbour = engine.listOf('A');
    const { stats, catalogVersion } = engine;

    engine.productsSaved([embedded('X', [1, 2, 3])]);
    engine.productsSaved([embedded('X', [2, 4, 6])]);

    expect(engine.catalogVersion).toBe(catalogVersion);
    expect(engine.stats).toEqual(stats);
    expect(engine.stats.pending).toBe(0);
    // The very lists kept (not lists made again that happen to be equal).
    expect(engine.listOf('X')?.ids).toBe(before?.ids);
    expect(engine.listOf('A')?.ids).toBe(neighbour?.ids);
    expect(engine.catalogVersion).toBe(catalogVersion);
  });
});
