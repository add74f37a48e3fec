import type { Collection } from '../../domain/merchandising/collection.js';
import type { Overlap } from '../../domain/merchandising/schedule.js';
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

/** A slice as saved, with what the builder should know: its status now, the slices it overlaps, its unknown products. */
export interface SliceChange extends SliceView {
  readonly warnings: readonly Overlap[];
  /** The slice's products the catalog does not hold, in slice order, at most MAX_NOT_IN_CATALOG_LISTED. */
  readonly notInCatalog: readonly string[];
}

export interface SliceSummaryView extends SliceSummary {
  readonly status: SliceStatus;
  /** The ids of the collection's other slices whose window overlaps this one's. */
  readonly overlapsWith: readonly number[];
}

/** What the contract's collection endpoint shows: the collection and its one active slice. */
export interface ActiveSliceView {
  readonly collection: Collection;
  readonly slice: Slice;
  readonly active: readonly boolean[];
  /** When the collection next shows something else by the clock alone (a start or an end), if ever. */
  readonly nextChange?: Date | undefined;
}
