import { DomainError } from '../../domain/shared/errors.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { MAX_SLICE_VERSIONS } from '../../domain/merchandising/slice-history.js';

export function collectionNotFound(): DomainError {
  return new DomainError('COLLECTION_NOT_FOUND', 'No collection has this id.');
}

/** A slice was not found: say whether its collection is missing too. */
export async function sliceNotFound(collections: CollectionStore, collectionId: number): Promise<DomainError> {
  return (await collections.getCollection(collectionId)) === undefined
    ? collectionNotFound()
    : new DomainError('SLICE_NOT_FOUND', 'The collection has no slice with this id.');
}

/**
 * A version of a slice was not found: say whether the slice (or its collection) is missing, or
 * which versions it keeps.
 */
export async function sliceVersionNotFound(
  collections: CollectionStore,
  collectionId: number,
  sliceId: number,
  version: number,
): Promise<DomainError> {
  const slice = await collections.getSlice(collectionId, sliceId);
  if (slice === undefined) return sliceNotFound(collections, collectionId);
  return new DomainError(
    'SLICE_VERSION_NOT_FOUND',
    `The slice has no version ${version}: it is at version ${slice.version}, and keeps its last ${MAX_SLICE_VERSIONS} versions.`,
  );
}
