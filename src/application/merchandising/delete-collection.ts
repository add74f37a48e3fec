import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { collectionNotFound } from './not-found.js';

/** Deletes a collection together with all its slices. */
export class DeleteCollection {
  constructor(private readonly collections: CollectionStore) {}

  async execute(id: number): Promise<void> {
    if (!(await this.collections.deleteCollection(id))) throw collectionNotFound();
  }
}
