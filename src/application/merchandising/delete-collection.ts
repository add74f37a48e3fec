import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { AnswerCache } from '../caching/answer-cache.js';
import { Precondition, preconditionFailed } from '../shared/precondition.js';
import { collectionNotFound } from './not-found.js';

/** Deletes a collection together with all its slices. */
export class DeleteCollection {
  constructor(
    private readonly collections: CollectionStore,
    private readonly answers: AnswerCache,
  ) {}

  async execute(id: number, precondition = Precondition.NONE): Promise<void> {
    const expected = await precondition.versionToExpect(
      'collection',
      async () => (await this.collections.getCollection(id))?.version,
    );
    const result = await this.answers.afterWrite([activeSliceCacheKey(id)], () =>
      this.collections.deleteCollection(id, expected),
    );
    if (result.status === 'missing') throw collectionNotFound();
    if (result.status === 'stale') throw preconditionFailed('collection', result.version);
  }
}
