import type { Product } from '../../domain/product/product.js';
import type { Clock } from '../../domain/shared/clock.js';
import { productChangeEvents } from '../../domain/webhooks/webhook-message.js';
import { ForwardingCatalogFeed, type CatalogFeed } from '../product/catalog-feed.js';
import type { Subscribers, WebhookOutbox } from './webhook-outbox.js';

/**
 * The catalog feed that also tells subscriptions of `product.changed`: every product a write of
 * this instance saved or removed, one event each per write (the instance that wrote tells, so each
 * change is told once). Everything else is the feed's.
 */
export class ProductChangeWebhooks extends ForwardingCatalogFeed {
  constructor(
    feed: CatalogFeed,
    private readonly outbox: WebhookOutbox,
    private readonly clock: Clock,
  ) {
    super(feed);
  }

  override async saved(products: readonly Product[]): Promise<void> {
    await this.feed.saved(products);
    await this.tell(
      products.map((p) => p.id),
      'saved',
    );
  }

  override async removed(productIds: readonly string[]): Promise<void> {
    await this.feed.removed(productIds);
    await this.tell(productIds, 'removed');
  }

  private async tell(productIds: readonly string[], change: 'saved' | 'removed'): Promise<void> {
    if (productIds.length === 0) return;
    const at = this.clock.now();
    let subscribers: Subscribers;
    try {
      subscribers = await this.outbox.subscribers('product.changed');
    } catch {
      // The write happened: the events wait in the outbox, which reads the subscribers later.
      await this.outbox.publishAfterWrite(productChangeEvents(productIds, change, at));
      return;
    }
    if (subscribers.ids.length === 0) return;
    await this.outbox.publishAfterWrite(productChangeEvents(productIds, change, at), subscribers);
  }
}
