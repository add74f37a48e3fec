import { useEffect, useState } from 'react';
import type { Api, Product } from '../api/client';

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
