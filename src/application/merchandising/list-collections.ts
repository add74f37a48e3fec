import type { CollectionSummary } from '../../domain/merchandising/collection.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import type { SliceSummary } from '../../domain/merchandising/slice.js';
import type { Clock } from '../../domain/shared/clock.js';
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

/** A listed collection and the slice it shows now (the domain's pickActiveSlice), if any. */
export interface ListedCollection extends CollectionSummary {
  readonly activeSlice: SliceSummary | undefined;
}

/**
 * The builder's list of collections, a page at a time, by id, each with what it shows now: two
 * store reads per page (the page, then the live slices of all its collections at once).
 */
export class ListCollections {
  constructor(
    private readonly collections: CollectionStore,
    private readonly clock: Clock,
  ) {}

  async execute(listing: CollectionListing = {}): Promise<{ items: readonly ListedCollection[]; nextAfterId?: number }> {
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
    const live = await this.collections.findActiveSlices(
      page.items.map((c) => c.id),
      this.clock.now(),
    );
    const items = page.items.map((c) => ({ ...c, activeSlice: live.get(c.id) }));
    const last = items.at(-1);
    return page.more && last !== undefined ? { items, nextAfterId: last.id } : { items };
  }
}
