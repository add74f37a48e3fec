import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { CachedAnswers } from '../caching/cached-answers.js';
import { sliceNotFound } from './not-found.js';

export class DeleteSlice {
  constructor(
    private readonly collections: CollectionStore,
    private readonly answers: CachedAnswers,
  ) {}

  async execute(collectionId: number, sliceId: number): Promise<void> {
    const deleted = await this.answers.afterWrite([activeSliceCacheKey(collectionId)], () =>
      this.collections.deleteSlice(collectionId, sliceId),
    );
    if (!deleted) throw await sliceNotFound(this.collections, collectionId);
  }
}
