import type { Clock } from '../../domain/shared/clock.js';
import { overlapsOf } from '../../domain/merchandising/schedule.js';
import { sliceStatusAt, type SliceStatus } from '../../domain/merchandising/slice.js';
import type { CollectionSummary } from '../../domain/merchandising/collection.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { collectionNotFound } from './not-found.js';
import type { SliceSummaryView } from './views.js';

/** A collection's slices with their status and colour now, and their overlaps: the builder's calendar. */
export class ListSlices {
  constructor(
    private readonly collections: CollectionStore,
    private readonly clock: Clock,
  ) {}

  async execute(
    collectionId: number,
    filter: { readonly status?: SliceStatus | undefined } = {},
  ): Promise<{ collection: CollectionSummary; slices: readonly SliceSummaryView[] }> {
    const [collection, slices] = await Promise.all([
      this.collections.getCollection(collectionId),
      this.collections.listSlices(collectionId),
    ]);
    if (collection === undefined) throw collectionNotFound();
    const now = this.clock.now();
    const views = slices.map((slice) => ({
      ...slice,
      status: sliceStatusAt(slice, now),
      overlapsWith: overlapsOf(slice, slices).map((o) => o.sliceId),
    }));
    return {
      collection: { ...collection, sliceCount: slices.length },
      slices: filter.status === undefined ? views : views.filter((s) => s.status === filter.status),
    };
  }
}
