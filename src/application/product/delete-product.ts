import { DomainError } from '../../domain/shared/errors.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import type { FollowCatalog } from './follow-catalog.js';

/** Removes a catalog product; it leaves every similar-products answer at once. */
export class DeleteProduct {
  constructor(
    private readonly products: ProductStore,
    private readonly catalog: FollowCatalog,
  ) {}

  async execute(productId: string): Promise<void> {
    if (!(await this.products.delete(productId))) throw new DomainError('PRODUCT_NOT_FOUND', 'No product has this id.');
    await this.catalog.removed([productId]);
  }
}
