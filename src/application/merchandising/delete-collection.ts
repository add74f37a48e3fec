import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { AnswerCache } from '../caching/answer-cache.js';
import { Precondition } from '../shared/precondition.js';
import { collectionNotFound } from './not-found.js';
import { UNWATCHED, type ActiveSliceWatch } from './active-slice-watch.js';

/** Deletes a collection together with all its slices. */
export class DeleteCollection {
  constructor(
    private readonly collections: CollectionStore,
    private readonly answers: AnswerCache,
    private readonly watch: ActiveSliceWatch = UNWATCHED,
  ) {}

  async execute(id: number, precondition = Precondition.NONE): Promise<void> {
    const result = await precondition.write(
      'collection',
      async () => (await this.collections.getCollection(id))?.version,
      (expected) =>
        this.watch.around(id, () =>
          this.answers.afterWrite([activeSliceCacheKey(id)], () => this.collections.deleteCollection(id, expected)),
        ),
    );
    if (result.status === 'missing') throw collectionNotFound();
  }
}
