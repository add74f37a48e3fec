import { useQuery } from '@tanstack/react-query';
import { ok, type Schemas } from './client';
import { sliceKey } from './keys';
import { useSession } from '../session/session';

export type SlicePerformance = Schemas['SlicePerformance'];
export type ProductFigures = SlicePerformance['products'][number];

/** The part of the slice's window asked for (UTC ISO instants); left out, its start or now. */
export interface PerformanceWindow {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

/**
 * What the slice's products did over its window (or a part of it), and the slice's live before
 * it. The service keeps an answer a minute: read again after that, not on every focus.
 */
export function useSlicePerformance(collectionId: number, sliceId: number, window: PerformanceWindow) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...sliceKey(collectionId, sliceId), 'performance', window.from ?? '', window.to ?? ''],
    queryFn: ({ signal }) =>
      ok(
        api.GET('/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}/performance', {
          params: { path: { id: collectionId, sliceId }, query: { from: window.from, to: window.to } },
          signal,
        }),
      ),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}
