import { describe, expect, it } from 'vitest';
import { blendNeighbours, type NeighbourSources } from '../../src/domain/product/neighbour-blend.js';

const POLICY = { minEvidence: 5, reminderLift: 1, popularLift: 0.05 };

/** Behaviour scores as past sessions give them (any scale: the best other than the product itself counts 1). */
const behaviour = (scores: Record<string, number>) => new Map(Object.entries(scores));

describe('blending a product’s answer', () => {
  const sources: NeighbourSources = {
    curated: ['C1', 'C2'],
    behaviour: behaviour({ B1: 8, C2: 6, B2: 4 }),
    evidence: 5,
    catalog: ['K1', 'B1', 'K2', 'K3'],
  };

  it('puts the curated list first, then what past sessions say best first, then the catalog’s neighbours', () => {
    const blended = blendNeighbours('SELF', sources, 10, POLICY);
    expect(blended.ids).toEqual(['C1', 'C2', 'B1', 'B2', 'K1', 'K2', 'K3']);
    expect(blended.from).toEqual(['curated', 'curated', 'behaviour', 'behaviour', 'content', 'content', 'content']);
    const embedded = blendNeighbours('SELF', { ...sources, catalogSource: 'embedding' }, 10, POLICY);
    expect(embedded.from.slice(4)).toEqual(['embedding', 'embedding', 'embedding']);
  });

  it('leaves behaviour out below minEvidence sessions, and uses it from exactly minEvidence on', () => {
    expect(blendNeighbours('SELF', { ...sources, evidence: 4 }, 10, POLICY).ids).toEqual(['C1', 'C2', 'K1', 'B1', 'K2', 'K3']);
    expect(blendNeighbours('SELF', { behaviour: behaviour({ B1: 1 }), evidence: 5, catalog: [] }, 10, POLICY).ids).toEqual([
      'B1',
    ]);
    expect(blendNeighbours('NEW', { catalog: ['K1', 'K2'] }, 10, POLICY).ids).toEqual(['K1', 'K2']);
  });

  it('scales behaviour by its best other than the product itself, so the product’s own score lifts nothing', () => {
    // SELF's own score (20) is not the scale: B1 scores 1, and a reminder (1) ties it, the reminder winning by id.
    const blended = blendNeighbours(
      'SELF',
      { behaviour: behaviour({ SELF: 20, B1: 4, B2: 2 }), evidence: 5, reminders: ['A0'], catalog: [] },
      10,
      POLICY,
    );
    expect(blended.ids).toEqual(['A0', 'B1', 'B2']);
    expect(blended.from).toEqual(['session', 'behaviour', 'behaviour']);
  });

  it('lifts what the session saw before, the latest most (each earlier one half), beside behaviour', () => {
    const blended = blendNeighbours(
      'SELF',
      { behaviour: behaviour({ B1: 10, B2: 6, R2: 2 }), evidence: 5, reminders: ['R1', 'R2', 'R3'], catalog: [] },
      10,
      POLICY,
    );
    // B1 1, R1 1 (ties: by id), B2 0.6, R2 0.5 + 0.2 = 0.7, R3 0.25.
    expect(blended.ids).toEqual(['B1', 'R1', 'R2', 'B2', 'R3']);
    // R2 gets most of its score from the session: that is its source.
    expect(blended.from).toEqual(['behaviour', 'session', 'session', 'behaviour', 'session']);
  });

  it('adds the category’s popular products, the n-th popularLift / n, so popularity breaks ties and fills a thin answer', () => {
    const blended = blendNeighbours(
      'SELF',
      { behaviour: behaviour({ B1: 1, B2: 1 }), evidence: 5, popular: ['B2', 'P1', 'P2'], catalog: ['K1'] },
      10,
      POLICY,
    );
    expect(blended.ids).toEqual(['B2', 'B1', 'P1', 'P2', 'K1']);
    expect(blended.from).toEqual(['behaviour', 'behaviour', 'popular', 'popular', 'content']);
    // Without behaviour (a product nobody browsed yet), the category's popular products lead, before the catalog's.
    expect(blendNeighbours('NEW', { popular: ['P1', 'P2'], catalog: ['K1'] }, 10, POLICY).ids).toEqual(['P1', 'P2', 'K1']);
  });

  it('tops up from the category’s nearest, then what is popular overall, asking for them only when the answer is short', () => {
    let asked = 0;
    const category = () => {
      asked++;
      return ['G1', 'K1', 'G2'];
    };
    const overall = () => {
      asked++;
      return ['O1', 'O2'];
    };
    const short = blendNeighbours('SELF', { catalog: ['K1'], category, overall }, 5, POLICY);
    expect(short.ids).toEqual(['K1', 'G1', 'G2', 'O1', 'O2']);
    expect(short.from).toEqual(['content', 'category', 'category', 'popular', 'popular']);
    asked = 0;
    expect(blendNeighbours('SELF', { catalog: ['K1', 'K2'], category, overall }, 2, POLICY).ids).toEqual(['K1', 'K2']);
    expect(asked).toBe(0);
  });

  it('never answers the product itself, an id twice, a product not accepted, or more than the limit', () => {
    const blended = blendNeighbours(
      'SELF',
      {
        curated: ['SELF', 'C1'],
        behaviour: behaviour({ C1: 3, GONE: 2, B1: 1 }),
        evidence: 9,
        reminders: ['SELF'],
        catalog: ['K1', 'K2'],
      },
      3,
      POLICY,
      (id) => id !== 'GONE',
    );
    expect(blended.ids).toEqual(['C1', 'B1', 'K1']);
  });
});
