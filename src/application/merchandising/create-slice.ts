import type { Clock } from '../../domain/shared/clock.js';
import { draftSlice, sliceStatusAt, type SliceInput } from '../../domain/merchandising/slice.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { CachedAnswers } from '../caching/cached-answers.js';
import { collectionNotFound } from './not-found.js';
import type { SliceView } from './views.js';

export class CreateSlice {
  constructor(
    private readonly collections: CollectionStore,
    private readonly clock: Clock,
    private readonly answers: CachedAnswers,
  ) {}

  async execute(collectionId: number, input: SliceInput): Promise<SliceView> {
    const draft = draftSlice(input);
    const now = this.clock.now();
    const slice = await this.answers.afterWrite([activeSliceCacheKey(collectionId)], () =>
      this.collections.createSlice(collectionId, draft, now),
    );
    if (slice === undefined) throw collectionNotFound();
    return { slice, status: sliceStatusAt(slice, now) };
  }
}
