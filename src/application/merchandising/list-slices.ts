import type { Clock } from '../../domain/shared/clock.js';
import { overlapIdsOf } from '../../domain/merchandising/schedule.js';
import { sliceStatusAt, type SliceStatus } from '../../domain/merchandising/slice.js';
import type { CollectionSummary } from '../../domain/merchandising/collection.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { collectionNotFound } from './not-found.js';
import type { SliceSummaryView } from './views.js';

/** How many overlapping slices each listed slice names at most. */
export const MAX_LISTED_OVERLAPS = 100;

/** How many slices a page holds unless the query says. */
export const DEFAULT_SLICE_PAGE = 100;

/** Where a page of slices starts: after this slice, in the list's order (start, then id). */
export interface SlicePosition {
  readonly startsAtMs: number;
  readonly id: number;
}

export interface SliceListQuery {
  readonly status?: SliceStatus | undefined;
  readonly limit: number;
  readonly after?: SlicePosition | undefined;
}

export interface SlicePage {
  readonly collection: CollectionSummary;
  readonly slices: readonly SliceSummaryView[];
  /** Where the next page starts; undefined on the last page. */
  readonly next?: SlicePosition | undefined;
}

/**
 * A page of a collection's slices, by start then id, with their status now and the slices each
 * overlaps (found by one sweep over the collection, at most MAX_LISTED_OVERLAPS each): the
 * builder's calendar.
 */
export class ListSlices {
  constructor(
    private readonly collections: CollectionStore,
    private readonly clock: Clock,
  ) {}

  async execute(collectionId: number, query: SliceListQuery = { limit: DEFAULT_SLICE_PAGE }): Promise<SlicePage> {
    const [collection, slices] = await Promise.all([
      this.collections.getCollection(collectionId),
      this.collections.listSlices(collectionId),
    ]);
    if (collection === undefined) throw collectionNotFound();
    const now = this.clock.now();
    const { after, status, limit } = query;
    const chosen = slices.filter(
      (slice) =>
        (after === undefined ||
          slice.startsAt.getTime() > after.startsAtMs ||
          (slice.startsAt.getTime() === after.startsAtMs && slice.id > after.id)) &&
        (status === undefined || sliceStatusAt(slice, now) === status),
    );
    const page = chosen.slice(0, limit);
    const overlaps = page.length === 0 ? new Map<number, number[]>() : overlapIdsOf(slices, MAX_LISTED_OVERLAPS);
    const last = page.at(-1);
    return {
      collection: { ...collection, sliceCount: slices.length },
      slices: page.map((slice) => ({ ...slice, status: sliceStatusAt(slice, now), overlapsWith: overlaps.get(slice.id) ?? [] })),
      next: chosen.length > limit && last !== undefined ? { startsAtMs: last.startsAt.getTime(), id: last.id } : undefined,
    };
  }
}
