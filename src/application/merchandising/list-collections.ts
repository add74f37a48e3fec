import type { CollectionSummary } from '../../domain/merchandising/collection.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';

export class ListCollections {
  constructor(private readonly collections: CollectionStore) {}

  execute(): Promise<readonly CollectionSummary[]> {
    return this.collections.listCollections();
  }
}
