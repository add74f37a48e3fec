import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { sliceNotFound } from './not-found.js';

export class DeleteSlice {
  constructor(private readonly collections: CollectionStore) {}

  async execute(collectionId: number, sliceId: number): Promise<void> {
    if (!(await this.collections.deleteSlice(collectionId, sliceId))) {
      throw await sliceNotFound(this.collections, collectionId);
    }
  }
}
