import type { NeighbourSource } from './neighbour-blend.js';
import { token } from '../shared/token.js';

/**
 * Counts of what similar-products answers showed and what shoppers clicked, by the source of each
 * product (the metrics adapter reports them).
 */
export interface RecommendationCounts {
  /** One answer given: the source of each product in it. */
  shown(from: readonly NeighbourSource[]): void;
  /** One click attributed to a source; undefined: the answer it came from is not known. */
  clicked(source: NeighbourSource | undefined): void;
}

export const RecommendationCountsToken = token<RecommendationCounts>('RecommendationCounts');
