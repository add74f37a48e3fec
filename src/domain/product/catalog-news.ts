import { token } from '../shared/token.js';

/** Told of the catalog changes other instances made. */
export interface CatalogNewsListener {
  /** These products were written or removed by another instance: read them again from the store. */
  changed(productIds: readonly string[]): void;
  /** News may have been lost (the connection to the other instances dropped): read the whole catalog again. */
  missedSome(): void;
}

/**
 * News of catalog changes between the instances that share one catalog store: which products
 * changed, never the products themselves (the store is the one source of truth). Publishing never
 * fails a write: news that cannot be sent now is sent as soon as it can be, and a listener that
 * may have missed some is told so.
 */
export interface CatalogNews {
  /** Tells the other instances that these products changed. Resolves once sent, or kept to be sent. */
  publish(productIds: readonly string[]): Promise<void>;
  /** Calls `listener` with the news the other instances publish. */
  subscribe(listener: CatalogNewsListener): void;
}

export const CatalogNewsToken = token<CatalogNews>('CatalogNews');
