import { MAX_CATALOG_NAMES, type CatalogNames, type CatalogSearch } from '../../domain/product/catalog-search.js';
import type { CatalogFeed } from './catalog-feed.js';

/**
 * The catalog's category and brand names, the most common first (at most MAX_CATALOG_NAMES of
 * each): the choices of the slice editor's search filters.
 */
export class ListCatalogNames {
  constructor(
    private readonly search: CatalogSearch,
    private readonly feed: CatalogFeed,
  ) {}

  async execute(): Promise<CatalogNames> {
    // News of other instances' catalog writes received before this read reaches it first.
    await this.feed.settled();
    return this.search.names(MAX_CATALOG_NAMES);
  }
}
