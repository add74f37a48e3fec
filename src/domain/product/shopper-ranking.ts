/** What a shopper's recent events say of their taste: each category's and each brand's share of the events' weight. */
export interface ShopperTaste {
  readonly categories: ReadonlyMap<string, number>;
  readonly brands: ReadonlyMap<string, number>;
}

/** One event of the shopper's, as the taste reads it: the product's category and brand, and the event's weight. */
export interface TasteSignal {
  readonly category?: string;
  readonly brand?: string;
  readonly weight: number;
}

/** What is known of the shopper asking: all optional, and nothing known answers as without a shopper. */
export interface ShopperContext {
  readonly taste?: ShopperTaste;
  /** Products the shopper bought: left out. */
  readonly purchased?: ReadonlySet<string>;
}

export interface ShopperRankingSettings {
  /** How much a category holding all of the shopper's taste raises a product (default 1: its score doubles). */
  readonly categoryWeight?: number;
  /** The same for brands (default 2: a brand says more of a taste than a category; see `npm run eval:similar`). */
  readonly brandWeight?: number;
  /** How much a product carrying the profile's style (style 1) is raised (default 1: its score doubles). */
  readonly styleWeight?: number;
  /** How far down the list a product's score halves, in places (default 5): how far a taste may lift a product. */
  readonly halfRank?: number;
}

/** A candidate as the ranking reads it. */
export interface RankedCandidate {
  readonly id: string;
  readonly category?: string;
  readonly brand?: string;
  /** How much of the shopper's profile style the product carries, from 0 (none, or no profile) to 1. */
  readonly style?: number;
}

export const EMPTY_TASTE: ShopperTaste = Object.freeze({ categories: new Map(), brands: new Map() });

/**
 * A shopper's taste from their events: per category and per brand, its share of the weight of the
 * events whose product has one (a purchase weighing more than a view, as the caller says).
 */
export function shopperTaste(signals: Iterable<TasteSignal>): ShopperTaste {
  const categories = new Map<string, number>();
  const brands = new Map<string, number>();
  let categoryTotal = 0;
  let brandTotal = 0;
  for (const { category, brand, weight } of signals) {
    if (!(weight > 0)) continue;
    if (category !== undefined) {
      categories.set(category, (categories.get(category) ?? 0) + weight);
      categoryTotal += weight;
    }
    if (brand !== undefined) {
      brands.set(brand, (brands.get(brand) ?? 0) + weight);
      brandTotal += weight;
    }
  }
  for (const [name, weight] of categories) categories.set(name, weight / categoryTotal);
  for (const [name, weight] of brands) brands.set(name, weight / brandTotal);
  return { categories, brands };
}

/**
 * Re-ranks a similar-products list (best first) for the shopper asking. Products the shopper
 * bought are left out. Each remaining product's place gives it a score, 1 / (1 + place / halfRank),
 * raised by the shopper's taste: × (1 + categoryWeight · share of its category + brandWeight ·
 * share of its brand + styleWeight · its style); the list is sorted by that score (ties keep their
 * order). (What the session saw is not moved down: shoppers often go back to it, and the answer
 * already places it, see neighbour-blend.) Without a shopper, the list comes back as it was.
 */
export function rankForShopper<T extends RankedCandidate>(
  candidates: readonly T[],
  shopper: ShopperContext,
  settings: ShopperRankingSettings = {},
): T[] {
  const { categoryWeight = 1, brandWeight = 2, styleWeight = 1, halfRank = 5 } = settings;
  const taste = shopper.taste ?? EMPTY_TASTE;
  // Scores and marks in arrays, candidates by index: this runs on every shopper's request.
  const kept: number[] = [];
  const scores = new Float64Array(candidates.length);
  candidates.forEach((candidate, i) => {
    if (shopper.purchased?.has(candidate.id) === true) return;
    const place = kept.length;
    kept.push(i);
    const category = candidate.category === undefined ? 0 : (taste.categories.get(candidate.category) ?? 0);
    const brand = candidate.brand === undefined ? 0 : (taste.brands.get(candidate.brand) ?? 0);
    const lift = 1 + categoryWeight * category + brandWeight * brand + styleWeight * (candidate.style ?? 0);
    scores[i] = lift / (1 + place / halfRank);
  });
  // Indexes are places in the list, so ties keep their order.
  kept.sort((a, b) => scores[b]! - scores[a]! || a - b);
  return kept.map((i) => candidates[i]!);
}
