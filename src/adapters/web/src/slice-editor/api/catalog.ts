import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ok } from '../../api/client';
import { useRememberProducts } from '../../api/products';
import { useSession } from '../../session/session';

const CATALOG = '/api/v1/products/protected/catalog';

/** What the slice editor's search asks: the words typed (their last one also a prefix) and the filters. */
export interface CatalogQuery {
  readonly q: string;
  readonly category: string;
  readonly brand: string;
  /** '' for any, 'true' available only, 'false' unavailable only. */
  readonly available: '' | 'true' | 'false';
}

/**
 * The catalog's products for a query, a page of `pageSize` at a time (`fetchNextPage` for the next).
 * A new query aborts the request of the one before; its results stay shown until the new ones land.
 * Nothing is asked while not `enabled`.
 * The products found go into the product cache, so adding one to the slice needs no request.
 */
export function useCatalogSearch(query: CatalogQuery, pageSize: number, enabled: boolean) {
  const { api } = useSession();
  const remember = useRememberProducts();
  return useInfiniteQuery({
    queryKey: ['catalog', 'search', query, pageSize],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const page = await ok(
        api.GET(CATALOG, {
          params: {
            query: {
              limit: String(pageSize),
              ...(query.q.trim() ? { q: query.q.trim() } : {}),
              ...(query.category ? { category: query.category } : {}),
              ...(query.brand ? { brand: query.brand } : {}),
              ...(query.available ? { available: query.available } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          signal,
        }),
      );
      remember(page.products);
      return page;
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

/** The catalog's category and brand names, the most common first: the search filters' choices. */
export function useCatalogNames(enabled: boolean) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['catalog', 'names'],
    queryFn: ({ signal }) => ok(api.GET(`${CATALOG}/names`, { signal })),
    staleTime: 5 * 60_000,
    enabled,
  });
}
