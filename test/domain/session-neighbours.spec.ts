import { describe, expect, it } from 'vitest';
import {
  NO_NEIGHBOUR_SESSIONS,
  scoreNeighbourSessions,
  sessionQuery,
  type NeighbourSessions,
} from '../../src/domain/product/session-neighbours.js';
import { DEFAULT_SIMILARITY_POLICY, type SimilarityPolicy } from '../../src/domain/product/similarity-policy.js';

const policy = (numbers: Partial<SimilarityPolicy>): SimilarityPolicy => ({ ...DEFAULT_SIMILARITY_POLICY, ...numbers });

/** Neighbour sessions from their similarity, the step of the product they share, and their products with the step each was seen at. */
function sessions(...given: { similarity: number; anchor: number; products: [string, number][] }[]): NeighbourSessions {
  const start = new Int32Array(given.length + 1);
  const products: string[] = [];
  const steps: number[] = [];
  given.forEach((session, s) => {
    start[s] = products.length;
    for (const [id, step] of session.products) {
      products.push(id);
      steps.push(step);
    }
  });
  start[given.length] = products.length;
  return {
    count: given.length,
    similarity: Float64Array.from(given.map((s) => s.similarity)),
    anchorStep: Int32Array.from(given.map((s) => s.anchor)),
    start,
    products,
    steps: Int32Array.from(steps),
  };
}

describe('the query a shopper’s session makes', () => {
  it('is the product asked alone for an empty or unknown session', () => {
    expect(sessionQuery([], 'P', policy({}))).toEqual({ products: ['P'], weights: [1] });
  });

  it('ends with the product asked (moved there if seen before), earlier products weighing sessionRecency per step back', () => {
    const query = sessionQuery(['A', 'P', 'B'], 'P', policy({ sessionRecency: 0.5 }));
    expect(query).toEqual({ products: ['A', 'B', 'P'], weights: [0.25, 0.5, 1] });
  });

  it('keeps the latest sessionProducts products only', () => {
    const query = sessionQuery(['A', 'B', 'C', 'D'], 'P', policy({ sessionProducts: 3, sessionRecency: 1 }));
    expect(query.products).toEqual(['C', 'D', 'P']);
    expect(query.weights).toEqual([1, 1, 1]);
  });
});

describe('what past sessions say of each product', () => {
  it('says nothing without neighbour sessions', () => {
    expect(scoreNeighbourSessions(NO_NEIGHBOUR_SESSIONS, policy({})).size).toBe(0);
  });

  it('gives each product its session’s similarity times stepDecay per step from the shared product, summed over sessions', () => {
    const scores = scoreNeighbourSessions(
      sessions(
        {
          similarity: 0.5,
          anchor: 2,
          products: [
            ['X', 1],
            ['P', 2],
            ['Y', 3],
            ['Z', 5],
          ],
        },
        {
          similarity: 0.25,
          anchor: 1,
          products: [
            ['P', 1],
            ['Y', 2],
          ],
        },
      ),
      policy({ stepDecay: 0.5 }),
    );
    expect(Object.fromEntries(scores)).toEqual({
      X: 0.25, // 0.5 × 0.5 (one step before)
      P: 0.75, // the shared product itself: the similarities, undecayed
      Y: 0.375, // 0.5 × 0.5 + 0.25 × 0.5
      Z: 0.0625, // 0.5 × 0.5³
    });
  });

  it('weighs steps farther than its table as far as they are', () => {
    const scores = scoreNeighbourSessions(
      sessions({
        similarity: 1,
        anchor: 0,
        products: [
          ['P', 0],
          ['FAR', 100],
        ],
      }),
      policy({ stepDecay: 0.9 }),
    );
    expect(scores.get('FAR')).toBeCloseTo(0.9 ** 100, 12);
  });
});
