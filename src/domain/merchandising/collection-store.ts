import type { Page } from '../shared/page.js';
import { token } from '../shared/token.js';
import type { Collection, CollectionFields, CollectionSummary } from './collection.js';
import type { Slice, SliceDraft, SliceSummary } from './slice.js';
import type { RuleRefresh } from './slice-rules.js';
import type { SliceVersion } from './slice-history.js';
import type { WriteResult } from '../shared/write-result.js';

/** Who changes something, and when. */
export interface Change {
  readonly at: Date;
  /** The name of the token that makes the change. */
  readonly by: string;
}

export interface CollectionQuery {
  /** Only collections with a larger id (the cursor of the previous page). */
  readonly afterId?: number | undefined;
  readonly limit: number;
  /** Only collections whose name contains this, ignoring case. */
  readonly nameContains?: string | undefined;
}

export type CollectionPage = Page<CollectionSummary>;

/** A page of slices by id: those with a larger id than `afterId`. */
export interface SliceTransitionQuery {
  readonly afterId?: number | undefined;
  readonly limit: number;
}

/** A page of the RULES slices of every collection not ended at `endsAfter`, by id. */
export interface RuleSliceQuery {
  readonly endsAfter: Date;
  readonly afterId?: number | undefined;
  readonly limit: number;
}

/** What a refresh of a rule slice expects to find: the version its list was computed for, and the stamp it read. */
export interface RefreshExpectation {
  readonly version: number;
  /** The slice's `refresh.at` as read; undefined when it had none. */
  readonly refreshedAt: Date | undefined;
}

/** What a refresh records: its stamps, and the list when the rules changed it. */
export interface RefreshRecord {
  readonly refresh: RuleRefresh;
  readonly products?: readonly string[] | undefined;
}

/** A page of a slice's versions: newest first, only those older than `beforeVersion` when given. */
export interface SliceVersionQuery {
  readonly beforeVersion?: number | undefined;
  readonly limit: number;
}

/**
 * Collections and their slices. Ids are positive integers the store assigns and never reuses;
 * versions start at 1 and grow by one with each change. Writes happen whole or not at all.
 */
export interface CollectionStore {
  createCollection(fields: CollectionFields, change: Change): Promise<Collection>;
  getCollection(id: number): Promise<Collection | undefined>;
  /** A page of collections by id, with their slice counts. */
  listCollections(query: CollectionQuery): Promise<CollectionPage>;
  updateCollection(
    id: number,
    changes: Partial<CollectionFields>,
    change: Change,
    expectedVersion?: number,
  ): Promise<WriteResult<Collection>>;
  /** Removes the collection and all its slices, with their histories. */
  deleteCollection(id: number, expectedVersion?: number): Promise<WriteResult<null>>;
  countSlices(collectionId: number): Promise<number>;

  /** Adds a slice, its history starting with this version; `undefined` when the collection does not exist. */
  createSlice(collectionId: number, draft: SliceDraft, change: Change): Promise<Slice | undefined>;
  getSlice(collectionId: number, sliceId: number): Promise<Slice | undefined>;
  /** Replaces a slice's products and metadata in one write, and keeps the version it makes in the slice's history. */
  replaceSlice(
    collectionId: number,
    sliceId: number,
    draft: SliceDraft,
    change: Change,
    expectedVersion?: number,
  ): Promise<WriteResult<Slice>>;
  /** Removes the slice and its history. */
  deleteSlice(collectionId: number, sliceId: number, expectedVersion?: number): Promise<WriteResult<null>>;
  /** The collection's slices without their products, by start then id. */
  listSlices(collectionId: number): Promise<readonly SliceSummary[]>;
  /** The slice the collection shows at `at`: active, latest start, then highest id. */
  findActiveSlice(collectionId: number, at: Date): Promise<Slice | undefined>;
  /**
   * The slice each of these collections shows at `at` (findActiveSlice's choice), without its
   * products, by collection id; a collection showing nothing is absent. One read, whatever the count.
   */
  findActiveSlices(collectionIds: readonly number[], at: Date): Promise<ReadonlyMap<number, SliceSummary>>;
  /**
   * For each of these collections, its slices active at some instant of `[from, to)` (starting
   * before `to`, ending after `from`) without their products, by start then id, at most
   * `perCollection` of them (`more` when it has others); every collection asked is in the answer.
   */
  listSlicesOverlapping(
    collectionIds: readonly number[],
    window: { readonly from: Date; readonly to: Date },
    perCollection: number,
  ): Promise<ReadonlyMap<number, Page<SliceSummary>>>;
  /** The first start or end of any of the collection's slices strictly after `at`. */
  findNextTransition(collectionId: number, at: Date): Promise<Date | undefined>;
  /**
   * A page of the slices of every collection that start or end in `(after, until]`, by id, without
   * their products: the transitions webhooks tell of.
   */
  listSlicesChangingIn(after: Date, until: Date, query: SliceTransitionQuery): Promise<Page<SliceSummary>>;
  /** The first start or end of any slice of any collection strictly after `at`. */
  findNextTransitionOfAny(at: Date): Promise<Date | undefined>;

  /** A page of the RULES slices (whole) of every collection that end after `query.endsAfter`, by id. */
  listRuleSlices(query: RuleSliceQuery): Promise<Page<Slice>>;
  /**
   * Records a refresh of a rule slice, only when it is still at the version expected and its
   * `refresh.at` is still the one read (compare-and-set: of instances refreshing at once, one
   * wins): `refresh` becomes `record.refresh`; with `products`, the list becomes them. The version, `updatedAt` and `updatedBy` stay (a refresh
   * is not a merchandiser's change), and the current version in the history holds the new list.
   * Answers whether it was recorded.
   */
  recordRuleRefresh(collectionId: number, sliceId: number, expected: RefreshExpectation, record: RefreshRecord): Promise<boolean>;

  /**
   * A page of the slice's history, newest first: its last MAX_SLICE_VERSIONS versions, the current
   * one first, each whole; `undefined` when the slice does not exist. A version is kept from the
   * write that made it: a store may know a slice from before it kept histories, and then knows
   * only the versions saved since (the one it held then among them).
   */
  listSliceVersions(collectionId: number, sliceId: number, query: SliceVersionQuery): Promise<Page<SliceVersion> | undefined>;
  /** One version of the slice's history (one listSliceVersions lists), or undefined. */
  getSliceVersion(collectionId: number, sliceId: number, version: number): Promise<SliceVersion | undefined>;
}

export const CollectionStoreToken = token<CollectionStore>('CollectionStore');
