import { DomainError } from '../../domain/shared/errors.js';
import type { Product } from '../../domain/product/product.js';
import type { ProductStore } from '../../domain/product/product-store.js';

export class GetProduct {
  constructor(private readonly products: ProductStore) {}

  async execute(productId: string): Promise<Product> {
    const product = await this.products.get(productId);
    if (product === undefined) throw new DomainError('PRODUCT_NOT_FOUND', 'No product has this id.');
    return product;
  }
}
