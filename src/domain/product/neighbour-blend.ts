import type { SimilarityPolicy } from './similarity-policy.js';

/**
 * Where a product of an answer came from: the merchandiser's list, past shoppers' sessions, the
 * shopper's own session (a product they saw before, which shoppers often go back to), what is
 * popular now (in the product's category, or overall), the catalog's embeddings or texts, or the
 * product's category (what tops an answer up when everything else runs short).
 */
export const NEIGHBOUR_SOURCES = ['curated', 'behaviour', 'session', 'popular', 'embedding', 'content', 'category'] as const;

export type NeighbourSource = (typeof NEIGHBOUR_SOURCES)[number];

/** What an answer for one product is made of, each list best first. All optional but the catalog's. */
export interface NeighbourSources {
  /** The merchandiser's list: always first, in its order. */
  readonly curated?: readonly string[] | undefined;
  /** What past sessions like the shopper's say of each product (any scale: only ratios count). */
  readonly behaviour?: ReadonlyMap<string, number> | undefined;
  /** Sessions that saw the product with another: behaviour counts from `minEvidence` of them. */
  readonly evidence?: number | undefined;
  /** The products the shopper's session saw before the one asked, the latest first. */
  readonly reminders?: readonly string[] | undefined;
  /** The most popular products of the product's category now. */
  readonly popular?: readonly string[] | undefined;
  /** The catalog's neighbours (embedding or content): what answers a product nobody has browsed. */
  readonly catalog: readonly string[];
  readonly catalogSource?: 'embedding' | 'content' | undefined;
  /** The category's products nearest by brand, tags and price: the first top-up (asked for only when the answer is short). */
  readonly category?: (() => readonly string[]) | undefined;
  /** The most popular products overall: the last top-up (a product without a category, say; asked for only when still short). */
  readonly overall?: (() => readonly string[]) | undefined;
}

/** An answer with where each of its products came from, in the same order. */
export interface Blended {
  readonly ids: string[];
  readonly from: NeighbourSource[];
}

/**
 * A similar-products answer from its sources. The curated list first. Then the products scored by
 * behaviour, by the shopper's session and by popularity together: a product's score is what past
 * sessions say of it (scaled so the best other than the product itself is 1; only once the product has `minEvidence`), plus
 * `reminderLift` for the product the session saw last (halving for each earlier one), plus
 * `popularLift / n` for the category's n-th most popular product; best first, each from the
 * source that gave it most. Then the catalog's neighbours, the category's nearest and what is
 * popular overall, in their order. Never the product itself, no id twice, at most `limit`;
 * `accept` leaves out what may not be shown (unknown or unavailable products).
 */
export function blendNeighbours(
  self: string,
  sources: NeighbourSources,
  limit: number,
  policy: Pick<SimilarityPolicy, 'minEvidence' | 'reminderLift' | 'popularLift'>,
  accept: (id: string) => boolean = () => true,
): Blended {
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
  if (ids.length < limit) {
    for (const candidate of scoredCandidates(self, sources, policy, (id) => !chosen.has(id) && accept(id), limit - ids.length)) {
      chosen.add(candidate.id);
      ids.push(candidate.id);
      from.push(candidate.from);
    }
  }
  take(sources.catalog, sources.catalogSource ?? 'content');
  if (ids.length < limit) take(sources.category?.(), 'category');
  if (ids.length < limit) take(sources.overall?.(), 'popular');
  return { ids, from };
}

interface Scored {
  readonly id: string;
  readonly score: number;
}

/** Whether `a` ranks before `b`: the higher score, ties by id. */
const before = (a: Scored, b: Scored): boolean => a.score > b.score || (a.score === b.score && a.id < b.id);

/**
 * The best `n` eligible products scored by behaviour, the session and popularity together, best
 * first (ties by id), each with the source that gave most of its score (behaviour first, then the
 * session, then popularity on a tie). Only the products that could make the best `n` are checked
 * for eligibility: this runs on every session's request.
 */
function scoredCandidates(
  self: string,
  sources: NeighbourSources,
  policy: Pick<SimilarityPolicy, 'minEvidence' | 'reminderLift' | 'popularLift'>,
  eligible: (id: string) => boolean,
  n: number,
): { readonly id: string; readonly from: NeighbourSource }[] {
  const { behaviour, reminders = [], popular = [] } = sources;
  let max = 0;
  if (behaviour !== undefined && (sources.evidence ?? 0) >= policy.minEvidence) {
    for (const [id, score] of behaviour) if (score > max && id !== self) max = score;
  }
  const reminded = new Map<string, number>();
  reminders.forEach((id, i) => reminded.has(id) || reminded.set(id, policy.reminderLift / 2 ** i));
  const popularity = new Map<string, number>();
  popular.forEach((id, i) => popularity.has(id) || popularity.set(id, policy.popularLift / (i + 1)));
  const behaviourOf = (id: string): number => (max > 0 ? (behaviour!.get(id) ?? 0) / max : 0);
  const reminderOf = (id: string): number => (reminded.size === 0 ? 0 : (reminded.get(id) ?? 0));
  const popularOf = (id: string): number => (popularity.size === 0 ? 0 : (popularity.get(id) ?? 0));
  const top: Scored[] = [];
  const offer = (id: string, score: number): void => {
    if (!(score > 0)) return;
    if (top.length === n) {
      // Most candidates are not better than the last kept: checked before anything is made.
      const last = top[n - 1]!;
      if (score < last.score || (score === last.score && id >= last.id)) return;
    }
    if (!eligible(id)) return;
    const candidate = { id, score };
    let at = top.length;
    while (at > 0 && before(candidate, top[at - 1]!)) at--;
    top.splice(at, 0, candidate);
    if (top.length > n) top.pop();
  };
  // Each product once, with its whole score: behaviour's products, then the others.
  if (max > 0) for (const id of behaviour!.keys()) offer(id, behaviourOf(id) + reminderOf(id) + popularOf(id));
  const scoredBefore = (id: string): boolean => max > 0 && behaviour!.has(id);
  for (const [id, score] of reminded) if (!scoredBefore(id)) offer(id, score + popularOf(id));
  for (const [id, score] of popularity) if (!scoredBefore(id) && !reminded.has(id)) offer(id, score);
  return top.map(({ id }) => {
    const parts: [NeighbourSource, number][] = [
      ['behaviour', behaviourOf(id)],
      ['session', reminderOf(id)],
      ['popular', popularOf(id)],
    ];
    let best = parts[0]!;
    for (const part of parts) if (part[1] > best[1]) best = part;
    return { id, from: best[0] };
  });
}
