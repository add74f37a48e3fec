import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf, etagOf, ok, type Api, type Schemas } from '../../api/client';
import { calendarKey, COLLECTIONS_ROOT_KEY, sliceKey } from '../../api/keys';
import { useSession } from '../../session/session';
import { sheetBody } from '../../shared/sheet';
import type { Stored } from '../draft';

const SLICES = '/api/v1/merchandising-collections/protected/{id}/slices';
const SLICE = '/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}';

export type SliceBody = Schemas['SliceInput'];
export type SliceWritten = Schemas['Slice'];
export type VersionSummary = Schemas['SliceVersionList']['versions'][number];

/**
 * The stored slice and its entity tag. Read once and kept (no refetch on focus): the editor's
 * draft starts from it, and a change by someone else surfaces as a 412 on Save, never by
 * replacing the draft under the merchandiser's hands.
 */
export function useStoredSlice(collectionId: number, sliceId: number | undefined) {
  const { api } = useSession();
  return useQuery({
    queryKey: sliceKey(collectionId, sliceId ?? 0),
    queryFn: ({ signal }) => readSlice(api, collectionId, sliceId!, signal),
    enabled: sliceId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

async function readSlice(api: Api, collectionId: number, sliceId: number, signal?: AbortSignal): Promise<Stored> {
  const answer = await api.GET(SLICE, { params: { path: { id: collectionId, sliceId } }, signal });
  if (answer.data === undefined) throw apiErrorOf(answer.response, answer.error);
  return { slice: answer.data, etag: etagOf(answer.response) };
}

/** The slice as stored now, read afresh (to settle a conflict). */
export function useReadSlice(collectionId: number) {
  const { api } = useSession();
  return (sliceId: number) => readSlice(api, collectionId, sliceId);
}

/** What a save came to: the slice written, or a 412 (someone saved first). */
export type SaveResult = { kind: 'saved'; written: SliceWritten } | { kind: 'conflict' };

/** POST when new, PUT with If-Match otherwise; what shows the slice is read again after. */
export function useSaveSlice(collectionId: number) {
  const { api } = useSession();
  const invalidate = useInvalidateAfterWrite(collectionId);
  return useMutation({
    mutationFn: async ({
      sliceId,
      body,
      etag,
    }: {
      sliceId: number | 'new';
      body: SliceBody;
      etag?: string | undefined;
    }): Promise<SaveResult> => {
      if (sliceId === 'new') {
        return { kind: 'saved', written: await ok(api.POST(SLICES, { params: { path: { id: collectionId } }, body })) };
      }
      const answer = await api.PUT(SLICE, {
        params: { path: { id: collectionId, sliceId }, header: { 'If-Match': etag ?? '*' } },
        body,
      });
      if (answer.response.status === 412) return { kind: 'conflict' };
      if (answer.data === undefined) throw apiErrorOf(answer.response, answer.error);
      return { kind: 'saved', written: answer.data };
    },
    onSuccess: async (result) => {
      if (result.kind === 'saved') await invalidate(result.written.id);
    },
  });
}

/** After a write: the calendar, the collections list (their live slice) and the slice are read again. */
function useInvalidateAfterWrite(collectionId: number) {
  const queries = useQueryClient();
  return (sliceId: number) =>
    Promise.all([
      queries.invalidateQueries({ queryKey: calendarKey(collectionId) }),
      queries.invalidateQueries({ queryKey: COLLECTIONS_ROOT_KEY }),
      queries.invalidateQueries({ queryKey: sliceKey(collectionId, sliceId) }),
    ]);
}

/** The slice's kept versions, newest first, 20 a page. */
export function useVersions(collectionId: number, sliceId: number) {
  const { api } = useSession();
  return useInfiniteQuery({
    queryKey: [...sliceKey(collectionId, sliceId), 'versions'],
    queryFn: ({ pageParam, signal }) =>
      ok(
        api.GET('/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}/versions', {
          params: { path: { id: collectionId, sliceId }, query: { limit: '20', ...(pageParam ? { cursor: pageParam } : {}) } },
          signal,
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** One version whole (its products), when asked for. */
export function useVersion(collectionId: number, sliceId: number, version: number | undefined) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...sliceKey(collectionId, sliceId), 'version', version ?? 0],
    queryFn: ({ signal }) =>
      ok(
        api.GET('/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}/versions/{version}', {
          params: { path: { id: collectionId, sliceId, version: version! } },
          signal,
        }),
      ),
    enabled: version !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Restores a version (If-Match: the version the editor holds). */
export function useRestoreVersion(collectionId: number, sliceId: number) {
  const { api } = useSession();
  const invalidate = useInvalidateAfterWrite(collectionId);
  return useMutation({
    mutationFn: ({ version, etag }: { version: number; etag: string }) =>
      ok(
        api.POST('/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}/versions/{version}/restore', {
          params: { path: { id: collectionId, sliceId, version }, header: { 'If-Match': etag } },
        }),
      ),
    onSuccess: () => invalidate(sliceId),
  });
}

/** Replaces the slice's products from a spreadsheet (If-Match); what shows the slice is read again after. */
export function useReplaceFromSheet(collectionId: number, sliceId: number) {
  const { api } = useSession();
  const invalidate = useInvalidateAfterWrite(collectionId);
  return useMutation({
    mutationFn: ({ file, etag }: { file: File; etag: string }) =>
      ok(
        api.PUT('/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}/products/spreadsheet', {
          params: { path: { id: collectionId, sliceId }, header: { 'If-Match': etag } },
          ...sheetBody(file),
        }),
      ),
    onSuccess: () => invalidate(sliceId),
  });
}
