import type { Product } from '../../domain/product/product.js';
import type { Recommendation, ShopperQuery } from '../../domain/product/similarity.js';
import {
  EMPTY_TASTE,
  rankForShopper,
  shopperTaste,
  type RankedCandidate,
  type ShopperTaste,
  type TasteSignal,
} from '../../domain/product/shopper-ranking.js';
import type { NeighbourSource } from '../../domain/product/neighbour-blend.js';
import type { BehaviourModel } from './behaviour-model.js';
import { DEFAULT_EVENT_WEIGHTS } from './co-view-index.js';
import type { Terms } from './content-index.js';
import type { UserMemory } from './shopper-memory.js';

/** How far back a shopper's events say something of their taste. */
const TASTE_HORIZON_MS = 30 * 86_400_000;

/** How many of the profile's style terms a product must carry to count as fully in its style. */
const STYLE_TERMS_FOR_FULL_MATCH = 2;

/** An answer as the engine keeps it: with its products, for a shopper's re-ranking to read without looking them up. */
export interface KeptAnswer extends Recommendation {
  readonly products: readonly Product[];
}

/** What the shopper's answer reads of the catalog: the engine's products and terms. */
export interface CatalogFacts {
  productOf(id: string): Product | undefined;
  termsOfProduct(id: string): Terms | undefined;
  termsOfText(text: string): ReadonlySet<number>;
  /** Changes whenever the catalog's terms may have (their numbers are given to other words as products come and go). */
  readonly catalogVersion: number;
}

interface Candidate extends RankedCandidate {
  readonly from: NeighbourSource;
}

/**
 * A profile's style words as the catalog's terms, worked out once per list of words (the profile
 * cache hands out the same list) while the catalog is the same.
 */
const styleTermsOf = new WeakMap<
  readonly string[],
  { readonly catalog: CatalogFacts; readonly version: number; readonly terms: ReadonlySet<number> }
>();

/**
 * A shopper's answer from a pool of the product's best neighbours (asked for only when something
 * is known of the shopper): what the shopper bought left out, the rest re-ranked towards the
 * categories and brands of their events of the last TASTE_HORIZON_MS and the style words of their
 * profile, the products the session viewed in the last 30 minutes moved down (rankForShopper's
 * rules); then cut to `limit`. Undefined when nothing is known of the shopper: the answer is then
 * everyone's. (A product whose category or brand changed since the shopper's taste was worked out
 * counts as it was, until their next event.)
 */
export function forShopper(
  poolOf: () => KeptAnswer | undefined,
  limit: number,
  shopper: ShopperQuery,
  behaviour: BehaviourModel,
  catalog: CatalogFacts,
): Recommendation | undefined {
  const user = shopper.userId === undefined ? undefined : behaviour.user(shopper.userId);
  const session = shopper.sessionId === undefined ? undefined : behaviour.session(shopper.sessionId);
  const style = styleTerms(shopper.styleWords, catalog);
  if (user === undefined && session === undefined && style.size === 0) return undefined;
  const pool = poolOf();
  if (pool === undefined) return undefined;
  const candidates = candidatesOf(pool, style, catalog);
  const ranked = rankForShopper(candidates, {
    taste: user === undefined ? EMPTY_TASTE : tasteOf(user, shopper.now.getTime(), catalog),
    purchased: user?.purchased,
    viewedInSession: session?.viewed,
    now: shopper.now,
  }).slice(0, limit);
  return { ids: ranked.map((c) => c.id), from: ranked.map((c) => c.from) };
}

/** A shopper's taste as last worked out: valid while their memory is the same and no counted event has aged out. */
interface KeptTaste {
  readonly version: number;
  readonly from: number;
  readonly until: number;
  readonly taste: ShopperTaste;
}

const tastes = new WeakMap<UserMemory, KeptTaste>();

/**
 * The taste of a shopper's events of the last TASTE_HORIZON_MS at `now` (an event exactly that
 * old still counts). Worked out again only when they have a new event or the oldest event counted
 * ages out: for a shopper asking again and again, a lookup.
 */
function tasteOf(user: UserMemory, now: number, catalog: CatalogFacts): ShopperTaste {
  const kept = tastes.get(user);
  if (kept !== undefined && kept.version === user.version && now >= kept.from && now <= kept.until) return kept.taste;
  const since = now - TASTE_HORIZON_MS;
  const signals: TasteSignal[] = [];
  let until = Number.POSITIVE_INFINITY;
  for (const event of user.recent) {
    const at = event.at.getTime();
    if (at < since) continue;
    until = Math.min(until, at + TASTE_HORIZON_MS);
    const product = catalog.productOf(event.productId);
    if (product === undefined) continue;
    signals.push({ category: product.category, brand: product.brand, weight: DEFAULT_EVENT_WEIGHTS[event.type] ?? 0 });
  }
  const taste = shopperTaste(signals);
  tastes.set(user, { version: user.version, from: now, until, taste });
  return taste;
}

function styleTerms(words: readonly string[] | undefined, catalog: CatalogFacts): ReadonlySet<number> {
  if (words === undefined || words.length === 0) return EMPTY;
  const kept = styleTermsOf.get(words);
  if (kept !== undefined && kept.catalog === catalog && kept.version === catalog.catalogVersion) return kept.terms;
  const terms = catalog.termsOfText(words.join(' '));
  styleTermsOf.set(words, { catalog, version: catalog.catalogVersion, terms });
  return terms;
}

/** Per style (a profile's terms; none: EMPTY), the candidates of each answer it was asked with. */
const poolCandidates = new WeakMap<ReadonlySet<number>, WeakMap<KeptAnswer, readonly Candidate[]>>();

/** A pool's products as the re-ranking reads them: made once per answer and style (a shopper asking again reads them). */
function candidatesOf(pool: KeptAnswer, style: ReadonlySet<number>, catalog: CatalogFacts): readonly Candidate[] {
  let byPool = poolCandidates.get(style);
  if (byPool === undefined) poolCandidates.set(style, (byPool = new WeakMap()));
  let candidates = byPool.get(pool);
  if (candidates === undefined) {
    candidates = pool.products.map((product, i) => ({
      id: product.id,
      from: pool.from[i]!,
      category: product.category,
      brand: product.brand,
      style: style.size === 0 ? 0 : styleOf(catalog.termsOfProduct(product.id), style),
    }));
    byPool.set(pool, candidates);
  }
  return candidates;
}

/** How much of the style a product carries: the share of STYLE_TERMS_FOR_FULL_MATCH of the style's terms it holds. */
function styleOf(terms: Terms | undefined, style: ReadonlySet<number>): number {
  if (terms === undefined) return 0;
  let held = 0;
  for (const term of terms.ids) if (style.has(term) && ++held >= STYLE_TERMS_FOR_FULL_MATCH) return 1;
  return held / STYLE_TERMS_FOR_FULL_MATCH;
}

const EMPTY: ReadonlySet<number> = new Set();
