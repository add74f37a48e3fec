import type { Clock } from '../../domain/shared/clock.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { CachedAnswers } from '../caching/cached-answers.js';
import { activeSliceAt } from './active-slice-at.js';
import type { ActiveSliceView } from './views.js';

/**
 * What a collection shows now: its one active slice (the latest start wins, then the highest id),
 * with each product's active flag from the slice's filters. A cached answer never outlives the
 * collection's next slice transition, so the clock alone never makes it wrong.
 */
export class GetActiveSlice {
  constructor(
    private readonly collections: CollectionStore,
    private readonly products: ProductStore,
    private readonly clock: Clock,
    private readonly answers: CachedAnswers,
  ) {}

  /**
   * What the collection shows now when this process has it at hand (see CachedAnswers.peek); else
   * undefined. A kept answer never outlives the next transition, so this is right by the clock too.
   */
  peek(collectionId: number): ActiveSliceView | undefined {
    return this.answers.peek(activeSliceCacheKey(collectionId));
  }

  async execute(collectionId: number): Promise<ActiveSliceView> {
    return this.answers.read(
      activeSliceCacheKey(collectionId),
      () => activeSliceAt(this.collections, this.products, collectionId, this.clock.now()),
      {
        cachedErrors: ['NO_ACTIVE_SLICE', 'COLLECTION_NOT_FOUND'],
        expiresAt: (answer, now) => {
          if (answer.value !== undefined) return answer.value.nextChange;
          return answer.code === 'COLLECTION_NOT_FOUND' ? undefined : this.collections.findNextTransition(collectionId, now);
        },
      },
    );
  }
}
