import type { Clock } from '../../domain/shared/clock.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { AnswerCache } from '../caching/answer-cache.js';
import { collectionNotFound } from './not-found.js';
import { productActivity } from './product-activity.js';
import type { ActiveSliceView } from './views.js';

/**
 * What a collection shows: its one active slice (the latest start wins, then the highest id),
 * with each product's active flag from the slice's filters. Now, as the contract answers it:
 * cached, and a cached answer never outlives the collection's next slice transition, so the clock
 * alone never makes it wrong. Or at another instant (a merchandiser previewing a calendar before it
 * goes live): computed from the stores every time.
 */
export class GetActiveSlice {
  constructor(
    private readonly collections: CollectionStore,
    private readonly products: ProductStore,
    private readonly clock: Clock,
    private readonly answers: AnswerCache,
  ) {}

  /**
   * What the collection shows now when this process has it at hand (see AnswerCache.peek); else
   * undefined. A kept answer never outlives the next transition, so this is right by the clock too.
   */
  peek(collectionId: number, counted = true): ActiveSliceView | undefined {
    return this.answers.peek(activeSliceCacheKey(collectionId), counted);
  }

  async execute(collectionId: number, at?: Date): Promise<ActiveSliceView> {
    if (at !== undefined) return this.showing(collectionId, at);
    return this.answers.read(activeSliceCacheKey(collectionId), () => this.showing(collectionId, this.clock.now()), {
      cachedErrors: ['NO_ACTIVE_SLICE', 'COLLECTION_NOT_FOUND'],
      expiresAt: (answer, now) => {
        if (answer.value !== undefined) return answer.value.nextChange;
        return answer.code === 'COLLECTION_NOT_FOUND' ? undefined : this.collections.findNextTransition(collectionId, now);
      },
    });
  }

  /** What the collection shows at `at`, computed from the stores. */
  private async showing(collectionId: number, at: Date): Promise<ActiveSliceView> {
    const [collection, slice, nextChange] = await Promise.all([
      this.collections.getCollection(collectionId),
      this.collections.findActiveSlice(collectionId, at),
      this.collections.findNextTransition(collectionId, at),
    ]);
    if (collection === undefined) throw collectionNotFound();
    if (slice === undefined) throw new DomainError('NO_ACTIVE_SLICE', 'The collection has no active slice now.');
    return { collection, slice, active: await productActivity(this.products, slice), nextChange };
  }
}
