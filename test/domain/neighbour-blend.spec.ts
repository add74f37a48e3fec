import { describe, expect, it } from 'vitest';
import { blendNeighbours, DEFAULT_MIN_BEHAVIOUR_EVIDENCE } from '../../src/domain/product/neighbour-blend.js';

describe('blending a product’s neighbour lists', () => {
  const sources = { curated: ['C1', 'C2'], behavioural: ['B1', 'C2', 'B2'], catalog: ['K1', 'B1', 'K2', 'K3'] };

  it('puts the curated list first, then behaviour once there is enough evidence, then the catalog’s neighbours', () => {
    const blended = blendNeighbours('SELF', { ...sources, evidence: 5 }, 10, 5);
    expect(blended.ids).toEqual(['C1', 'C2', 'B1', 'B2', 'K1', 'K2', 'K3']);
    expect(blended.from).toEqual(['curated', 'curated', 'behaviour', 'behaviour', 'content', 'content', 'content']);
    const embedded = blendNeighbours('SELF', { ...sources, catalogSource: 'embedding', evidence: 5 }, 10, 5);
    expect(embedded.from.slice(4)).toEqual(['embedding', 'embedding', 'embedding']);
  });

  it('leaves behaviour out below the evidence threshold: a new product is answered from the catalog', () => {
    expect(blendNeighbours('SELF', { ...sources, evidence: 4 }, 10, 5).ids).toEqual(['C1', 'C2', 'K1', 'B1', 'K2', 'K3']);
    expect(blendNeighbours('NEW', { catalog: ['K1', 'K2'] }, 10).ids).toEqual(['K1', 'K2']);
    expect(
      blendNeighbours('SELF', { behavioural: ['B1'], evidence: DEFAULT_MIN_BEHAVIOUR_EVIDENCE, catalog: [] }, 10).ids,
    ).toEqual(['B1']);
  });

  it('never answers the product itself, an id twice, a product not accepted, or more than the limit', () => {
    const blended = blendNeighbours(
      'SELF',
      { curated: ['SELF', 'C1'], behavioural: ['C1', 'GONE', 'B1'], evidence: 9, catalog: ['K1', 'K2'] },
      3,
      1,
      (id) => id !== 'GONE',
    );
    expect(blended.ids).toEqual(['C1', 'B1', 'K1']);
  });
});
