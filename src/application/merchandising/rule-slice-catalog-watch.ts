import type { Product } from '../../domain/product/product.js';
import type { CatalogFeed } from '../product/catalog-feed.js';
import type { RefreshRuleSlices } from './refresh-rule-slices.js';

/**
 * The catalog feed that also tells the rule slices' refresh of every product a write of this
 * instance saved or removed (the instance that writes tells: the store the slices live in is
 * shared, so each change is taken once). Everything else is the feed's.
 */
export class RuleSliceCatalogWatch implements CatalogFeed {
  constructor(
    private readonly feed: CatalogFeed,
    private readonly refresh: RefreshRuleSlices,
  ) {}

  get catchingUp(): boolean {
    return this.feed.catchingUp;
  }

  async saved(products: readonly Product[]): Promise<void> {
    await this.feed.saved(products);
    if (products.length > 0) this.refresh.catalogSaved(products);
  }

  async removed(productIds: readonly string[]): Promise<void> {
    await this.feed.removed(productIds);
    if (productIds.length > 0) this.refresh.catalogRemoved(productIds);
  }

  readFromStore(productIds: readonly string[]): Promise<ReadonlyMap<string, Product>> {
    return this.feed.readFromStore(productIds);
  }

  ensureKnown(productId: string): Promise<boolean> {
    return this.feed.ensureKnown(productId);
  }

  settled(): Promise<void> {
    return this.feed.settled();
  }
}
