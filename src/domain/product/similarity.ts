import type { ShopperEvent } from '../events/shopper-event.js';
import { token } from '../shared/token.js';
import type { NeighbourSource } from './neighbour-blend.js';
import type { Product } from './product.js';
import type { NeighbourSessions, SessionQuery } from './session-neighbours.js';

/**
 * A product as an answer reads it: what the blend and the shopper's re-ranking look at (a
 * Product is one; an instance answering from shared lists holds only this).
 */
export interface ListedProduct {
  readonly id: string;
  readonly category?: string | undefined;
  readonly brand?: string | undefined;
  readonly name?: string | undefined;
  readonly available: boolean;
}

/** Who asks for similar products, as far as the request says: all optional. */
export interface ShopperQuery {
  readonly userId?: string | undefined;
  readonly sessionId?: string | undefined;
  /** Words of the style the shopper's profile gives, when this process has the profile at hand. */
  readonly styleWords?: readonly string[] | undefined;
  /** The instant of the request: what the shopper's recent past is measured from. */
  readonly now: Date;
}

/** An answer with where each of its products came from, in the same order. */
export interface Recommendation {
  readonly ids: readonly string[];
  readonly from: readonly NeighbourSource[];
}

/** A product's neighbours as the catalog says, kept for it: its curated list, else its embedding or content neighbours. */
export interface CatalogNeighbours {
  readonly ids: readonly string[];
  readonly source: 'curated' | 'embedding' | 'content';
}

/** One thing a shopper did lately, as their taste reads it. */
export interface RecentEvent {
  readonly productId: string;
  readonly type: string;
  readonly at: Date;
}

/** What is known of a shopper (a `userId`): their latest events, oldest first, and what they bought. */
export interface ShopperHistory {
  readonly recent: readonly RecentEvent[];
  readonly purchased: ReadonlySet<string>;
  /** Changes with every event learnt of them. */
  readonly version: number;
}

/** A text's words as the index's terms (a profile's style), to count how many a product holds. */
export interface StyleTerms {
  readonly size: number;
}

/**
 * What the similarity index knows, read by the similar-products answers (the read port): the
 * catalog as the index holds it, each product's kept catalog neighbours, what shoppers did
 * (sessions, popularity, shoppers' histories) and what changes them. Every read is a lookup or a
 * bounded walk; answers are composed from them by the domain's rules (neighbour-blend,
 * session-neighbours, shopper-ranking).
 */
export interface SimilarityIndex {
  /** A product the index knows (undefined: not known). */
  productOf(id: string): ListedProduct | undefined;
  /** The product's kept catalog neighbours, best first (at most MAX_SIMILAR_LIMIT); undefined for an unknown product. */
  catalogNeighbours(id: string): CatalogNeighbours | undefined;
  /** The available products of the product's category nearest it by brand, tags and price, best first, at most `n`. */
  categoryNeighbours(id: string, n: number): readonly string[];
  /** The products most popular now, of a category or overall (undefined), best first, at most `n` (available ones only). */
  popular(category: string | undefined, n: number): readonly string[];
  /**
   * The products a session saw in its latest visit, each once, in the order they were last seen
   * (oldest first); none when that visit ended longer ago at `now` than a visit's gap, unless it
   * holds `current` (the product asked about: the shopper's storefront recorded its view, so that
   * is the visit they are in, whatever the clocks of the shop and the service say).
   */
  sessionProducts(sessionId: string, now: Date, current?: string): readonly string[];
  /**
   * The `k` past sessions most like `query` among the latest `perProduct` of each of its products,
   * leaving out `exclude`. What it answers is read at once: the index may reuse it on its next call.
   */
  nearestSessions(query: SessionQuery, k: number, perProduct: number, exclude?: string): NeighbourSessions;
  /** How many sessions saw the product with another product. */
  evidence(productId: string): number;
  /** What is known of a shopper; undefined when nothing is. */
  shopper(userId: string): ShopperHistory | undefined;
  /** A text's words as the catalog's terms. */
  styleTerms(text: string): StyleTerms;
  /** How many of `terms` the product holds. */
  styleMatches(productId: string, terms: StyleTerms): number;
  /**
   * A number that changes whenever the answer for the product may have, the availability of the
   * products it names or passed over aside (see `availabilityVersion`) and its top-ups aside
   * (`categoryStamp`, `overallStamp`): the product written, its catalog neighbours changed, a
   * change to the sessions that saw it, to what is popular in its category, a new learning. Grows
   * while the product is known (negative for an unknown product).
   */
  answerStamp(productId: string): number;
  /** A number that changes whenever the category's available products, or what its ranking (`categoryNeighbours`) reads of them, may have. Grows. */
  categoryStamp(category: string): number;
  /**
   * Changes with every catalog write that may have added, removed, or shown or hidden a product:
   * an answer then checks that the products it named or passed over are as available as they were.
   */
  readonly availabilityVersion: number;
  /** A number that changes whenever the order of the most popular products overall (the first MAX_SIMILAR_LIMIT + 1) may have. Grows. */
  overallStamp(): number;
  /** Changes whenever the catalog does (a text's terms may then be other ones). */
  readonly catalogVersion: number;
  /** The number of values every embedding of the catalog has, or undefined while none has one. */
  embeddingDimension(): number | undefined;
}

export const SimilarityIndexToken = token<SimilarityIndex>('SimilarityIndex');

/** What answering one request reads: the product asked, the session and the shopper asking. */
export interface AnswerQuestion {
  readonly productId: string;
  readonly sessionId?: string | undefined;
  readonly userId?: string | undefined;
}

/**
 * Makes ready what an answer reads before it is composed, so that the index's reads are then
 * lookups: the news being read waited for, where the index is this process's engine; the shared
 * lists and records loaded, where it answers from them.
 */
export interface AnswerReads {
  /** Loads what answering `question` at `now` reads; answers whether the product is known (else: not found). */
  prepare(question: AnswerQuestion, now: Date): Promise<boolean>;
  /** Whether `question` can be answered at once, nothing to load first. */
  ready(question: AnswerQuestion): boolean;
}

export const AnswerReadsToken = token<AnswerReads>('AnswerReads');

/** An index answering from shared lists: what it loads before an answer, and a product it was told of before its lists exist. */
export interface ListedIndex {
  prepare(question: AnswerQuestion, now: Date): Promise<void>;
  /** Whether the lists hold the product (once prepared). */
  knows(productId: string): boolean;
  /** Whether an answer for everyone on the product needs nothing loaded first. */
  ready(productId: string): boolean;
  /** A product the lists do not hold yet (written a moment ago): answered with no neighbours of its own until they do. */
  provisional(product: ListedProduct): void;
}

/**
 * What the similarity index is fed (the feed port): the catalog's products as stored, and what
 * shoppers do. Only FollowCatalog and FollowEvents call it, so the index holds what the stores
 * hold and nothing else.
 */
export interface SimilarityFeed {
  /** Products as stored after a write (or as read from the store); unchanged versions cost nothing. */
  productsSaved(products: readonly Product[]): void;
  /** Products no longer in the catalog. */
  productsRemoved(ids: readonly string[]): void;
  /** The ids of the products the index knows, to reconcile it with the store. */
  known(): Iterable<string>;
  /** Whether the index knows a product. */
  has(productId: string): boolean;
  /** Events just recorded or heard of. An event learnt twice changes next to nothing. */
  learn(events: readonly ShopperEvent[]): void;
  /** Forgets a shopper and their sessions (their profile was erased; the store has erased their events). */
  forgetUser(userId: string): void;
  /**
   * Starts learning afresh from the store's history, beside what is known now (which still
   * answers, and still learns, until the new learning finishes and replaces it).
   */
  relearn(): Relearning;
}

/** Learning afresh: the history given in time order, then finished (it replaces what was known) or abandoned. */
export interface Relearning {
  learn(events: readonly ShopperEvent[]): void;
  finish(): void;
  abandon(): void;
}

export const SimilarityFeedToken = token<SimilarityFeed>('SimilarityFeed');

export const DEFAULT_SIMILAR_LIMIT = 20;
export const MAX_SIMILAR_LIMIT = 100;
