import type { CollectionSummary } from '../../domain/merchandising/collection.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { ValidationError } from '../../domain/shared/errors.js';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export interface CollectionListing {
  readonly limit?: number | undefined;
  /** The last id of the previous page. */
  readonly afterId?: number | undefined;
  /** Only collections whose name contains this, ignoring case. */
  readonly name?: string | undefined;
}

/** The builder's list of collections, a page at a time, by id. */
export class ListCollections {
  constructor(private readonly collections: CollectionStore) {}

  async execute(listing: CollectionListing = {}): Promise<{ items: readonly CollectionSummary[]; nextAfterId?: number }> {
    const limit = listing.limit ?? DEFAULT_PAGE_SIZE;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
      throw ValidationError.single('limit', `must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
    }
    const name = listing.name?.trim();
    const page = await this.collections.listCollections({
      limit,
      afterId: listing.afterId,
      nameContains: name === undefined || name.length === 0 ? undefined : name,
    });
    const last = page.items.at(-1);
    return page.more && last !== undefined ? { items: page.items, nextAfterId: last.id } : { items: page.items };
  }
}
