import type { Page } from '../shared/page.js';
import { token } from '../shared/token.js';
import type { Product, ProductInput } from './product.js';

export interface CategoryPageQuery {
  /** Only products with a larger id (the last id of the previous page). */
  readonly afterId?: string | undefined;
  readonly limit: number;
}

export type ProductPage = Page<Product>;

/** The catalog. */
export interface ProductStore {
  get(id: string): Promise<Product | undefined>;
  /** The products among `ids` that exist, keyed by id; unknown ids are simply absent. */
  getMany(ids: readonly string[]): Promise<ReadonlyMap<string, Product>>;
  /** A page of one category's products, by id: those after `afterId`, at most `limit`. */
  listByCategory(category: string, page: CategoryPageQuery): Promise<ProductPage>;
  /**
   * Creates or replaces a product in one step, keeping its creation date; answers the product as
   * stored and whether it was created.
   */
  save(input: ProductInput, at: Date): Promise<{ created: boolean; product: Product }>;
  /**
   * Every product, in batches of up to `batchSize`, in id order. Products written during the scan
   * may or may not be seen; each batch is read in one step.
   */
  scan(batchSize: number): AsyncIterable<readonly Product[]>;
  /** Removes a product; answers whether it existed. */
  delete(id: string): Promise<boolean>;
}

export const ProductStoreToken = token<ProductStore>('ProductStore');
