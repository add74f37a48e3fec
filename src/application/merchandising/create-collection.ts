import type { Clock } from '../../domain/shared/clock.js';
import { draftCollectionFields, type CollectionFields, type CollectionSummary } from '../../domain/merchandising/collection.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';

export class CreateCollection {
  constructor(
    private readonly collections: CollectionStore,
    private readonly clock: Clock,
  ) {}

  async execute(fields: CollectionFields): Promise<CollectionSummary> {
    const collection = await this.collections.createCollection(draftCollectionFields(fields), this.clock.now());
    return { ...collection, sliceCount: 0 };
  }
}
