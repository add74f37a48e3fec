import type { Product } from './product.js';

/**
 * The first similarity rule: products of the same category, ranked by a shared brand, shared tags
 * (Jaccard) and closeness of price. Ties go to the smaller id so answers are stable. This ranks
 * every candidate (the rule stated plainly); an answer's top-up asks for its first few only, and
 * takes them with `nearestInCategory`, which gives the same products without ranking them all.
 */
export function rankByCategoryNeighbourhood(product: Product, candidates: Iterable<Product>): Product[] {
  const scored: { product: Product; score: number }[] = [];
  for (const candidate of candidates) {
    if (candidate.id === product.id || !candidate.available) continue;
    scored.push({ product: candidate, score: neighbourScore(product, candidate) });
  }
  scored.sort((a, b) => b.score - a.score || (a.product.id < b.product.id ? -1 : a.product.id > b.product.id ? 1 : 0));
  return scored.map((s) => s.product);
}

const BRAND_WEIGHT = 3;
const TAGS_WEIGHT = 2;
const PRICE_WEIGHT = 1;

export function neighbourScore(a: Product, b: Product): number {
  return neighbourScorer(a)(b);
}

/** `neighbourScore(a, ·)`, with what it reads of `a` worked out once (the same figures, to the bit). */
function neighbourScorer(a: Product): (b: Product) => number {
  const left = new Set(a.tags);
  return (b) => {
    const brand = a.brand !== undefined && a.brand === b.brand ? 1 : 0;
    return BRAND_WEIGHT * brand + TAGS_WEIGHT * tagOverlap(left, b.tags) + PRICE_WEIGHT * priceCloseness(a.price, b.price);
  };
}

/** Jaccard of two tag sets (`b` may name a tag twice: it counts once). */
function tagOverlap(left: ReadonlySet<string>, b: readonly string[]): number {
  if (left.size === 0 || b.length === 0) return 0;
  let shared = 0;
  let size = 0;
  for (let i = 0; i < b.length; i++) {
    const tag = b[i]!;
    if (b.indexOf(tag) !== i) continue;
    size++;
    if (left.has(tag)) shared++;
  }
  return shared / (left.size + size - shared);
}

/** Some available products (the asking product among them, maybe) in the orders a price walk reads. */
export interface PricedMembers {
  /** Those with a price of at most `price`, dearest first. */
  pricedUpTo(price: number): Iterable<Product>;
  /** Those with a price above `price`, cheapest first. */
  pricedAbove(price: number): Iterable<Product>;
  /** Every one, by id. */
  byId(): Iterable<Product>;
  /** Those carrying a tag, in any order. */
  withTag(tag: string): Iterable<Product>;
}

/**
 * A category's available products in the orders `nearestInCategory` walks: the index that holds
 * them keeps each order as products change.
 */
export interface CategoryMembers extends PricedMembers {
  /** Those of a brand, in the same orders. */
  withBrand(brand: string): PricedMembers;
}

/**
 * How far below the k-th best a price walk goes on: a float rounding may put two prices' closeness
 * out of order by an ulp, never by this.
 */
const ROUNDING_SLACK = 1e-9;

/**
 * The first `n` of `rankByCategoryNeighbourhood(product, members)`, the same products in the same
 * order, without scoring the whole category. A shared brand adds 3, a shared tag up to 2, price
 * closeness up to 1. First the brand's members: those sharing a tag are scored each; the others
 * score 3 plus their price closeness, which falls as the price moves away on either side, so they
 * are walked outwards from the product's price until none can enter, then (those scoring no
 * closeness) by id while room is left. Then the other tag sharers, each scored, unless what is
 * kept already beats the most they can score (2 + 1). Then the rest, who score their closeness
 * alone, walked the same way. Costs the brand's tag sharers, about `n` per walk, and the other
 * tag sharers only when the brand's members do not fill the answer: not the category's size.
 */
export function nearestInCategory(product: Product, members: CategoryMembers, n: number): Product[] {
  if (n <= 0) return [];
  const best = new BestOf(n);
  const score = neighbourScorer(product);
  const seen = new Set<string>([product.id]);
  const consider = (candidate: Product, value: number): void => {
    seen.add(candidate.id);
    best.offer(candidate, value);
  };
  const scoreTagSharers = (group: PricedMembers): void => {
    for (const tag of product.tags) {
      for (const candidate of group.withTag(tag)) if (!seen.has(candidate.id)) consider(candidate, score(candidate));
    }
  };
  const walk = (group: PricedMembers, floor: number): void => {
    const { price } = product;
    for (const side of price === undefined ? [] : [group.pricedUpTo(price), group.pricedAbove(price)]) {
      for (const candidate of side) {
        if (seen.has(candidate.id)) continue;
        const value = score(candidate);
        if (value <= floor || (best.full && value < best.worstScore - ROUNDING_SLACK)) break;
        consider(candidate, value);
      }
    }
    if (best.full && best.worstScore > floor) return;
    // Those left score the floor: by id, while one can enter (any, while the worst kept scores less).
    for (const candidate of group.byId()) {
      if (best.full && (best.worstScore > floor || (best.worstScore === floor && candidate.id > best.worstId))) break;
      if (!seen.has(candidate.id)) consider(candidate, score(candidate));
    }
  };
  if (product.brand !== undefined) {
    const brand = members.withBrand(product.brand);
    scoreTagSharers(brand);
    walk(brand, BRAND_WEIGHT);
  }
  // Tag sharers of another brand (or none) score at most TAGS_WEIGHT + PRICE_WEIGHT.
  if (!(best.full && best.worstScore > TAGS_WEIGHT + PRICE_WEIGHT + ROUNDING_SLACK)) scoreTagSharers(members);
  walk(members, 0);
  return best.ranked();
}

/**
 * The score of the last of a product's first `n` category neighbours (`nearestInCategory`): null
 * when they are fewer than `n` (then any change to the category's products changes them).
 */
export function topUpEndOf(product: Product, count: number, last: Product, n: number): number | null {
  return count < n ? null : neighbourScore(product, last);
}

/**
 * Whether a version of another product that entered or left a category (as it was, or as it is
 * now) may change a product's first category neighbours, given the score of their end
 * (`topUpEndOf`): it scores at least as much (ties and a float's rounding taken as may). A version
 * ranking after the end of every list it touches leaves them as they were, whatever else changed.
 * Returns the test for each product of the category (the score is symmetric: what the version
 * reads of itself is worked out once).
 */
export function topUpChangeBy(version: Product): (product: Product, end: number | null) => boolean {
  const score = neighbourScorer(version);
  return (product, end) => {
    if (product.id === version.id) return false;
    if (end === null) return true;
    // Ties of score (within a rounding) are taken as ranking before: looking once more costs little.
    return score(product) >= end - ROUNDING_SLACK;
  };
}

/** The best `n` products offered, by score, ties to the smaller id. */
class BestOf {
  private readonly kept: { product: Product; score: number }[] = [];

  constructor(private readonly n: number) {}

  get full(): boolean {
    return this.kept.length >= this.n;
  }

  get worstScore(): number {
    return this.kept.at(-1)?.score ?? Number.NEGATIVE_INFINITY;
  }

  get worstId(): string {
    return this.kept.at(-1)?.product.id ?? '';
  }

  offer(product: Product, score: number): void {
    if (!product.available) return;
    const { kept } = this;
    if (this.full && !ranksBefore(score, product.id, this.worstScore, this.worstId)) return;
    let at = kept.length;
    while (at > 0 && ranksBefore(score, product.id, kept[at - 1]!.score, kept[at - 1]!.product.id)) at--;
    kept.splice(at, 0, { product, score });
    if (kept.length > this.n) kept.pop();
  }

  ranked(): Product[] {
    return this.kept.map((k) => k.product);
  }
}

function ranksBefore(scoreA: number, idA: string, scoreB: number, idB: string): boolean {
  return scoreA > scoreB || (scoreA === scoreB && idA < idB);
}

function priceCloseness(a: number | undefined, b: number | undefined): number {
  if (a === undefined || b === undefined) return 0;
  const larger = Math.max(a, b);
  return larger === 0 ? 1 : 1 - Math.abs(a - b) / larger;
}
