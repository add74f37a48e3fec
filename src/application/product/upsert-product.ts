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
    const draft = draftProduct(input);
    const existing = await this.products.get(draft.id);
    const now = this.clock.now();
    const product: Product = { ...draft, createdAt: existing?.createdAt ?? now, updatedAt: now };
    const { created } = await this.products.save(product);
    return { created, product };
  }
}
