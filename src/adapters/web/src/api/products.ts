import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSession } from '../session/session';
import { ok, type Product } from './client';
import { retryDelayMs, shouldRetry } from './query-client';

/** As many ids as one batch read takes (the API's limit, a full slice). */
export const LOOKUP_SIZE = 500;
const LOOKUP_PATH = '/api/v1/products/protected/catalog/lookup';

/** The cache entry of one product: the product, or null when the catalog has none of that id. */
const productKey = (id: string) => ['product', id] as const;

/** Why some products are not read yet, and in how many seconds they are asked for again (undefined: they are not). */
export interface ProductsFailure {
  readonly error: unknown;
  readonly retryInSeconds: number | undefined;
}

/** Puts products read elsewhere (a search, a proposal) in the cache, so their cards need no request. */
export function rememberProducts(queries: QueryClient, products: readonly Product[]): void {
  for (const product of products) queries.setQueryData(productKey(product.id), product);
}

export function useRememberProducts(): (products: readonly Product[]) => void {
  const queries = useQueryClient();
  return useCallback((products) => rememberProducts(queries, products), [queries]);
}

/**
 * The products of these ids as far as they are read (null: not in the catalog), and why the rest
 * are not while they are not. Ids not in the cache are read 500 at a time (POST catalog/lookup);
 * a 429, a 5xx or a network error is reported and the read tried again after the service's
 * Retry-After (else a growing backoff); nothing unread is ever put in the cache.
 */
export function useProducts(ids: readonly string[]): {
  products: ReadonlyMap<string, Product | null>;
  failure: ProductsFailure | undefined;
} {
  const { api } = useSession();
  const queries = useQueryClient();
  const key = ids.join('\n');
  const unread = useMemo(() => {
    const wanted = key === '' ? [] : [...new Set(key.split('\n'))];
    return wanted.filter((id) => queries.getQueryData(productKey(id)) === undefined);
  }, [key, queries]);
  const chunks: string[][] = [];
  for (let start = 0; start < unread.length; start += LOOKUP_SIZE) chunks.push(unread.slice(start, start + LOOKUP_SIZE));
  const lookups = useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: ['products', 'lookup', chunk],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const found = await ok(api.POST(LOOKUP_PATH, { body: { ids: chunk }, signal }));
        rememberProducts(queries, found.products);
        for (const id of found.missing) queries.setQueryData(productKey(id), null);
        return found;
      },
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  const settled = lookups.map((l) => l.dataUpdatedAt).join();
  const products = useMemo(() => {
    const map = new Map<string, Product | null>();
    if (settled === 'never') return map; // `settled` is a dependency: the map is read again when a lookup lands
    for (const id of key === '' ? [] : key.split('\n')) {
      const product = queries.getQueryData<Product | null>(productKey(id));
      if (product !== undefined) map.set(id, product);
    }
    return map;
  }, [key, queries, settled]);
  const failing = lookups.find((l) => l.failureReason !== null);
  const failure =
    failing === undefined
      ? undefined
      : {
          error: failing.failureReason,
          retryInSeconds: shouldRetry(failing.failureCount, failing.failureReason)
            ? Math.ceil(retryDelayMs(failing.failureCount, failing.failureReason) / 1000)
            : undefined,
        };
  return { products, failure };
}
