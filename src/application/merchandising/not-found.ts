import { DomainError } from '../../domain/shared/errors.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';

export function collectionNotFound(): DomainError {
  return new DomainError('COLLECTION_NOT_FOUND', 'No collection has this id.');
}

/** A slice was not found: say whether its collection is missing too. */
export async function sliceNotFound(collections: CollectionStore, collectionId: number): Promise<DomainError> {
  return (await collections.getCollection(collectionId)) === undefined
    ? collectionNotFound()
    : new DomainError('SLICE_NOT_FOUND', 'The collection has no slice with this id.');
}
