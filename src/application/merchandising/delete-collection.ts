import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { CachedAnswers } from '../caching/cached-answers.js';
import { collectionNotFound } from './not-found.js';
import { preconditionFailed } from './slice-writer.js';

/** Deletes a collection together with all its slices. */
export class DeleteCollection {
  constructor(
    private readonly collections: CollectionStore,
    private readonly answers: CachedAnswers,
  ) {}

  async execute(id: number, options: { readonly expectedVersion?: number | undefined } = {}): Promise<void> {
    const result = await this.answers.afterWrite([activeSliceCacheKey(id)], () =>
      this.collections.deleteCollection(id, options.expectedVersion),
    );
    if (result.status === 'missing') throw collectionNotFound();
    if (result.status === 'stale') throw preconditionFailed('collection', result.version);
  }
}
