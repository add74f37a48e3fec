import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { AnswerCache } from '../caching/answer-cache.js';
import { Precondition } from '../shared/precondition.js';
import { sliceNotFound } from './not-found.js';
import { UNWATCHED, type ActiveSliceWatch } from './active-slice-watch.js';

/** Deletes a slice; the collection shows what its other slices say from then on. */
export class DeleteSlice {
  constructor(
    private readonly collections: CollectionStore,
    private readonly answers: AnswerCache,
    private readonly watch: ActiveSliceWatch = UNWATCHED,
  ) {}

  async execute(collectionId: number, sliceId: number, precondition = Precondition.NONE): Promise<void> {
    const result = await precondition.write(
      'slice',
      async () => (await this.collections.getSlice(collectionId, sliceId))?.version,
      (expected) =>
        this.watch.around(collectionId, () =>
          this.answers.afterWrite([activeSliceCacheKey(collectionId)], () =>
            this.collections.deleteSlice(collectionId, sliceId, expected),
          ),
        ),
    );
    if (result.status === 'missing') throw await sliceNotFound(this.collections, collectionId);
  }
}
