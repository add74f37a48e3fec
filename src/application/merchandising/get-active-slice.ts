import type { Clock } from '../../domain/shared/clock.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import { collectionNotFound } from './not-found.js';
import { productActivity } from './product-activity.js';
import type { ActiveSliceView } from './views.js';

/**
 * What a collection shows now: its one active slice (the latest start wins, then the highest id),
 * with each product's active flag from the slice's filters.
 */
export class GetActiveSlice {
  constructor(
    private readonly collections: CollectionStore,
    private readonly products: ProductStore,
    private readonly clock: Clock,
  ) {}

  async execute(collectionId: number): Promise<ActiveSliceView> {
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
