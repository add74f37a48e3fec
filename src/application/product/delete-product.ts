import { DomainError } from '../../domain/shared/errors.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import type { CatalogFeed } from './catalog-feed.js';

/** Removes a catalog product; it leaves every similar-products answer at once. */
export class DeleteProduct {
  constructor(
    private readonly products: ProductStore,
    private readonly feed: CatalogFeed,
  ) {}

  async execute(productId: string): Promise<void> {
    if (!(await this.products.delete(productId))) throw new DomainError('PRODUCT_NOT_FOUND', 'No product has this id.');
    await this.feed.removed([productId]);
  }
}
