import type { Product } from './product.js';

/**
 * The first similarity rule: products of the same category, ranked by a shared brand, shared tags
 * (Jaccard) and closeness of price. Ties go to the smaller id so answers are stable.
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
  const brand = a.brand !== undefined && a.brand === b.brand ? 1 : 0;
  return BRAND_WEIGHT * brand + TAGS_WEIGHT * tagOverlap(a.tags, b.tags) + PRICE_WEIGHT * priceCloseness(a.price, b.price);
}

function tagOverlap(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const left = new Set(a);
  let shared = 0;
  const right = new Set(b);
  for (const tag of right) if (left.has(tag)) shared++;
  return shared / (left.size + right.size - shared);
}

function priceCloseness(a: number | undefined, b: number | undefined): number {
  if (a === undefined || b === undefined) return 0;
  const larger = Math.max(a, b);
  return larger === 0 ? 1 : 1 - Math.abs(a - b) / larger;
}
