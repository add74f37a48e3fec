import type { Clock } from '../../domain/shared/clock.js';
import { sliceStatusAt } from '../../domain/merchandising/slice.js';
import type { CollectionSummary } from '../../domain/merchandising/collection.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { collectionNotFound } from './not-found.js';
import type { SliceSummaryView } from './views.js';

/** A collection's slices with their status and colour now: the builder's calendar. */
export class ListSlices {
  constructor(
    private readonly collections: CollectionStore,
    private readonly clock: Clock,
  ) {}

  async execute(collectionId: number): Promise<{ collection: CollectionSummary; slices: readonly SliceSummaryView[] }> {
    const [collection, slices] = await Promise.all([
      this.collections.getCollection(collectionId),
      this.collections.listSlices(collectionId),
    ]);
    if (collection === undefined) throw collectionNotFound();
    const now = this.clock.now();
    return {
      collection: { ...collection, sliceCount: slices.length },
      slices: slices.map((slice) => ({ ...slice, status: sliceStatusAt(slice, now) })),
    };
  }
}
