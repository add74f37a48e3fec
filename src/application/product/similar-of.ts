import type { Product } from '../../domain/product/product.js';
import type { Similarity } from '../../domain/product/similarity.js';

/**
 * The products similar to a product read from the store. The engine follows the catalog, but a
 * product another instance wrote a moment ago may not have reached it yet: it learns it here.
 */
export function similarOf(similarity: Similarity, product: Product, limit: number): readonly string[] {
  const known = similarity.similarTo(product.id, limit);
  if (known !== undefined) return known;
  similarity.productsSaved([product]);
  return similarity.similarTo(product.id, limit) ?? [];
}
