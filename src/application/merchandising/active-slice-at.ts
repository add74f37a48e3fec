import { DomainError } from '../../domain/shared/errors.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import { collectionNotFound } from './not-found.js';
import { productActivity } from './product-activity.js';
import type { ActiveSliceView } from './views.js';

/** What the collection shows at `at`, computed from the stores (the answer the cache keeps). */
export async function activeSliceAt(
  collections: CollectionStore,
  products: ProductStore,
  collectionId: number,
  at: Date,
): Promise<ActiveSliceView> {
  const [collection, slice, nextChange] = await Promise.all([
    collections.getCollection(collectionId),
    collections.findActiveSlice(collectionId, at),
    collections.findNextTransition(collectionId, at),
  ]);
  if (collection === undefined) throw collectionNotFound();
  if (slice === undefined) throw new DomainError('NO_ACTIVE_SLICE', 'The collection has no active slice now.');
  return { collection, slice, active: await productActivity(products, slice), nextChange };
}
