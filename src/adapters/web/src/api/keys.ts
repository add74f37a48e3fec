/**
 * The query keys features share: a write in one feature invalidates what another shows (a slice
 * saved in the editor changes the calendar and the collections list's live slice).
 */
export const COLLECTIONS_ROOT_KEY = ['collections'] as const;
export const calendarKey = (collectionId: number) => ['calendar', collectionId] as const;
export const sliceKey = (collectionId: number, sliceId: number) => ['slice', collectionId, sliceId] as const;
