import type { Clock } from '../../domain/shared/clock.js';
import { draftProduct, type Product, type ProductInput } from '../../domain/product/product.js';
import type { ProductStore } from '../../domain/product/product-store.js';

/** Creates or replaces a catalog product. */
export class UpsertProduct {
  constructor(
    private readonly products: ProductStore,
    private readonly clock: Clock,
  ) {}

  async execute(input: ProductInput): Promise<{ created: boolean; product: Product }> {
    return this.products.save(draftProduct(input), this.clock.now());
  }
}
