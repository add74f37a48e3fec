import { token } from '../../domain/shared/token.js';

/**
 * Around every write that may change what a collection shows (a slice created, changed or
 * deleted, a collection deleted): what is told of such changes (webhooks) sees the collection
 * before and after.
 */
export interface ActiveSliceWatch {
  around<T>(collectionId: number, write: () => Promise<T>): Promise<T>;
}

/** Nothing watches: the write alone. */
export const UNWATCHED: ActiveSliceWatch = { around: (_collectionId, write) => write() };

export const ActiveSliceWatchToken = token<ActiveSliceWatch>('ActiveSliceWatch');
