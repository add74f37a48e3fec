import { token } from '../shared/token.js';
import type { NeighbourSource } from './neighbour-blend.js';
import type { Product } from './product.js';

/** Who asks for similar products, as far as the request says: all optional. */
export interface ShopperQuery {
  readonly userId?: string | undefined;
  readonly sessionId?: string | undefined;
  /** Words of the style the shopper's profile gives, when this process has the profile at hand. */
  readonly styleWords?: readonly string[] | undefined;
  /** The instant of the request: what "the last 30 minutes" of the session is measured from. */
  readonly now: Date;
}

/** An answer with where each of its products came from, in the same order. */
export interface Recommendation {
  readonly ids: readonly string[];
  readonly from: readonly NeighbourSource[];
}

/**
 * The similarity engine: neighbour lists kept for every product of the catalog, so that finding
 * the products similar to one is a lookup. Whatever the engine, an answer holds at most `limit`
 * ids, never the product itself, never a product that is unknown or unavailable, and no id twice,
 * best first.
 *
 * The engine follows the catalog: the write path tells it of every product saved or removed, and
 * on start (and when news of other instances' writes may have been missed) it is fed the whole
 * catalog.
 */
export interface Similarity {
  /** The products similar to a product the engine knows; undefined for a product it does not know. */
  similarTo(productId: string, limit: number): readonly string[] | undefined;
  /**
   * The same answer for a shopper, with each product's source: what the shopper bought left out,
   * the rest re-ranked towards their taste, what their session just viewed moved down. Without a
   * shopper, or one nothing is known of, the products are `similarTo`'s.
   */
  recommend(productId: string, limit: number, shopper?: ShopperQuery): Recommendation | undefined;
  /** Where a product of `productId`'s answer comes from now; undefined when its answer does not hold it. */
  sourceOf(productId: string, neighbourId: string): NeighbourSource | undefined;
  /** Products as stored after a write (or as read from the store); unchanged versions cost nothing. */
  productsSaved(products: readonly Product[]): void;
  /** Products no longer in the catalog. */
  productsRemoved(ids: readonly string[]): void;
  /** The ids of the products the engine knows, to reconcile it with the store. */
  known(): Iterable<string>;
  /** The number of values every embedding of the catalog has, or undefined while none has one. */
  embeddingDimension(): number | undefined;
}

export const SimilarityToken = token<Similarity>('Similarity');

export const DEFAULT_SIMILAR_LIMIT = 20;
export const MAX_SIMILAR_LIMIT = 100;
