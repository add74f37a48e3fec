import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { CachedAnswers } from '../caching/cached-answers.js';
import { collectionNotFound } from './not-found.js';
import { preconditionFailed, versionToExpect, type IfMatch } from './preconditions.js';

/** Deletes a collection together with all its slices. */
export class DeleteCollection {
  constructor(
    private readonly collections: CollectionStore,
    private readonly answers: CachedAnswers,
  ) {}

  async execute(id: number, options: { readonly ifMatch?: IfMatch } = {}): Promise<void> {
    const expected = await versionToExpect(options.ifMatch, async () => (await this.collections.getCollection(id))?.version);
    const result = await this.answers.afterWrite([activeSliceCacheKey(id)], () =>
      this.collections.deleteCollection(id, expected),
    );
    if (result.status === 'missing') throw collectionNotFound();
    if (result.status === 'stale') throw preconditionFailed('collection', result.version);
  }
}
