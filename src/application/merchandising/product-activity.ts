import { hasFilters, isProductActive } from '../../domain/merchandising/slice-filters.js';
import type { Slice } from '../../domain/merchandising/slice.js';
import type { ProductStore } from '../../domain/product/product-store.js';

/** The active flag of each product of a slice, in slice order, from its filters and the catalog. */
export async function productActivity(products: ProductStore, slice: Slice): Promise<readonly boolean[]> {
  if (!hasFilters(slice.filters)) return slice.products.map(() => true);
  const catalog = await products.getMany(slice.products);
  return slice.products.map((id) => isProductActive(slice.filters, catalog.get(id)));
}
