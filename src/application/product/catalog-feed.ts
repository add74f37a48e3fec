import type { Product } from '../../domain/product/product.js';
import { token } from '../../domain/shared/token.js';

/**
 * The one way the similarity engine is fed: every product written or removed anywhere, and what is
 * read from the store, reaches the engine through here (FollowCatalog), so the engine holds what
 * the store holds and nothing else writes to it.
 */
export interface CatalogFeed {
  /** Products this instance saved: the engine takes them at once, the other instances are told. */
  saved(products: readonly Product[]): Promise<void>;
  /** Products this instance removed. */
  removed(productIds: readonly string[]): Promise<void>;
  /**
   * Reads products from the store into the engine (one written through another instance a moment
   * ago, whose news has not arrived yet); answers what was found.
   */
  readFromStore(productIds: readonly string[]): Promise<ReadonlyMap<string, Product>>;
  /**
   * Whether the engine knows the product, once the news received before the call has reached it;
   * a product it does not know yet is read from the store first.
   */
  ensureKnown(productId: string): Promise<boolean>;
  /** Whether news of other instances' writes is being read: answers may be about to change. */
  readonly catchingUp: boolean;
  /** Resolves once the news received before the call has reached the engine. */
  settled(): Promise<void>;
}

export const CatalogFeedToken = token<CatalogFeed>('CatalogFeed');

/**
 * A feed that passes everything on to another: what a feed that also tells someone of the writes
 * (webhooks, rule slices) extends, overriding `saved` and `removed`.
 */
export abstract class ForwardingCatalogFeed implements CatalogFeed {
  constructor(protected readonly feed: CatalogFeed) {}

  get catchingUp(): boolean {
    return this.feed.catchingUp;
  }

  saved(products: readonly Product[]): Promise<void> {
    return this.feed.saved(products);
  }

  removed(productIds: readonly string[]): Promise<void> {
    return this.feed.removed(productIds);
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
