import { ValidationError, type ValidationIssue } from '../../domain/shared/errors.js';
import { productIdProblem, type Product } from '../../domain/product/product.js';
import type { ProductStore } from '../../domain/product/product-store.js';

/** How many ids one batch read takes: a full slice's products (MAX_SLICE_PRODUCTS). */
export const MAX_PRODUCT_READ = 500;

/** The products of a batch read, in the order asked, and the ids no product has. */
export interface ProductsRead {
  readonly products: readonly Product[];
  readonly missing: readonly string[];
}

/**
 * Reads up to MAX_PRODUCT_READ products in one step (one store read): those found in the order
 * the ids were asked, each once, and the ids no product has, in the same order.
 */
export class GetProducts {
  constructor(private readonly products: ProductStore) {}

  async execute(ids: readonly string[]): Promise<ProductsRead> {
    const issues: ValidationIssue[] = [];
    if (ids.length === 0) issues.push({ path: 'ids', message: 'must hold at least one id' });
    if (ids.length > MAX_PRODUCT_READ) issues.push({ path: 'ids', message: `must hold at most ${MAX_PRODUCT_READ} ids` });
    ids.forEach((id, i) => {
      const problem = productIdProblem(id);
      if (problem !== undefined) issues.push({ path: `ids.${i}`, message: problem });
    });
    if (issues.length > 0) throw new ValidationError(issues);
    const unique = [...new Set(ids)];
    const found = await this.products.getMany(unique);
    const products: Product[] = [];
    const missing: string[] = [];
    for (const id of unique) {
      const product = found.get(id);
      if (product === undefined) missing.push(id);
      else products.push(product);
    }
    return { products, missing };
  }
}
