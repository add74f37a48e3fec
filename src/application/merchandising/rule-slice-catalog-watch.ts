import type { Product } from '../../domain/product/product.js';
import { ForwardingCatalogFeed, type CatalogFeed } from '../product/catalog-feed.js';
import type { RefreshRuleSlices } from './refresh-rule-slices.js';

/**
 * The catalog feed that also tells the rule slices' refresh of every product a write of this
 * instance saved or removed (the instance that writes tells: the store the slices live in is
 * shared, so each change is taken once). Everything else is the feed's.
 */
export class RuleSliceCatalogWatch extends ForwardingCatalogFeed {
  constructor(
    feed: CatalogFeed,
    private readonly refresh: RefreshRuleSlices,
  ) {
    super(feed);
  }

  override async saved(products: readonly Product[]): Promise<void> {
    await this.feed.saved(products);
    if (products.length > 0) this.refresh.catalogSaved(products);
  }

  override async removed(productIds: readonly string[]): Promise<void> {
    await this.feed.removed(productIds);
    if (productIds.length > 0) this.refresh.catalogRemoved(productIds);
  }
}
