import type { Collection } from '../../domain/merchandising/collection.js';
import type { Slice, SliceStatus, SliceSummary } from '../../domain/merchandising/slice.js';

/** A slice with its status at the moment it was read. */
export interface SliceView {
  readonly slice: Slice;
  readonly status: SliceStatus;
}

/** A slice with, besides its status, each product's active flag in slice order. */
export interface SliceDetails extends SliceView {
  readonly active: readonly boolean[];
}

export interface SliceSummaryView extends SliceSummary {
  readonly status: SliceStatus;
}

/** What the contract's collection endpoint shows: the collection and its one active slice. */
export interface ActiveSliceView {
  readonly collection: Collection;
  readonly slice: Slice;
  readonly active: readonly boolean[];
}
