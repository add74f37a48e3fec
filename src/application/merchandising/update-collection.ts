import type { Clock } from '../../domain/shared/clock.js';
import { ValidationError } from '../../domain/shared/errors.js';
import { draftCollectionFields, type CollectionFields, type CollectionSummary } from '../../domain/merchandising/collection.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { AnswerCache } from '../caching/answer-cache.js';
import { collectionNotFound } from './not-found.js';
import { Precondition, type WriteOptions } from '../shared/precondition.js';

/** Renames a collection or changes its description. */
export class UpdateCollection {
  constructor(
    private readonly collections: CollectionStore,
    private readonly clock: Clock,
    private readonly answers: AnswerCache,
  ) {}

  async execute(id: number, changes: Partial<CollectionFields>, options: WriteOptions): Promise<CollectionSummary> {
    if (changes.name === undefined && changes.description === undefined) {
      throw ValidationError.single('body', 'must change name, description or both');
    }
    const fields = draftCollectionFields(changes);
    const change = { at: this.clock.now(), by: options.actor };
    const result = await (options.precondition ?? Precondition.NONE).write(
      'collection',
      async () => (await this.collections.getCollection(id))?.version,
      (expected) =>
        this.answers.afterWrite([activeSliceCacheKey(id)], () => this.collections.updateCollection(id, fields, change, expected)),
    );
    if (result.status === 'missing') throw collectionNotFound();
    return { ...result.value, sliceCount: await this.collections.countSlices(id) };
  }
}
