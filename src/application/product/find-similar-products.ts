import { DomainError, ValidationError } from '../../domain/shared/errors.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import { DEFAULT_SIMILAR_LIMIT, MAX_SIMILAR_LIMIT, type Similarity } from '../../domain/product/similarity.js';

export interface SimilarProductsQuery {
  readonly productId: string;
  readonly limit?: number | undefined;
}

/** The ids of products similar to one product, best first. */
export class FindSimilarProducts {
  constructor(
    private readonly products: ProductStore,
    private readonly similarity: Similarity,
  ) {}

  async execute(query: SimilarProductsQuery): Promise<readonly string[]> {
    const limit = query.limit ?? DEFAULT_SIMILAR_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SIMILAR_LIMIT) {
      throw ValidationError.single('data.limit', `must be an integer from 1 to ${MAX_SIMILAR_LIMIT}`);
    }
    const product = await this.products.get(query.productId);
    if (product === undefined) throw new DomainError('PRODUCT_NOT_FOUND', 'No product has this id.');
    return this.similarity.findSimilar(product, limit);
  }
}
