import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ok, type Collection } from '../api/client';
import { useSession } from '../session/session';

/** Every query of this feature starts with this key: a write here invalidates them all. */
export const COLLECTIONS_KEY = ['collections'] as const;
const PATH = '/api/v1/merchandising-collections/protected';

/** If-Match of a collection as listed. */
const etagOf = (collection: Collection) => `"collection-${collection.id}.${collection.version}"`;

/** A page of collections whose name holds `name`, from `cursor`, each with its live slice: one request. */
export function useCollectionsPage(query: { limit: number; cursor: string | undefined; name: string }) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...COLLECTIONS_KEY, 'page', query],
    queryFn: ({ signal }) =>
      ok(
        api.GET(PATH, {
          params: {
            query: {
              limit: String(query.limit),
              ...(query.cursor ? { cursor: query.cursor } : {}),
              ...(query.name ? { name: query.name } : {}),
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Creates a collection, or renames one and changes its description (If-Match: a 412 when someone changed it meanwhile). */
export function useSaveCollection() {
  const { api } = useSession();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ collection, name, description }: { collection?: Collection; name: string; description: string }) =>
      collection === undefined
        ? ok(api.POST(PATH, { body: { name, description } }))
        : ok(
            api.PATCH(`${PATH}/{id}`, {
              params: { path: { id: collection.id }, header: { 'If-Match': etagOf(collection) } },
              body: { name, description },
            }),
          ),
    onSuccess: () => queries.invalidateQueries({ queryKey: COLLECTIONS_KEY }),
  });
}

/** Deletes a collection and its slices, as listed (If-Match). */
export function useDeleteCollection() {
  const { api } = useSession();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (collection: Collection) =>
      ok(api.DELETE(`${PATH}/{id}`, { params: { path: { id: collection.id }, header: { 'If-Match': etagOf(collection) } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: COLLECTIONS_KEY }),
  });
}
