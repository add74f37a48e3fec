import { token } from '../shared/token.js';
import type { Product } from './product.js';

/**
 * Finds products similar to one product. Whatever the engine behind it, an answer holds at most
 * `limit` ids, never the product itself, never a product that is unknown or unavailable, and no
 * id twice, best first.
 */
export interface Similarity {
  findSimilar(product: Product, limit: number): Promise<readonly string[]>;
}

export const SimilarityToken = token<Similarity>('Similarity');

export const DEFAULT_SIMILAR_LIMIT = 20;
export const MAX_SIMILAR_LIMIT = 100;
