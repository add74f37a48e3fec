import type { Clock } from '../../domain/shared/clock.js';
import { draftSlice, sliceStatusAt, type SliceInput } from '../../domain/merchandising/slice.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { CachedAnswers } from '../caching/cached-answers.js';
import { sliceNotFound } from './not-found.js';
import type { SliceView } from './views.js';

/** Replaces everything about a slice (name, type, dates, filters and products) in one write. */
export class ReplaceSlice {
  constructor(
    private readonly collections: CollectionStore,
    private readonly clock: Clock,
    private readonly answers: CachedAnswers,
  ) {}

  async execute(collectionId: number, sliceId: number, input: SliceInput): Promise<SliceView> {
    const draft = draftSlice(input);
    const now = this.clock.now();
    const slice = await this.answers.afterWrite([activeSliceCacheKey(collectionId)], () =>
      this.collections.replaceSlice(collectionId, sliceId, draft, now),
    );
    if (slice === undefined) throw await sliceNotFound(this.collections, collectionId);
    return { slice, status: sliceStatusAt(slice, now) };
  }
}
