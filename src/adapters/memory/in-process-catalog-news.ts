import type { CatalogNews, CatalogNewsListener } from '../../domain/product/catalog-news.js';

/**
 * Catalog news between the instances of one process: the embedded default (where an instance is
 * alone, so its news reaches no one), an embedder running several instances, and the tests, where
 * two instances share one store. Each instance publishes and listens through an endpoint of its
 * own, and hears the other endpoints' news, at once.
 */
export class InProcessCatalogNews {
  private readonly endpoints = new Set<Endpoint>();

  /** An endpoint for one instance. */
  endpoint(): CatalogNews {
    const endpoint = new Endpoint(this.endpoints);
    this.endpoints.add(endpoint);
    return endpoint;
  }

  /** What a lost connection between instances would cause: every listener told it may have missed news. */
  dropNews(): void {
    for (const endpoint of this.endpoints) endpoint.missedSome();
  }
}

class Endpoint implements CatalogNews {
  private readonly listeners: CatalogNewsListener[] = [];

  constructor(private readonly all: ReadonlySet<Endpoint>) {}

  async publish(productIds: readonly string[]): Promise<void> {
    if (productIds.length === 0) return;
    for (const endpoint of this.all) if (endpoint !== this) endpoint.changed(productIds);
  }

  subscribe(listener: CatalogNewsListener): void {
    this.listeners.push(listener);
  }

  changed(productIds: readonly string[]): void {
    for (const listener of this.listeners) listener.changed(productIds);
  }

  missedSome(): void {
    for (const listener of this.listeners) listener.missedSome();
  }
}
