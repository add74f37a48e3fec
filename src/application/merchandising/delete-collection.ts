import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { CachedAnswers } from '../caching/cached-answers.js';
import { collectionNotFound } from './not-found.js';

/** Deletes a collection together with all its slices. */
export class DeleteCollection {
  constructor(
    private readonly collections: CollectionStore,
    private readonly answers: CachedAnswers,
  ) {}

  async execute(id: number): Promise<void> {
    const deleted = await this.answers.afterWrite([activeSliceCacheKey(id)], () => this.collections.deleteCollection(id));
    if (!deleted) throw collectionNotFound();
  }
}
