import { useEffect, useState } from 'react';
import type { Api, Product, SliceFilters } from '../api/client';
import type { MessageKey } from '../i18n/messages';

/** Products the builder has read, by id (null: not in the catalog), for one signed-in client. */
const known = new WeakMap<Api, Map<string, Product | null>>();
const PARALLEL = 6;

export function rememberProducts(api: Api, products: readonly Product[]): void {
  const cache = cacheOf(api);
  for (const p of products) cache.set(p.id, p);
}

function cacheOf(api: Api): Map<string, Product | null> {
  let cache = known.get(api);
  if (cache === undefined) known.set(api, (cache = new Map()));
  return cache;
}

/** Reads the products not read yet, a few requests at a time. */
export async function loadProducts(api: Api, ids: readonly string[]): Promise<ReadonlyMap<string, Product | null>> {
  const cache = cacheOf(api);
  const missing = [...new Set(ids)].filter((id) => !cache.has(id));
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const id = missing[next++]!;
      const { data, response } = await api.GET('/api/v1/products/protected/catalog/{productId}', {
        params: { path: { productId: id } },
      });
      if (data !== undefined) cache.set(id, data);
      else if (response.status === 404) cache.set(id, null);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, missing.length) }, worker));
  return cache;
}

export function useProducts(api: Api, ids: readonly string[]): ReadonlyMap<string, Product | null> {
  const [products, setProducts] = useState<ReadonlyMap<string, Product | null>>(() => new Map(cacheOf(api)));
  const key = ids.join('\n');
  useEffect(() => {
    let current = true;
    void loadProducts(api, key === '' ? [] : key.split('\n')).then((map) => current && setProducts(new Map(map)));
    return () => {
      current = false;
    };
  }, [api, key]);
  return products;
}

/**
 * Why the slice's filters make a product inactive, or [] when it is active: the rules the API
 * applies (src/domain/merchandising/slice-filters.ts), so an edit shows its flags before saving.
 */
export function inactiveReasons(product: Product | null | undefined, filters: SliceFilters): MessageKey[] {
  const filtered =
    filters.availableOnly === true ||
    [filters.categories, filters.brands, filters.tags].some((list) => list !== undefined && list.length > 0) ||
    filters.minPrice !== undefined ||
    filters.maxPrice !== undefined;
  if (!filtered || product === undefined) return [];
  if (product === null) return ['whyMissing'];
  const reasons: MessageKey[] = [];
  const outside = (list: readonly string[] | undefined, value: string | undefined) =>
    list !== undefined && list.length > 0 && (value === undefined || !list.includes(value));
  if (filters.availableOnly === true && !product.available) reasons.push('whyUnavailable');
  if (outside(filters.categories, product.category)) reasons.push('whyCategory');
  if (outside(filters.brands, product.brand)) reasons.push('whyBrand');
  if ((filters.minPrice !== undefined || filters.maxPrice !== undefined) && product.price === undefined)
    reasons.push('whyNoPrice');
  if (filters.minPrice !== undefined && product.price !== undefined && product.price < filters.minPrice)
    reasons.push('whyPriceLow');
  if (filters.maxPrice !== undefined && product.price !== undefined && product.price > filters.maxPrice)
    reasons.push('whyPriceHigh');
  if (filters.tags !== undefined && filters.tags.length > 0 && !product.tags.some((tag) => filters.tags?.includes(tag))) {
    reasons.push('whyTags');
  }
  return reasons;
}
