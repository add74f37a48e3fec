import type { Clock } from '../../domain/shared/clock.js';
import { ValidationError } from '../../domain/shared/errors.js';
import { draftProduct, embeddingDimensionProblem, type Product, type ProductInput } from '../../domain/product/product.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import type { SimilarityIndex } from '../../domain/product/similarity.js';
import type { CatalogFeed } from './catalog-feed.js';

/**
 * Creates or replaces a catalog product; the similarity engine follows at once. An embedding must
 * have the dimension of the catalog's other embeddings.
 */
export class UpsertProduct {
  constructor(
    private readonly products: ProductStore,
    private readonly clock: Clock,
    private readonly similarity: SimilarityIndex,
    private readonly feed: CatalogFeed,
  ) {}

  async execute(input: ProductInput): Promise<{ created: boolean; product: Product }> {
    const draft = draftProduct(input);
    const problem = embeddingDimensionProblem(draft, this.similarity.embeddingDimension());
    if (problem !== undefined) throw ValidationError.single('embedding', problem);
    const saved = await this.products.save(draft, this.clock.now());
    await this.feed.saved([saved.product]);
    return saved;
  }
}
