import type { ShopperRecords } from '../../domain/product/shopper-records.js';
import { DomainError } from '../../domain/shared/errors.js';
import {
  latestVisitProducts,
  NO_NEIGHBOUR_SESSIONS,
  type NeighbourSessions,
  type SessionQuery,
} from '../../domain/product/session-neighbours.js';
import {
  OVERALL,
  type ListedProduct,
  type ListsNews,
  type PopularList,
  type ProductLists,
  type SharedLists,
} from '../../domain/product/shared-lists.js';
import type {
  AnswerQuestion,
  CatalogNeighbours,
  ListedIndex,
  ShopperHistory,
  SimilarityIndex,
  StyleTerms,
} from '../../domain/product/similarity.js';
import type { SimilarityPolicy } from '../../domain/product/similarity-policy.js';
import { RecentlyUsed } from '../../application/shared/recently-used.js';
import { Remembered } from '../../application/shared/remembered.js';
import { IdSlots } from './id-slots.js';
import type { ShopperMoment, ShopperMoments } from '../../domain/profile/shopper-moments.js';

/** How many products' lists and cards a reader keeps. */
export interface ListedSimilaritySettings {
  /** Products whose lists are kept (those asked about); the least recently asked forgotten first. */
  readonly listsKept: number;
  /** Products whose card (category, brand, availability) is kept: the candidates of answers. */
  readonly cardsKept: number;
}

/**
 * A product's lists as kept: the catalog, category and behaviour lists one after another, each id
 * as its slot (IdSlots), then the behaviour list's scores (their float bits), all in one typed
 * array: one object fewer a product for the heap's collections to mark than a second array.
 */
interface KeptLists {
  readonly card: ListedProduct;
  readonly slots: Int32Array;
  /** Where the catalog list ends and the category list starts; then where the behaviour list starts; then where its scores start. */
  readonly catalogEnd: number;
  readonly categoryEnd: number;
  readonly idsEnd: number;
  readonly catalogSource: CatalogNeighbours['source'] | undefined;
  readonly evidence: number;
  /** This reader's stamp for it: grows with every load. */
  readonly stamp: number;
}

interface KeptPopular {
  readonly ids: readonly string[];
  readonly stamp: number;
}

const NO_SLOTS = new Int32Array(0);
const NO_STYLE: StyleTerms = Object.freeze({ size: 0 });

/** A score's float bits, as kept in a list's Int32Array, and back. */
const SCORE = new Float32Array(1);
const SCORE_BITS = new Int32Array(SCORE.buffer);
function scoreBits(score: number): number {
  SCORE[0] = score;
  return SCORE_BITS[0]!;
}
function scoreOf(bits: number): number {
  SCORE_BITS[0] = bits;
  return SCORE[0]!;
}

/** How many distinct categories and brands are held once each (cards name the same few again and again). */
const WORDS_HELD = 10_000;

/**
 * The similarity index of an instance that answers from the deployment's shared lists (published
 * by the builder, SharedLists) and the shared records of sessions and shoppers (ShopperRecords),
 * never building an engine. Reads are lookups in bounded caches: before an answer, `prepare` loads
 * what it will read (the product's lists, the cards of every candidate, the session's and the
 * shopper's records, the popular lists), then the answer is composed at once by the same rules as
 * everywhere. News of a publication drops what it changed.
 *
 * What past sessions say of a shopper's session is the sum of what they say of each of its
 * products alone (each product's published session-kNN scores, weighted as the session query
 * weighs it), handed to the rules as one neighbour session per scored product.
 */
export class ListedSimilarity implements SimilarityIndex, ListedIndex, ShopperMoments {
  private readonly lists: RecentlyUsed<KeptLists | null>;
  /** The ids the kept lists name, each held once. */
  private readonly slots = new IdSlots();
  private readonly cards: RecentlyUsed<ListedProduct | null>;
  private readonly populars = new RecentlyUsed<KeptPopular | null>(100_000);
  private readonly sessions = new RecentlyUsed<readonly string[]>(10_000);
  private readonly shoppers = new RecentlyUsed<ShopperHistory | null>(10_000);
  /** Categories and brands, each held once however many cards name it. */
  private readonly words = new Remembered<string>(WORDS_HELD);
  private stamps = 0;
  private version = 0;

  constructor(
    private readonly shared: SharedLists,
    private readonly records: ShopperRecords,
    private readonly policy: SimilarityPolicy,
    settings: ListedSimilaritySettings,
  ) {
    this.lists = new RecentlyUsed(Math.max(1, settings.listsKept), (kept) => {
      if (kept !== null) this.slots.release(kept.slots, kept.idsEnd);
    });
    this.cards = new RecentlyUsed(Math.max(1, settings.cardsKept));
    shared.subscribe({ changed: (news) => this.changed(news), missedSome: () => this.forgetAll() });
  }

  /** How many products' lists and cards are kept now, and how many ids the lists name. */
  get kept(): { lists: number; cards: number; ids: number } {
    return { lists: this.lists.size, cards: this.cards.size, ids: this.slots.size };
  }

  /**
   * Loads what answering `question` will read: the product's lists and its category's popular
   * list, the lists of the session's products, the shopper's record, then the cards of every
   * product these name. Two reads of the shared stores at most, each of what is not kept.
   */
  async prepare(question: AnswerQuestion, now: Date): Promise<void> {
    let failed = false;
    /** A read that fails (Redis away, or too slow) is as if it found nothing: the answer is made from what is kept. */
    const attempt = async <T>(read: Promise<T>, otherwise: T): Promise<T> =>
      read.catch(() => {
        failed = true;
        return otherwise;
      });
    const [session, shopper] = await Promise.all([
      question.sessionId === undefined ? undefined : attempt(this.records.session(question.sessionId), []),
      question.userId === undefined ? undefined : attempt(this.records.shopper(question.userId), undefined),
      attempt(this.loadLists([question.productId]), undefined),
    ]);
    const product = this.lists.peek(question.productId);
    if (product === undefined && failed) {
      throw new DomainError('UNAVAILABLE', 'The similar-products lists cannot be read now: try again in a moment.');
    }
    if (question.userId !== undefined) this.keepShopper(question.userId, shopper);
    let seen: readonly string[] = [];
    if (question.sessionId !== undefined && session !== undefined) {
      const counted = session.filter((event) => (this.policy.eventWeights[event.type] ?? 0) > 0);
      seen = latestVisitProducts(counted, now.getTime(), question.productId, this.policy.visitGapMs);
      this.sessions.set(question.sessionId, seen);
    }
    const category = product?.card.category;
    await Promise.all([attempt(this.loadLists(seen), undefined), attempt(this.loadPopular([category, undefined]), undefined)]);
    const named = new Set<string>(seen);
    for (const id of [question.productId, ...seen]) this.namedBy(this.lists.peek(id), named);
    for (const kept of [category, undefined]) {
      for (const id of this.populars.peek(kept ?? OVERALL)?.ids ?? []) named.add(id);
    }
    for (const event of shopper?.recent ?? []) named.add(event.productId);
    await attempt(this.loadCards([...named]), undefined);
  }

  /** Whether `prepare` left nothing to load for an answer for everyone on this product (an answer can be given at once). */
  ready(productId: string): boolean {
    const lists = this.lists.peek(productId);
    if (lists === undefined) return false;
    if (lists === null) return true;
    return this.populars.peek(lists.card.category ?? OVERALL) !== undefined && this.populars.peek(OVERALL) !== undefined;
  }

  /** A shopper's moment is read afresh from the shared records for each lookup. */
  momentReady(): boolean {
    return false;
  }

  async loadMoment(userId: string): Promise<void> {
    // The records away: the profile is answered as stored, without what the shopper is doing now.
    const record = await this.records.shopper(userId).catch(() => undefined);
    this.keepShopper(userId, record);
    await this.loadCards((record?.recent ?? []).map((event) => event.productId));
  }

  momentOf(userId: string): ShopperMoment | undefined {
    const history = this.shoppers.peek(userId);
    if (history == null) return undefined;
    const recent = history.recent.filter((event) => this.policy.eventWeights[event.type] !== undefined);
    return recent.length === 0 ? undefined : { recent, version: history.version };
  }

  productName(productId: string): string | undefined {
    return this.productOf(productId)?.name;
  }

  knows(productId: string): boolean {
    return this.lists.peek(productId) != null;
  }

  provisional(product: ListedProduct): void {
    const { id } = product;
    const card = this.cardOf(id, product);
    this.lists.set(id, {
      card,
      slots: NO_SLOTS,
      catalogEnd: 0,
      categoryEnd: 0,
      idsEnd: 0,
      catalogSource: undefined,
      evidence: 0,
      stamp: ++this.stamps,
    });
    this.cards.set(id, card);
  }

  productOf(id: string): ListedProduct | undefined {
    return this.lists.peek(id)?.card ?? this.cards.get(id) ?? undefined;
  }

  catalogNeighbours(id: string): CatalogNeighbours | undefined {
    const lists = this.lists.get(id);
    if (lists == null || lists.catalogSource === undefined) return undefined;
    return { ids: this.slots.idsOf(lists.slots, 0, lists.catalogEnd), source: lists.catalogSource };
  }

  categoryNeighbours(id: string, n: number): readonly string[] {
    const lists = this.lists.peek(id);
    if (lists == null) return [];
    return this.slots.idsOf(lists.slots, lists.catalogEnd, Math.min(lists.categoryEnd, lists.catalogEnd + Math.max(0, n)));
  }

  popular(category: string | undefined, n: number): readonly string[] {
    return (this.populars.peek(category ?? OVERALL)?.ids ?? []).slice(0, n);
  }

  sessionProducts(sessionId: string): readonly string[] {
    return this.sessions.peek(sessionId) ?? [];
  }

  nearestSessions(query: SessionQuery): NeighbourSessions {
    const products: string[] = [];
    const similarity: number[] = [];
    query.products.forEach((id, i) => {
      const lists = this.lists.peek(id);
      if (lists == null) return;
      const scoresStart = lists.idsEnd - lists.categoryEnd;
      for (let at = lists.categoryEnd; at < lists.idsEnd; at++) {
        products.push(this.slots.idOf(lists.slots[at]!));
        similarity.push(query.weights[i]! * scoreOf(lists.slots[at + scoresStart]!));
      }
    });
    const count = products.length;
    if (count === 0) return NO_NEIGHBOUR_SESSIONS;
    return {
      count,
      similarity: Float64Array.from(similarity),
      anchorStep: new Int32Array(count),
      start: Int32Array.from({ length: count + 1 }, (_, s) => s),
      products,
      steps: new Int32Array(count),
    };
  }

  evidence(productId: string): number {
    return this.lists.peek(productId)?.evidence ?? 0;
  }

  shopper(userId: string): ShopperHistory | undefined {
    return this.shoppers.peek(userId) ?? undefined;
  }

  /** Style words need the catalog's terms, which only the builder holds: a reader ranks without them. */
  styleTerms(): StyleTerms {
    return NO_STYLE;
  }

  styleMatches(): number {
    return 0;
  }

  answerStamp(productId: string): number {
    const lists = this.lists.peek(productId);
    if (lists == null) return -1;
    return Math.max(lists.stamp, this.populars.peek(lists.card.category ?? OVERALL)?.stamp ?? 0);
  }

  categoryStamp(category: string): number {
    return this.populars.peek(category)?.stamp ?? 0;
  }

  get availabilityVersion(): number {
    return this.version;
  }

  overallStamp(): number {
    return this.populars.peek(OVERALL)?.stamp ?? 0;
  }

  get catalogVersion(): number {
    return this.version;
  }

  embeddingDimension(): number | undefined {
    return undefined;
  }

  private async loadLists(ids: readonly string[]): Promise<void> {
    const missing = ids.filter((id) => this.lists.get(id) === undefined);
    if (missing.length === 0) return;
    const found = await this.shared.products(missing);
    for (const id of missing) {
      const lists = found.get(id);
      const kept = lists === undefined ? null : this.keptOf(id, lists);
      this.lists.set(id, kept);
      if (kept !== null) this.cards.set(id, kept.card);
    }
  }

  private async loadPopular(categories: readonly (string | undefined)[]): Promise<void> {
    const missing = categories.filter((category) => this.populars.get(category ?? OVERALL) === undefined);
    if (missing.length === 0) return;
    const found = await this.shared.popular(missing);
    for (const category of missing) {
      const list = found.get(category ?? OVERALL);
      this.populars.set(category ?? OVERALL, list === undefined ? null : this.keptPopular(list));
    }
  }

  private async loadCards(ids: readonly string[]): Promise<void> {
    const missing = ids.filter((id) => this.lists.peek(id) == null && this.cards.get(id) === undefined);
    if (missing.length === 0) return;
    const found = await this.shared.cards(missing);
    for (const id of missing) {
      const card = found.get(id);
      this.cards.set(id, card === undefined ? null : this.cardOf(id, card));
    }
  }

  private keepShopper(userId: string, record: Awaited<ReturnType<ShopperRecords['shopper']>>): void {
    if (record === undefined) return this.shoppers.set(userId, null);
    this.shoppers.set(userId, { recent: record.recent, purchased: new Set(record.purchased), version: ++this.stamps });
  }

  private keptOf(id: string, lists: ProductLists): KeptLists {
    const catalog = lists.catalog?.ids ?? [];
    const catalogEnd = catalog.length;
    const categoryEnd = catalogEnd + lists.category.length;
    const { behaviour } = lists;
    const idsEnd = categoryEnd + behaviour.ids.length;
    const slots = new Int32Array(idsEnd + behaviour.ids.length);
    this.slots.hold(catalog, slots, 0);
    this.slots.hold(lists.category, slots, catalogEnd);
    this.slots.hold(behaviour.ids, slots, categoryEnd);
    for (let i = 0; i < behaviour.ids.length; i++) slots[idsEnd + i] = scoreBits(behaviour.scores[i] ?? 0);
    return {
      card: this.cardOf(id, lists.product),
      slots,
      catalogEnd,
      categoryEnd,
      idsEnd,
      catalogSource: lists.catalog?.source,
      evidence: lists.evidence,
      stamp: ++this.stamps,
    };
  }

  /**
   * A card as kept: its id the very string it is kept under, its category and brand held once
   * each (as read from the shared store, every card's are strings of their own), and nothing
   * else of the record.
   */
  private cardOf(id: string, { category, brand, name, available }: ListedProduct): ListedProduct {
    return {
      id,
      category: category === undefined ? undefined : this.words.get(category, () => category),
      brand: brand === undefined ? undefined : this.words.get(brand, () => brand),
      name,
      available,
    };
  }

  private keptPopular(list: PopularList): KeptPopular {
    return { ids: list.ids, stamp: ++this.stamps };
  }

  private namedBy(lists: KeptLists | null | undefined, into: Set<string>): void {
    if (lists == null) return;
    for (let at = 0; at < lists.idsEnd; at++) into.add(this.slots.idOf(lists.slots[at]!));
  }

  private changed(news: ListsNews): void {
    for (const id of news.products) {
      this.lists.delete(id);
      this.cards.delete(id);
    }
    for (const category of news.popular) this.populars.delete(category);
    this.version++;
  }

  private forgetAll(): void {
    this.lists.clear();
    this.slots.clear();
    this.cards.clear();
    this.populars.clear();
    this.version++;
  }
}
