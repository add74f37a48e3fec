/**
 * How many sessions must have seen a product with others before its behavioural neighbours are
 * trusted (below, its answer comes from the catalog: embedding or content neighbours). Chosen by
 * the offline evaluation (`npm run eval:similar`, docs/benchmarks.md): with thin history,
 * behaviour first answers worse than content below about 10 sessions and better above 20.
 */
export const DEFAULT_MIN_BEHAVIOUR_EVIDENCE = 10;

/** A product's neighbour lists by source, each best first. */
export interface NeighbourSources {
  /** The merchandiser's list: always first. */
  readonly curated?: readonly string[];
  /** Neighbours learnt from shoppers' sessions, and the evidence behind them (sessions that paired the product). */
  readonly behavioural?: readonly string[];
  readonly evidence?: number;
  /** Embedding or content neighbours: what fills the answer, so a new product still gets one. */
  readonly catalog: readonly string[];
  /** Which of the two the catalog's list is (default content). */
  readonly catalogSource?: 'embedding' | 'content';
}

/**
 * Where a product of an answer came from: the merchandiser's list, shoppers' sessions, the
 * catalog's embeddings or texts, or the product's category (what tops an answer up when the lists
 * run short).
 */
export const NEIGHBOUR_SOURCES = ['curated', 'behaviour', 'embedding', 'content', 'category'] as const;

export type NeighbourSource = (typeof NEIGHBOUR_SOURCES)[number];

/**
 * A similar-products answer from its sources: the curated list first; then the behavioural
 * neighbours once the product has at least `minEvidence` of behaviour; then the catalog's
 * neighbours. Never the product itself, no id twice, at most `limit`; `accept` leaves out what may
 * not be shown (unknown or unavailable products).
 */
export function blendNeighbours(
  self: string,
  sources: NeighbourSources,
  limit: number,
  minEvidence = DEFAULT_MIN_BEHAVIOUR_EVIDENCE,
  accept: (id: string) => boolean = () => true,
): { ids: string[]; from: NeighbourSource[] } {
  const ids: string[] = [];
  const from: NeighbourSource[] = [];
  const chosen = new Set<string>([self]);
  const take = (list: readonly string[] | undefined, source: NeighbourSource): void => {
    if (list === undefined) return;
    for (const id of list) {
      if (ids.length >= limit) return;
      if (chosen.has(id) || !accept(id)) continue;
      chosen.add(id);
      ids.push(id);
      from.push(source);
    }
  };
  take(sources.curated, 'curated');
  if ((sources.evidence ?? 0) >= minEvidence) take(sources.behavioural, 'behaviour');
  take(sources.catalog, sources.catalogSource ?? 'content');
  return { ids, from };
}
