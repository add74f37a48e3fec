import { useEffect, useState } from 'react';
import { ApiError, type Api, type Problem, type Product } from '../api/client';

/** Products the builder has read, by id (null: not in the catalog), for one signed-in client. */
const known = new WeakMap<Api, Map<string, Product | null>>();
/** As many ids as one batch read takes (the API's limit, a full slice). */
const LOOKUP_SIZE = 500;
/** The wait before trying again after a failure that gave none (doubled each time, up to the last). */
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

export function rememberProducts(api: Api, products: readonly Product[]): void {
  const cache = cacheOf(api);
  for (const p of products) cache.set(p.id, p);
}

function cacheOf(api: Api): Map<string, Product | null> {
  let cache = known.get(api);
  if (cache === undefined) known.set(api, (cache = new Map()));
  return cache;
}

/** Why some products are not read yet, and in how many seconds they are asked for again (undefined: they are not). */
export interface ProductsFailure {
  readonly error: unknown;
  readonly retryInSeconds: number | undefined;
}

/** What a 429 or a 503 asks a client to wait, in ms, from its Retry-After (seconds or a date); undefined when absent. */
export function retryAfterMs(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get('Retry-After');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      done();
    });
  });
}

/**
 * Reads the products not read yet, up to 500 in one request (POST catalog/lookup). A 429, a 5xx or
 * a network error is reported through `onFailure` and the read tried again after the Retry-After
 * the service gave (else a growing backoff) until it succeeds or `signal` aborts; any other refusal
 * is reported and not retried. Nothing unread is ever put in the cache.
 */
export async function loadProducts(
  api: Api,
  ids: readonly string[],
  signal: AbortSignal,
  onFailure: (failure: ProductsFailure | undefined) => void,
): Promise<ReadonlyMap<string, Product | null>> {
  const cache = cacheOf(api);
  const unread = [...new Set(ids)].filter((id) => !cache.has(id));
  for (let start = 0; start < unread.length && !signal.aborted; start += LOOKUP_SIZE) {
    const chunk = unread.slice(start, start + LOOKUP_SIZE);
    for (let attempt = 0; !signal.aborted; attempt++) {
      let wait: number;
      try {
        const { data, error, response } = await api.POST('/api/v1/products/protected/catalog/lookup', {
          body: { ids: chunk },
          signal,
        });
        if (data !== undefined) {
          for (const product of data.products) cache.set(product.id, product);
          for (const id of data.missing) cache.set(id, null);
          onFailure(undefined);
          break;
        }
        const failure = new ApiError(response.status, error as Problem | undefined);
        if (response.status !== 429 && response.status < 500) {
          onFailure({ error: failure, retryInSeconds: undefined });
          return cache;
        }
        wait = retryAfterMs(response) ?? BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
        onFailure({ error: failure, retryInSeconds: Math.ceil(wait / 1000) });
      } catch (error) {
        if (signal.aborted) break;
        wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
        onFailure({ error, retryInSeconds: Math.ceil(wait / 1000) });
      }
      await pause(wait, signal);
    }
  }
  return cache;
}

/** The products of these ids as far as they are read, and why the rest are not (while they are not). */
export function useProducts(
  api: Api,
  ids: readonly string[],
): { products: ReadonlyMap<string, Product | null>; failure: ProductsFailure | undefined } {
  const [products, setProducts] = useState<ReadonlyMap<string, Product | null>>(() => new Map(cacheOf(api)));
  const [failure, setFailure] = useState<ProductsFailure | undefined>(undefined);
  const key = ids.join('\n');
  useEffect(() => {
    const aborted = new AbortController();
    const wanted = key === '' ? [] : key.split('\n');
    if (wanted.every((id) => cacheOf(api).has(id))) {
      setProducts(new Map(cacheOf(api)));
      setFailure(undefined);
      return;
    }
    void loadProducts(api, wanted, aborted.signal, (f) => !aborted.signal.aborted && setFailure(f)).then(
      (map) => !aborted.signal.aborted && setProducts(new Map(map)),
    );
    return () => aborted.abort();
  }, [api, key]);
  return { products, failure };
}
