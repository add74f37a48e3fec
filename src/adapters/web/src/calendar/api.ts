import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf, ok, type ActiveSlice, type Api, type Collection, type Product, type SliceSummary } from '../api/client';
import { calendarKey, COLLECTIONS_ROOT_KEY } from '../api/keys';
import { rememberSliceNotes } from '../api/slice-notes';
import type { TimelinePreview } from '../api/timeline-preview';
import { useSession } from '../session/session';
import { sheetBody } from '../shared/sheet';

const COLLECTION = '/api/v1/merchandising-collections/protected/{id}';
const PAGE = 100;
/** MAX_SLICES_PER_COLLECTION's default, in pages: a calendar reads every slice. */
const MOST_PAGES = 20;

export interface Calendar {
  collection: Collection;
  slices: SliceSummary[];
  /** The slice the API serves now, if any. */
  servedNow: number | null;
  /** When it was read: the calendar's "now". */
  now: Date;
}

/** A collection's calendar: every slice (100 a page), and the one served now. */
export function useCalendar(collectionId: number) {
  const { api } = useSession();
  return useQuery({
    queryKey: calendarKey(collectionId),
    queryFn: async ({ signal }): Promise<Calendar> => {
      const slices: SliceSummary[] = [];
      let cursor: string | undefined;
      let collection: Collection | undefined;
      for (let page = 0; page < MOST_PAGES; page++) {
        const query = { limit: String(PAGE), ...(cursor ? { cursor } : {}) };
        const answer = await ok(
          api.GET('/api/v1/merchandising-collections/protected/{id}/slices', {
            params: { path: { id: collectionId }, query },
            signal,
          }),
        );
        collection = answer.collection;
        slices.push(...answer.slices);
        if (answer.nextCursor === null) break;
        cursor = answer.nextCursor;
      }
      const served = await servedAt(api, collectionId, undefined, signal);
      return { collection: collection!, slices, servedNow: served?.sliceId ?? null, now: new Date() };
    },
  });
}

/** What the contract read serves at `at` (now when undefined), or null when nothing (NO_ACTIVE_SLICE). */
async function servedAt(
  api: Api,
  collectionId: number,
  at: string | undefined,
  signal?: AbortSignal,
): Promise<ActiveSlice | null> {
  const answer = await api.GET(COLLECTION, { params: { path: { id: collectionId }, query: at ? { at } : {} }, signal });
  if (answer.data !== undefined) return answer.data;
  if (answer.response.status === 404 && (answer.error as { code?: string } | undefined)?.code === 'NO_ACTIVE_SLICE') return null;
  throw apiErrorOf(answer.response, answer.error);
}

/** The preview panel's read: what is served at an instant (none asked yet: undefined). */
export function useServedAt(collectionId: number, at: string | undefined) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...calendarKey(collectionId), 'served-at', at ?? ''],
    queryFn: ({ signal }) => servedAt(api, collectionId, at, signal),
    enabled: at !== undefined,
  });
}

function useInvalidateCalendar(collectionId: number) {
  const queries = useQueryClient();
  return () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: calendarKey(collectionId) }),
      queries.invalidateQueries({ queryKey: COLLECTIONS_ROOT_KEY }),
    ]);
}

/** Deletes a slice as listed (If-Match). */
export function useDeleteSlice(collectionId: number) {
  const { api } = useSession();
  const invalidate = useInvalidateCalendar(collectionId);
  return useMutation({
    mutationFn: (slice: SliceSummary) =>
      ok(
        api.DELETE('/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}', {
          params: {
            path: { id: collectionId, sliceId: slice.id },
            header: { 'If-Match': `"slice-${slice.id}.${slice.version}"` },
          },
        }),
      ),
    onSuccess: invalidate,
  });
}

/** A new slice from a spreadsheet; what the service warned about is kept for the editor it opens in. */
export function useSpreadsheetSlice(collectionId: number) {
  const { api } = useSession();
  const queries = useQueryClient();
  const invalidate = useInvalidateCalendar(collectionId);
  return useMutation({
    mutationFn: async (input: {
      file: File;
      query: { name: string; startsAt: string; endsAt?: string };
      consequence: TimelinePreview;
    }) => {
      const written = await ok(
        api.POST('/api/v1/merchandising-collections/protected/{id}/slices/spreadsheet', {
          params: { path: { id: collectionId }, query: input.query },
          ...sheetBody(input.file),
        }),
      );
      rememberSliceNotes(queries, collectionId, written, input.consequence);
      return written;
    },
    onSuccess: invalidate,
  });
}

/** Products proposed from a brief or from seed products (nothing saved). */
export function useProposal() {
  const { api } = useSession();
  return useMutation({
    mutationFn: async (input: { brief: string; size: number } | { seeds: string[]; size: number }): Promise<Product[]> => {
      const body = 'brief' in input ? { ...input, availableOnly: true } : { ...input, availableOnly: true, includeSeeds: true };
      const answer = await ok(api.POST('/api/v1/merchandising-collections/protected/proposals', { body }));
      return answer.products;
    },
  });
}
