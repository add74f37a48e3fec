import type { Product } from '../../domain/product/product.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import type { Similarity } from '../../domain/product/similarity.js';
import { rankByCategoryNeighbourhood } from '../../domain/product/similarity-ranking.js';

/**
 * The first similarity engine, straight from the catalog: the product's curated `similar` list
 * first, in its order; then, to fill up to the limit, products of the same category ranked by
 * brand, tags and price. Unknown and unavailable products are left out.
 */
export class CatalogSimilarity implements Similarity {
  constructor(private readonly products: ProductStore) {}

  async findSimilar(product: Product, limit: number): Promise<readonly string[]> {
    const chosen = new Set<string>([product.id]);
    const answer: string[] = [];
    const take = (candidate: Product | undefined): void => {
      if (candidate !== undefined && candidate.available && !chosen.has(candidate.id) && answer.length < limit) {
        chosen.add(candidate.id);
        answer.push(candidate.id);
      }
    };
    if (product.similar !== undefined && product.similar.length > 0) {
      const curated = await this.products.getMany(product.similar);
      for (const id of product.similar) take(curated.get(id));
    }
    if (answer.length < limit && product.category !== undefined) {
      for (const candidate of rankByCategoryNeighbourhood(product, await this.products.listByCategory(product.category))) {
        if (answer.length >= limit) break;
        take(candidate);
      }
    }
    return answer;
  }
}
