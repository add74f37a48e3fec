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
    if (!(await this.collections.deleteSlice(collectionId, sliceId))) {
      throw await sliceNotFound(this.collections, collectionId);
    }
    await this.answers.invalidate([activeSliceCacheKey(collectionId)]);
  }
}
