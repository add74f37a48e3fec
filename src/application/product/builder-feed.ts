import type { ShopperEvent } from '../../domain/events/shopper-event.js';
import type { Product } from '../../domain/product/product.js';
import type { Relearning, SimilarityFeed } from '../../domain/product/similarity.js';

const NOTHING_TO_LEARN: Relearning = Object.freeze({ learn: () => {}, finish: () => {}, abandon: () => {} });

/**
 * The engine's feed on an instance that builds only while it holds the lease: what the catalog and
 * the events say reaches the engine while it leads, and nothing otherwise (a reader holds no
 * engine). Forgetting a shopper always reaches it (an erasure is never missed).
 */
export class BuilderFeed implements SimilarityFeed {
  private leading = false;

  constructor(private readonly engine: SimilarityFeed) {}

  /** From now on, the engine is fed. */
  lead(): void {
    this.leading = true;
  }

  /** From now on, the engine is not fed. */
  stepDown(): void {
    this.leading = false;
  }

  productsSaved(products: readonly Product[]): void {
    if (this.leading) this.engine.productsSaved(products);
  }

  productsRemoved(ids: readonly string[]): void {
    if (this.leading) this.engine.productsRemoved(ids);
  }

  known(): Iterable<string> {
    return this.leading ? this.engine.known() : [];
  }

  has(productId: string): boolean {
    return this.leading && this.engine.has(productId);
  }

  learn(events: readonly ShopperEvent[]): void {
    if (this.leading) this.engine.learn(events);
  }

  forgetUser(userId: string): void {
    this.engine.forgetUser(userId);
  }

  relearn(): Relearning {
    return this.leading ? this.engine.relearn() : NOTHING_TO_LEARN;
  }
}
