import { token } from '../shared/token.js';
import type { Collection, CollectionFields, CollectionSummary } from './collection.js';
import type { Slice, SliceDraft, SliceSummary } from './slice.js';

/**
 * Collections and their slices. Ids are positive integers the store assigns and never reuses.
 * Methods that address something missing answer `undefined` or `false` and change nothing.
 */
export interface CollectionStore {
  createCollection(fields: CollectionFields, at: Date): Promise<Collection>;
  getCollection(id: number): Promise<Collection | undefined>;
  /** Every collection with its slice count, by id. */
  listCollections(): Promise<readonly CollectionSummary[]>;
  updateCollection(id: number, changes: Partial<CollectionFields>, at: Date): Promise<Collection | undefined>;
  /** Removes the collection and all its slices. */
  deleteCollection(id: number): Promise<boolean>;
  countSlices(collectionId: number): Promise<number>;

  /** Adds a slice; `undefined` when the collection does not exist. */
  createSlice(collectionId: number, draft: SliceDraft, at: Date): Promise<Slice | undefined>;
  getSlice(collectionId: number, sliceId: number): Promise<Slice | undefined>;
  /** Replaces a slice's products and metadata at once; `undefined` when it does not exist. */
  replaceSlice(collectionId: number, sliceId: number, draft: SliceDraft, at: Date): Promise<Slice | undefined>;
  deleteSlice(collectionId: number, sliceId: number): Promise<boolean>;
  /** The collection's slices without their products, by start then id. */
  listSlices(collectionId: number): Promise<readonly SliceSummary[]>;
  /** The slice the collection shows at `at`: active, latest start, then highest id. */
  findActiveSlice(collectionId: number, at: Date): Promise<Slice | undefined>;
  /** The first start or end of any of the collection's slices strictly after `at`. */
  findNextTransition(collectionId: number, at: Date): Promise<Date | undefined>;
}

export const CollectionStoreToken = token<CollectionStore>('CollectionStore');
