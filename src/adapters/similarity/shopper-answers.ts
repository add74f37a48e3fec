import type { Product } from '../../domain/product/product.js';
import type { Recommendation, ShopperQuery } from '../../domain/product/similarity.js';
import { rankForShopper, shopperTaste, type RankedCandidate, type TasteSignal } from '../../domain/product/shopper-ranking.js';
import type { NeighbourSource } from '../../domain/product/neighbour-blend.js';
import type { BehaviourModel } from './behaviour-model.js';
import { DEFAULT_EVENT_WEIGHTS } from './co-view-index.js';
import type { Terms } from './content-index.js';

/** How far back a shopper's events say something of their taste. */
export const TASTE_HORIZON_MS = 30 * 86_400_000;

/** How many of the profile's style terms a product must carry to count as fully in its style. */
const STYLE_TERMS_FOR_FULL_MATCH = 2;

/** What the shopper's answer reads of the catalog: the engine's products and terms. */
export interface CatalogFacts {
  productOf(id: string): Product | undefined;
  termsOfProduct(id: string): Terms | undefined;
  termsOfText(text: string): ReadonlySet<number>;
}

interface Candidate extends RankedCandidate {
  readonly from: NeighbourSource;
}

/** A profile's style words as the catalog's terms, worked out once per list of words (the profile cache hands out the same list). */
const styleTermsOf = new WeakMap<readonly string[], ReadonlySet<number>>();

/**
 * A shopper's answer from a pool of the product's best neighbours: what the shopper bought left
 * out, the rest re-ranked towards the categories and brands of their events of the last
 * TASTE_HORIZON_MS and the style words of their profile, the products the session viewed in the
 * last 30 minutes moved down (rankForShopper's rules); then cut to `limit`. Undefined when nothing
 * is known of the shopper: the answer is then everyone's.
 */
export function forShopper(
  pool: Recommendation,
  limit: number,
  shopper: ShopperQuery,
  behaviour: BehaviourModel,
  catalog: CatalogFacts,
): Recommendation | undefined {
  const user = shopper.userId === undefined ? undefined : behaviour.user(shopper.userId);
  const session = shopper.sessionId === undefined ? undefined : behaviour.session(shopper.sessionId);
  const style = styleTerms(shopper.styleWords, catalog);
  if (user === undefined && session === undefined && style.size === 0) return undefined;
  const signals: TasteSignal[] = [];
  const since = shopper.now.getTime() - TASTE_HORIZON_MS;
  for (const event of user?.recent ?? []) {
    if (event.at.getTime() < since) continue;
    const product = catalog.productOf(event.productId);
    if (product === undefined) continue;
    signals.push({ category: product.category, brand: product.brand, weight: DEFAULT_EVENT_WEIGHTS[event.type] ?? 0 });
  }
  const candidates: Candidate[] = pool.ids.map((id, i) => {
    const product = catalog.productOf(id);
    return {
      id,
      from: pool.from[i]!,
      category: product?.category,
      brand: product?.brand,
      style: style.size === 0 ? 0 : styleOf(catalog.termsOfProduct(id), style),
    };
  });
  const ranked = rankForShopper(candidates, {
    taste: shopperTaste(signals),
    purchased: user?.purchased,
    viewedInSession: session?.viewed,
    now: shopper.now,
  }).slice(0, limit);
  return { ids: ranked.map((c) => c.id), from: ranked.map((c) => c.from) };
}

function styleTerms(words: readonly string[] | undefined, catalog: CatalogFacts): ReadonlySet<number> {
  if (words === undefined || words.length === 0) return EMPTY;
  let terms = styleTermsOf.get(words);
  if (terms === undefined) styleTermsOf.set(words, (terms = catalog.termsOfText(words.join(' '))));
  return terms;
}

/** How much of the style a product carries: the share of STYLE_TERMS_FOR_FULL_MATCH of the style's terms it holds. */
function styleOf(terms: Terms | undefined, style: ReadonlySet<number>): number {
  if (terms === undefined) return 0;
  let held = 0;
  for (const term of terms.ids) if (style.has(term) && ++held >= STYLE_TERMS_FOR_FULL_MATCH) return 1;
  return held / STYLE_TERMS_FOR_FULL_MATCH;
}

const EMPTY: ReadonlySet<number> = new Set();
