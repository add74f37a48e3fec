import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import { activeSliceAt } from './active-slice-at.js';
import type { ActiveSliceView } from './views.js';

/** What the contract endpoint will answer at a chosen instant: a merchandiser checks a calendar before it goes live. */
export class PreviewActiveSlice {
  constructor(
    private readonly collections: CollectionStore,
    private readonly products: ProductStore,
  ) {}

  async execute(collectionId: number, at: Date): Promise<ActiveSliceView> {
    return activeSliceAt(this.collections, this.products, collectionId, at);
  }
}
