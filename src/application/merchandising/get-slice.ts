import type { Clock } from '../../domain/shared/clock.js';
import { sliceStatusAt } from '../../domain/merchandising/slice.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import { sliceNotFound } from './not-found.js';
import { productActivity } from './product-activity.js';
import type { SliceDetails } from './views.js';

/** One slice as the builder edits it: status now and each product's active flag. */
export class GetSlice {
  constructor(
    private readonly collections: CollectionStore,
    private readonly products: ProductStore,
    private readonly clock: Clock,
  ) {}

  async execute(collectionId: number, sliceId: number): Promise<SliceDetails> {
    const slice = await this.collections.getSlice(collectionId, sliceId);
    if (slice === undefined) throw await sliceNotFound(this.collections, collectionId);
    return { slice, status: sliceStatusAt(slice, this.clock.now()), active: await productActivity(this.products, slice) };
  }
}
