import { DomainError, ValidationError } from '../../domain/shared/errors.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import { DEFAULT_SIMILAR_LIMIT, MAX_SIMILAR_LIMIT, type Similarity } from '../../domain/product/similarity.js';
import { similarProductsCacheKey } from '../caching/cache-keys.js';
import type { CachedAnswers } from '../caching/cached-answers.js';

export interface SimilarProductsQuery {
  readonly productId: string;
  readonly limit?: number | undefined;
}

/**
 * The ids of products similar to one product, best first. Answers are cached per product and
 * limit; catalog changes reach them within the cache's time to live. An unknown product is not
 * cached, so a product just added is found at once.
 */
export class FindSimilarProducts {
  constructor(
    private readonly products: ProductStore,
    private readonly similarity: Similarity,
    private readonly answers: CachedAnswers,
  ) {}

  /** The answer when this process has it at hand (see CachedAnswers.peek); else undefined. */
  peek(query: SimilarProductsQuery): readonly string[] | undefined {
    return this.answers.peek(similarProductsCacheKey(query.productId, query.limit ?? DEFAULT_SIMILAR_LIMIT));
  }

  async execute(query: SimilarProductsQuery): Promise<readonly string[]> {
    const limit = query.limit ?? DEFAULT_SIMILAR_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SIMILAR_LIMIT) {
      throw ValidationError.single('data.limit', `must be an integer from 1 to ${MAX_SIMILAR_LIMIT}`);
    }
    return this.answers.read(similarProductsCacheKey(query.productId, limit), async () => {
      const product = await this.products.get(query.productId);
      if (product === undefined) throw new DomainError('PRODUCT_NOT_FOUND', 'No product has this id.');
      return this.similarity.findSimilar(product, limit);
    });
  }
}
