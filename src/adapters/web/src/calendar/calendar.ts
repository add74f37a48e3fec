import { useCallback, useEffect, useState } from 'react';
import { ok, type Collection, type SliceSummary } from '../api/client';
import { useSession } from '../session/session';

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

export function useCalendar(collectionId: number) {
  const { api } = useSession();
  const [calendar, setCalendar] = useState<Calendar | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const load = useCallback(async () => {
    try {
      const slices: SliceSummary[] = [];
      let cursor: string | undefined;
      let collection: Collection | undefined;
      for (let page = 0; page < MOST_PAGES; page++) {
        const query = { limit: String(PAGE), ...(cursor ? { cursor } : {}) };
        const answer = await ok(
          api.GET('/api/v1/merchandising-collections/protected/{id}/slices', { params: { path: { id: collectionId }, query } }),
        );
        collection = answer.collection;
        slices.push(...answer.slices);
        if (answer.nextCursor === null) break;
        cursor = answer.nextCursor;
      }
      const active = await api.GET('/api/v1/merchandising-collections/protected/{id}', {
        params: { path: { id: collectionId } },
      });
      setCalendar({ collection: collection!, slices, servedNow: active.data?.sliceId ?? null, now: new Date() });
      setError(undefined);
    } catch (e) {
      setError(e);
    }
  }, [api, collectionId]);
  useEffect(() => {
    void load();
  }, [load]);
  return { calendar, error, load };
}
