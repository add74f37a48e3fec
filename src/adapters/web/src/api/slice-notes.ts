import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Schemas } from './client';
import type { TimelinePreview } from './timeline-preview';

export type SliceWritten = Schemas['Slice'];

/** What the service warned about when a slice was last written here: overlaps and products not in the catalog. */
export interface SliceNotes {
  readonly warnings: SliceWritten['warnings'];
  readonly notInCatalog: readonly string[];
  /** What the save changed in what the storefront serves, when it was asked first. */
  readonly consequence?: TimelinePreview | undefined;
}

/**
 * The notes live in the query cache under the slice, so they survive the navigation from the
 * screen that wrote it (the calendar's spreadsheet dialog, a new slice's Save) to its editor.
 */
const notesKey = (collectionId: number, sliceId: number) => ['slice-notes', collectionId, sliceId] as const;

export function rememberSliceNotes(
  queries: QueryClient,
  collectionId: number,
  written: SliceWritten,
  consequence?: TimelinePreview,
): void {
  queries.setQueryData<SliceNotes>(notesKey(collectionId, written.id), {
    warnings: written.warnings,
    notInCatalog: written.notInCatalog,
    consequence,
  });
}

export function useRememberSliceNotes(collectionId: number): (written: SliceWritten, consequence?: TimelinePreview) => void {
  const queries = useQueryClient();
  return useCallback(
    (written, consequence) => rememberSliceNotes(queries, collectionId, written, consequence),
    [queries, collectionId],
  );
}

/** The notes of the slice's last write here, if any; never read from the service (enabled: false). */
export function useSliceNotes(collectionId: number, sliceId: number | undefined): SliceNotes | undefined {
  const { data } = useQuery<SliceNotes>({
    queryKey: notesKey(collectionId, sliceId ?? 0),
    queryFn: () => Promise.reject(new Error('slice notes are only written')),
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return sliceId === undefined ? undefined : data;
}

export function useForgetSliceNotes(collectionId: number): (sliceId: number) => void {
  const queries = useQueryClient();
  return useCallback((sliceId) => queries.removeQueries({ queryKey: notesKey(collectionId, sliceId) }), [queries, collectionId]);
}
