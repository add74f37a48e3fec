import { DomainError } from '../../domain/shared/errors.js';
import type { ProductStore } from '../../domain/product/product-store.js';

export class DeleteProduct {
  constructor(private readonly products: ProductStore) {}

  async execute(productId: string): Promise<void> {
    if (!(await this.products.delete(productId))) throw new DomainError('PRODUCT_NOT_FOUND', 'No product has this id.');
  }
}
