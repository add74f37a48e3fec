import { DomainError, ValidationError } from '../../domain/shared/errors.js';
import { DEFAULT_SIMILAR_LIMIT, MAX_SIMILAR_LIMIT, type Similarity } from '../../domain/product/similarity.js';
import type { SimilarityFeed } from './similarity-feed.js';

export interface SimilarProductsQuery {
  readonly productId: string;
  readonly limit?: number | undefined;
}

/**
 * The ids of products similar to one product, best first: a lookup of the engine's precomputed
 * neighbours (which follow every catalog change, so nothing is cached here). A product the engine
 * does not know is read from the store through the feed (another instance may have just written
 * it); unknown there too, it is 404. While news of another instance's catalog write is being
 * read, answers wait for it, so that a write anywhere is seen everywhere as soon as its news
 * arrives.
 */
export class FindSimilarProducts {
  constructor(
    private readonly similarity: Similarity,
    private readonly feed: SimilarityFeed,
  ) {}

  /** The answer when the engine knows the product and no news is being read, at once; else undefined. */
  peek(query: SimilarProductsQuery): readonly string[] | undefined {
    const limit = query.limit ?? DEFAULT_SIMILAR_LIMIT;
    if (!validLimit(limit) || this.feed.catchingUp) return undefined;
    return this.similarity.similarTo(query.productId, limit);
  }

  async execute(query: SimilarProductsQuery): Promise<readonly string[]> {
    const limit = query.limit ?? DEFAULT_SIMILAR_LIMIT;
    if (!validLimit(limit)) {
      throw ValidationError.single('data.limit', `must be an integer from 1 to ${MAX_SIMILAR_LIMIT}`);
    }
    const found = await this.feed.neighbours(query.productId, limit);
    if (found === undefined) throw new DomainError('PRODUCT_NOT_FOUND', 'No product has this id.');
    return found;
  }
}

function validLimit(limit: number): boolean {
  return Number.isInteger(limit) && limit >= 1 && limit <= MAX_SIMILAR_LIMIT;
}
