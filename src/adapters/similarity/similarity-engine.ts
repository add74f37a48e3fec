import type { ShopperEvent } from '../../domain/events/shopper-event.js';
import type { Product } from '../../domain/product/product.js';
import type { NeighbourSessions, SessionQuery } from '../../domain/product/session-neighbours.js';
import type {
  CatalogNeighbours,
  Relearning,
  ShopperHistory,
  SimilarityFeed,
  SimilarityIndex,
  StyleTerms,
} from '../../domain/product/similarity.js';
import type { ListsChanges, ListsSource } from '../../domain/product/shared-lists.js';
import type { ShopperMoment, ShopperMoments } from '../../domain/profile/shopper-moments.js';
import { DEFAULT_SIMILARITY_POLICY, type SimilarityPolicy } from '../../domain/product/similarity-policy.js';
import { BehaviourModel, EVERY_PRODUCT } from './behaviour-model.js';
import { NeighbourLists, type NeighbourListSettings } from './neighbour-lists.js';
import type { MeasuringWalk } from './measuring-walk.js';
import { ChangeCounter } from './change-counter.js';

export interface SimilarityEngineSettings extends NeighbourListSettings {
  /** The numbers the structures are built with (event weights, half-life, visit gap, pools). */
  readonly policy?: SimilarityPolicy | undefined;
  /** The most shoppers' sessions kept (BEHAVIOUR_MAX_SESSIONS). */
  readonly maxSessions?: number | undefined;
  /** Whether it keeps which products changed, for `changedSince` (the shared lists' builder reads it). */
  readonly logChanges?: boolean | undefined;
}

/** A text's words as the catalog's terms. */
interface TermSet extends StyleTerms {
  readonly terms: ReadonlySet<number>;
}

/**
 * The similarity index of this process (both ports: what answers read, what the catalog and the
 * events feed): the catalog's neighbour lists (NeighbourLists) and what shoppers' events taught
 * (BehaviourModel), kept side by side so that each product's popularity is ranked within its
 * category. It holds structures and answers lookups; which of them an answer uses, and how, is
 * the domain's policy (applied by the SimilarAnswers of the application).
 */
export class SimilarityEngine implements SimilarityIndex, SimilarityFeed, ShopperMoments, ListsSource {
  readonly lists: NeighbourLists;
  readonly behaviour: BehaviourModel;
  private readonly counter = new ChangeCounter();

  constructor(settings: SimilarityEngineSettings = {}) {
    const policy = settings.policy ?? DEFAULT_SIMILARITY_POLICY;
    if (settings.logChanges === true) this.counter.keepLog();
    this.lists = new NeighbourLists({ ...settings, counter: this.counter });
    this.behaviour = new BehaviourModel({
      policy,
      categoryOf: (id) => this.lists.productOf(id)?.category,
      membersOf: (category) => this.lists.categoryMembers(category),
      counter: this.counter,
      maxSessions: settings.maxSessions,
    });
  }

  productOf(id: string): Product | undefined {
    return this.lists.productOf(id);
  }

  catalogNeighbours(id: string): CatalogNeighbours | undefined {
    return this.lists.listOf(id);
  }

  categoryNeighbours(id: string, n: number): readonly string[] {
    return this.lists.categoryNeighbours(id, n);
  }

  popular(category: string | undefined, n: number): readonly string[] {
    const out: string[] = [];
    for (const id of this.behaviour.popular(category ?? EVERY_PRODUCT)) {
      if (out.length >= n) break;
      if (this.lists.productOf(id)?.available === true) out.push(id);
    }
    return out;
  }

  sessionProducts(sessionId: string, now: Date, current?: string): readonly string[] {
    return this.behaviour.sessionProducts(sessionId, now.getTime(), current);
  }

  nearestSessions(query: SessionQuery, k: number, perProduct: number, exclude?: string): NeighbourSessions {
    return this.behaviour.nearest(query, k, perProduct, exclude);
  }

  evidence(productId: string): number {
    return this.behaviour.evidence(productId);
  }

  shopper(userId: string): ShopperHistory | undefined {
    return this.behaviour.user(userId);
  }

  momentReady(): boolean {
    return true;
  }

  async loadMoment(): Promise<void> {}

  momentOf(userId: string): ShopperMoment | undefined {
    const history = this.behaviour.user(userId);
    return history === undefined || history.recent.length === 0 ? undefined : history;
  }

  productName(productId: string): string | undefined {
    return this.lists.productOf(productId)?.name;
  }

  styleTerms(text: string): TermSet {
    const terms = this.lists.termsOfText(text);
    return { size: terms.size, terms };
  }

  styleMatches(productId: string, style: StyleTerms): number {
    const { terms } = style as TermSet;
    const held = this.lists.termsOfProduct(productId);
    if (held === undefined || terms === undefined) return 0;
    let count = 0;
    for (const term of held.ids) if (terms.has(term)) count++;
    return count;
  }

  answerStamp(productId: string): number {
    const own = this.lists.stampOf(productId);
    return own < 0 ? own : Math.max(own, this.behaviour.stampOf(productId, this.lists.productOf(productId)?.category));
  }

  categoryStamp(category: string): number {
    return this.lists.categoryStamp(category);
  }

  get changes(): number {
    return this.counter.current;
  }

  listsStamp(productId: string): number {
    const own = this.lists.stampOf(productId);
    if (own < 0) return own;
    const category = this.lists.productOf(productId)?.category;
    const categoryStamp = category === undefined ? 0 : this.lists.categoryStamp(category);
    return Math.max(own, categoryStamp, this.behaviour.sessionStampOf(productId));
  }

  popularStamp(category: string | undefined): number {
    return this.behaviour.rankingStampOf(category ?? EVERY_PRODUCT);
  }

  get availabilityVersion(): number {
    return this.lists.writeVersion;
  }

  overallStamp(): number {
    return this.behaviour.stampOf(undefined, undefined);
  }

  get catalogVersion(): number {
    return this.lists.catalogVersion;
  }

  embeddingDimension(): number | undefined {
    return this.lists.embeddingDimension();
  }

  productsSaved(products: readonly Product[]): void {
    for (const product of products) {
      const before = this.lists.productOf(product.id);
      if (before?.category !== product.category) this.behaviour.moved(product.id, before?.category, product.category);
      if ((before?.available ?? false) !== product.available) this.behaviour.availabilityChanged(product.id, product.category);
    }
    this.lists.productsSaved(products);
  }

  productsRemoved(ids: readonly string[]): void {
    this.behaviour.forget(ids, (id) => this.lists.productOf(id)?.category);
    this.lists.productsRemoved(ids);
  }

  known(): Iterable<string> {
    return this.lists.known();
  }

  changedSince(changes: number): ListsChanges | undefined {
    return this.counter.changedSince(changes);
  }

  categories(): Iterable<string> {
    return this.lists.categoryNames();
  }

  categoryMembers(category: string): Iterable<string> {
    return this.lists.categoryMembers(category);
  }

  has(productId: string): boolean {
    return this.lists.productOf(productId) !== undefined;
  }

  learn(events: readonly ShopperEvent[]): void {
    this.behaviour.learn(events);
  }

  forgetUser(userId: string): void {
    this.behaviour.forgetUser(userId);
  }

  relearn(): Relearning {
    return this.behaviour.relearn();
  }

  /** Resolves once every neighbour list is current. */
  settled(): Promise<void> {
    return this.lists.settled();
  }

  /** Computes every neighbour list that is not current, now. */
  computePendingNow(): void {
    this.lists.computePendingNow();
  }

  /** The lists' sizes and backlog (vitrine_similarity_*), the bytes measured at once. */
  get stats(): NeighbourLists['stats'] {
    return this.lists.stats;
  }

  /** The lists' sizes and backlog but the bytes: read at once, whatever the catalog's size. */
  get counts(): NeighbourLists['counts'] {
    return this.lists.counts;
  }

  /** The bytes the lists hold, measured in a walk with pauses (what a scrape reports, measured off the request). */
  measureBytes(): MeasuringWalk {
    return this.lists.measureBytes();
  }
}
