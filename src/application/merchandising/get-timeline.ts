import { ValidationError } from '../../domain/shared/errors.js';
import type { Collection } from '../../domain/merchandising/collection.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { timelineOf, type TimelineSegment } from '../../domain/merchandising/schedule.js';
import { collectionNotFound } from './not-found.js';

/** The longest stretch of time one timeline covers: a page of the calendar, never all of time. */
export const MAX_TIMELINE_DAYS = 400;
const DAY_MS = 86_400_000;

/** Which slice the collection shows when, over a range of time: the calendar as the shop will see it. */
export class GetTimeline {
  constructor(private readonly collections: CollectionStore) {}

  async execute(
    collectionId: number,
    from: Date,
    to: Date,
  ): Promise<{ collection: Collection; segments: readonly TimelineSegment[] }> {
    if (!(from.getTime() < to.getTime())) throw ValidationError.single('to', 'must be after from');
    if (to.getTime() - from.getTime() > MAX_TIMELINE_DAYS * DAY_MS) {
      throw ValidationError.single('to', `must be at most ${MAX_TIMELINE_DAYS} days after from`);
    }
    const [collection, slices] = await Promise.all([
      this.collections.getCollection(collectionId),
      this.collections.listSlices(collectionId),
    ]);
    if (collection === undefined) throw collectionNotFound();
    return { collection, segments: timelineOf(slices, from, to) };
  }
}
