import { useMutation } from '@tanstack/react-query';
import { useSession } from '../session/session';
import { ok, type Schemas } from './client';

export type TimelinePreview = Schemas['TimelinePreview'];
export type ScheduleChange = Schemas['TimelinePreviewInput']['change'];

/** How far ahead the preview draws the timeline (its changes are listed however far they reach). */
const RANGE_DAYS = 365;

/**
 * Asks the service what a save or delete would change in what a collection serves, and whether it
 * must be confirmed (POST .../timeline/preview: nothing is changed). Not cached: every ask is fresh.
 */
export function useTimelinePreview(collectionId: number) {
  const { api } = useSession();
  return useMutation({
    mutationFn: (change: ScheduleChange) => {
      const from = new Date();
      const to = new Date(from.getTime() + RANGE_DAYS * 86_400_000);
      return ok(
        api.POST('/api/v1/merchandising-collections/protected/{id}/timeline/preview', {
          params: { path: { id: collectionId } },
          body: { from: from.toISOString(), to: to.toISOString(), change },
        }),
      );
    },
  });
}
