import { token } from '../shared/token.js';
import type { Product } from './product.js';
import type { CatalogNeighbours, ListedProduct } from './similarity.js';

export type { ListedProduct };

/**
 * What the builder publishes of one product, for every instance to answer from: the product, its
 * kept catalog neighbours, its category neighbours (best first, up to MAX_SIMILAR_LIMIT), what
 * past sessions say of the product alone (session-kNN for a session of that product: neighbours
 * and their scores, best first) and its evidence. `stamp` grows with every publication of it.
 */
export interface ProductLists {
  readonly product: ListedProduct;
  readonly catalog: CatalogNeighbours | undefined;
  readonly category: readonly string[];
  readonly behaviour: { readonly ids: readonly string[]; readonly scores: readonly number[] };
  readonly evidence: number;
  readonly stamp: number;
}

/** The most popular available products of a category (`category` undefined: overall), best first. */
export interface PopularList {
  readonly category: string | undefined;
  readonly ids: readonly string[];
  readonly stamp: number;
}

/** The right to build and publish the lists: held by one instance at a time, each taking a greater version. */
export interface ListsLease {
  readonly holder: string;
  readonly version: number;
}

/** One publication: products written (their lists), products removed, popular lists written. */
export interface ListsChange {
  readonly products: readonly ProductLists[];
  readonly removed: readonly string[];
  readonly popular: readonly PopularList[];
}

/** What a publication changed, as the other instances hear it. */
export interface ListsNews {
  readonly products: readonly string[];
  /** Categories whose popular list changed; the empty string is the overall one. */
  readonly popular: readonly string[];
}

export interface ListsNewsListener {
  changed(news: ListsNews): void;
  /** News may have been lost (the connection dropped): forget what is kept and read afresh. */
  missedSome(): void;
}

/**
 * The similar-products lists of a deployment, computed once (by the instance holding the lease,
 * the builder) and read by every instance: a lease with a version that fences every write (a
 * builder that lost its lease, however late it wakes up, writes nothing), the lists per product and
 * the popular lists, and news of what each publication changed.
 */
export interface SharedLists {
  /**
   * Takes the lease for `holder` when nobody holds it (or its holder let it lapse), or keeps it
   * for `ttlMs` more when `holder` holds it; a new holder gets a greater version than any before.
   * Answers the lease now held by `holder`, or undefined when another instance holds it.
   */
  claim(holder: string, ttlMs: number): Promise<ListsLease | undefined>;
  /** Gives the lease up (another instance may take it at once); nothing when it is no longer this one. */
  release(lease: ListsLease): Promise<void>;
  /**
   * Writes a change in one step per shard when `lease` is the latest one given, and tells the
   * other instances; false (nothing of it written) when a later lease was given since.
   */
  publish(lease: ListsLease, change: ListsChange): Promise<boolean>;
  /** Marks the lists whole: every product of the catalog published by `lease`'s holder. False when fenced out. */
  markComplete(lease: ListsLease): Promise<boolean>;
  /** Whether the lists were ever made whole (a reader can answer for the whole catalog). */
  complete(): Promise<boolean>;
  /** The published lists of these products, keyed by id (unknown ids absent). */
  products(ids: readonly string[]): Promise<ReadonlyMap<string, ProductLists>>;
  /** The cards (the product as answers read it) of these products, keyed by id (unknown ids absent). */
  cards(ids: readonly string[]): Promise<ReadonlyMap<string, ListedProduct>>;
  /** The published popular lists of these categories (undefined: overall), keyed by category ('' overall). */
  popular(categories: readonly (string | undefined)[]): Promise<ReadonlyMap<string, PopularList>>;
  /** Calls `listener` with the news of every publication (this instance's own included). */
  subscribe(listener: ListsNewsListener): void;
}

/**
 * What the builder publishes from (the engine of its process): the products it knows, and stamps
 * that change whenever what is published of a product or a popular list may have.
 */
export interface ListsSource {
  /** Grows with every change to what the source holds: while it is the same, nothing published can have changed. */
  readonly changes: number;
  known(): Iterable<string>;
  /**
   * What changed since `changes` (a value of `changes`): undefined when that is not known (then
   * every product may have).
   */
  changedSince(changes: number): ListsChanges | undefined;
  /** The categories the products name. */
  categories(): Iterable<string>;
  /** The ids of a category's products (available or not). */
  categoryMembers(category: string): Iterable<string>;
  /** A product as the catalog holds it (what its category's ranking reads); undefined for an unknown one. */
  productOf(productId: string): Product | undefined;
  /** Changes whenever the product's card, catalog or category neighbours, or the sessions that saw it may have; negative for an unknown product. */
  listsStamp(productId: string): number;
  /** Changes whenever the category's (undefined: overall) popular list may have. */
  popularStamp(category: string | undefined): number;
  /** Resolves once every neighbour list is current. */
  settled(): Promise<void>;
}

/** What changed in a ListsSource. */
export interface ListsChanges {
  /** The products whose lists stamp may have moved for a reason of their own, removed ones included. */
  readonly products: ReadonlySet<string>;
  /**
   * The categories whose available products changed, with the versions of products that entered
   * or left them: a product of the category whose top-up list none of them ranks in is unchanged.
   */
  readonly categories: ReadonlyMap<string, readonly Product[]>;
}

export const SharedListsToken = token<SharedLists>('SharedLists');

/** The key of the overall popular list. */
export const OVERALL = '';

/** How long the builder's lease lasts unless renewed, and how often it is renewed: a dead builder is replaced within this. */
export const LEASE_TTL_MS = 5_000;
export const LEASE_RENEW_MS = 1_000;
