import type { Clock } from '../../domain/shared/clock.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { CachedAnswers } from '../caching/cached-answers.js';
import { collectionNotFound } from './not-found.js';
import { productActivity } from './product-activity.js';
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

  execute(collectionId: number): Promise<ActiveSliceView> {
    return this.answers.read(activeSliceCacheKey(collectionId), () => this.compute(collectionId), {
      cachedErrors: ['NO_ACTIVE_SLICE', 'COLLECTION_NOT_FOUND'],
      expiresAt: (answer, now) =>
        answer.code === 'COLLECTION_NOT_FOUND' ? undefined : this.collections.findNextTransition(collectionId, now),
    });
  }

  private async compute(collectionId: number): Promise<ActiveSliceView> {
    const now = this.clock.now();
    const [collection, slice] = await Promise.all([
      this.collections.getCollection(collectionId),
      this.collections.findActiveSlice(collectionId, now),
    ]);
    if (collection === undefined) throw collectionNotFound();
    if (slice === undefined) throw new DomainError('NO_ACTIVE_SLICE', 'The collection has no active slice now.');
    return { collection, slice, active: await productActivity(this.products, slice) };
  }
}
