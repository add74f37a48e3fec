import type { Clock } from '../../domain/shared/clock.js';
import { draftCollectionFields, type CollectionFields, type CollectionSummary } from '../../domain/merchandising/collection.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { AnswerCache } from '../caching/answer-cache.js';

export class CreateCollection {
  constructor(
    private readonly collections: CollectionStore,
    private readonly clock: Clock,
    private readonly answers: AnswerCache,
  ) {}

  async execute(fields: CollectionFields, actor: string): Promise<CollectionSummary> {
    const collection = await this.collections.createCollection(draftCollectionFields(fields), {
      at: this.clock.now(),
      by: actor,
    });
    // A read of this id before it existed may have cached "not found".
    await this.answers.invalidate([activeSliceCacheKey(collection.id)]);
    return { ...collection, sliceCount: 0 };
  }
}
