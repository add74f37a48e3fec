import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf, ok, type Api, type Schemas, type SliceDetails } from '../api/client';
import { calendarKey, COLLECTIONS_ROOT_KEY, sliceKey } from '../api/keys';
import type { ScheduleChange, TimelinePreview } from '../api/timeline-preview';
import { useSession } from '../session/session';
import type { ScaleWindow } from '../shared/time-scale';

const PLANNER = '/api/v1/merchandising-collections/protected/planner';
const SLICES = '/api/v1/merchandising-collections/protected/{id}/slices';
const SLICE = '/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}';
/** Collections a page (the API's most), and the most pages one planner reads. */
const PAGE = 50;
const MOST_PAGES = 10;

export type PlannerPage = Schemas['Planner'];
export type PlannerLane = PlannerPage['collections'][number];
export type PlannerSlice = PlannerLane['slices'][number];

export interface Planner {
  readonly now: number;
  readonly lanes: readonly PlannerLane[];
  /** True when there were more collections than MOST_PAGES pages hold. */
  readonly more: boolean;
}

export const PLANNER_KEY = ['planner'] as const;

/** Every collection's slices over the window shown: 50 collections a request, the pages one after another. */
export function usePlanner(window: ScaleWindow) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...PLANNER_KEY, window.from, window.to],
    queryFn: async ({ signal }): Promise<Planner> => {
      const lanes: PlannerLane[] = [];
      let cursor: string | undefined;
      let now = 0;
      for (let page = 0; page < MOST_PAGES; page++) {
        const query = {
          from: new Date(window.from).toISOString(),
          to: new Date(window.to).toISOString(),
          limit: String(PAGE),
          ...(cursor ? { cursor } : {}),
        };
        const answer = await ok(api.GET(PLANNER, { params: { query }, signal }));
        now = Date.parse(answer.now);
        lanes.push(...answer.collections);
        if (answer.nextCursor === null) return { now, lanes, more: false };
        cursor = answer.nextCursor;
      }
      return { now, lanes, more: true };
    },
    placeholderData: keepPreviousData,
  });
}

/** What a save or delete in a collection would change (POST .../timeline/preview), for any collection. */
export function usePlannerPreview() {
  const { api } = useSession();
  return useMutation({
    mutationFn: ({ collectionId, change }: { collectionId: number; change: ScheduleChange }): Promise<TimelinePreview> => {
      const from = new Date();
      const to = new Date(from.getTime() + 365 * 86_400_000);
      return ok(
        api.POST('/api/v1/merchandising-collections/protected/{id}/timeline/preview', {
          params: { path: { id: collectionId } },
          body: { from: from.toISOString(), to: to.toISOString(), change },
        }),
      );
    },
  });
}

async function readSlice(api: Api, collectionId: number, sliceId: number): Promise<SliceDetails> {
  return ok(api.GET(SLICE, { params: { path: { id: collectionId, sliceId } } }));
}

/** The slice's body for a write: what it holds, with other dates. An AI slice's copy is a hand-made list. */
function bodyOf(slice: SliceDetails, startsAt: string, endsAt: string | null, copy: boolean) {
  return {
    name: slice.name,
    type: copy && slice.type === 'AI' ? ('MANUAL' as const) : slice.type,
    startsAt,
    endsAt,
    filters: slice.filters,
    // A rule slice is moved or copied with its rules, which fill it; any other with its products.
    ...(slice.type === 'RULES' && slice.rules !== undefined
      ? { rules: slice.rules }
      : { products: slice.products.map((p) => p.productId) }),
  };
}

/** What a date change came to: saved, or someone changed the slice first (412). */
export type MoveResult = 'saved' | 'conflict';

function useInvalidate() {
  const queries = useQueryClient();
  return (collectionId: number, sliceId?: number) =>
    Promise.all([
      queries.invalidateQueries({ queryKey: PLANNER_KEY }),
      queries.invalidateQueries({ queryKey: calendarKey(collectionId) }),
      queries.invalidateQueries({ queryKey: COLLECTIONS_ROOT_KEY }),
      ...(sliceId === undefined ? [] : [queries.invalidateQueries({ queryKey: sliceKey(collectionId, sliceId) })]),
    ]);
}

/**
 * New dates for a slice: its products and filters read, then the whole slice written with
 * If-Match on the version the planner showed, so a change made since (to its products too) is a
 * 412, a conflict, never overwritten.
 */
export function useMoveSlice() {
  const { api } = useSession();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { collectionId: number; slice: PlannerSlice; startsAt: string; endsAt: string | null }) => {
      const { collectionId, slice } = input;
      const stored = await readSlice(api, collectionId, slice.id);
      const answer = await api.PUT(SLICE, {
        params: { path: { id: collectionId, sliceId: slice.id }, header: { 'If-Match': `"slice-${slice.id}.${slice.version}"` } },
        body: bodyOf(stored, input.startsAt, input.endsAt, false),
      });
      if (answer.response.status === 412) return 'conflict' as MoveResult;
      if (answer.data === undefined) throw apiErrorOf(answer.response, answer.error);
      return 'saved' as MoveResult;
    },
    onSettled: (_result, _error, input) => invalidate(input.collectionId, input.slice.id),
  });
}

/** A copy of a slice (its products and filters) in a collection, from another start, as long as the original. */
export function useDuplicateSlice() {
  const { api } = useSession();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: {
      from: { collectionId: number; sliceId: number };
      to: { collectionId: number; startsAt: string; endsAt: string | null };
    }) => {
      const source = await readSlice(api, input.from.collectionId, input.from.sliceId);
      return ok(
        api.POST(SLICES, {
          params: { path: { id: input.to.collectionId } },
          body: bodyOf(source, input.to.startsAt, input.to.endsAt, true),
        }),
      );
    },
    onSuccess: (_written, input) => invalidate(input.to.collectionId),
  });
}
