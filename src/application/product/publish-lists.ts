import { scoreNeighbourSessions, sessionQuery } from '../../domain/product/session-neighbours.js';
import type {
  ListsChanges,
  ListsLease,
  ListsSource,
  PopularList,
  ProductLists,
  SharedLists,
} from '../../domain/product/shared-lists.js';
import { topUpChangeBy, topUpEndOf } from '../../domain/product/similarity-ranking.js';
import { MAX_SIMILAR_LIMIT, type SimilarityIndex } from '../../domain/product/similarity.js';
import type { SimilarityPolicy } from '../../domain/product/similarity-policy.js';
import type { Scheduler } from '../../domain/shared/scheduler.js';
import { textHash } from '../../domain/shared/text-hash.js';

/** Products whose lists are published in one write. */
const BATCH = 500;
/** Products looked at between two breaths of the event loop (a look is a few lookups; a list made, a short walk). */
const STEP = 50;
/** A category's products sifted (one score each, per version that changed) between two breaths. */
const SIFTED_PER_BREATH = 2_000;
/** How long the builder rests between two passes once the lists are current. */
export const PASS_PAUSE_MS = 250;

/**
 * A product's lists as last published: what the stamp was, and the hash of what was written
 * (compared, so an unchanged list is not written again; a hash, not the text: a million
 * products' lists would hold gigabytes).
 */
interface Published {
  stamp: number;
  hash: number;
  /** The score of its category list's end as published: a change in the category ranking after it leaves the list as it is. */
  end: number | null;
  /** The pass that last found the product in the source (a product no pass finds any more was removed). */
  seen: number;
}

/** Lists made, waiting to be written. */
interface Pending {
  readonly lists: ProductLists;
  readonly hash: number;
  readonly end: number | null;
}

/** How one pass went. */
export interface PassReport {
  readonly looked: number;
  readonly published: number;
  readonly removed: number;
  readonly popular: number;
}

/** A publication refused: a later lease was given (another instance builds now). */
export class FencedOut extends Error {
  constructor() {
    super('A later lease was given: another instance publishes the lists now.');
  }
}

/**
 * What the builder does with its engine: publishes each product's lists (its card, catalog and
 * category neighbours, what past sessions say of it alone, its evidence) and the popular lists to
 * the shared lists, then keeps them current. A pass walks the products changed since the last
 * (every product the engine knows when it cannot tell which), a step at a time with breaths
 * between (a request is never held), makes again the lists of products whose stamp moved, and
 * writes those that changed; products gone are removed. The first pass of
 * a lease writes everything (a new builder does not trust what an earlier one wrote) and marks
 * the lists whole once done.
 */
export class PublishLists {
  private published = new Map<string, Published>();
  private popular = new Map<string, { stamp: number; hash: number }>();
  private complete = false;
  private passes = 0;
  /** The source's changes when the last pass began (undefined: no pass yet under this lease). */
  private passedAt: number | undefined;

  constructor(
    private readonly index: SimilarityIndex,
    private readonly source: ListsSource,
    private readonly shared: SharedLists,
    private readonly policy: SimilarityPolicy,
    private readonly scheduler: Scheduler,
  ) {}

  /** Starts afresh under a new lease: the next pass writes every list again. */
  restart(): void {
    this.published = new Map();
    this.popular = new Map();
    this.complete = false;
    this.passedAt = undefined;
  }

  /** One pass under `lease`; rejects with FencedOut when another instance holds a later lease. */
  async pass(lease: ListsLease, stopped: () => boolean = () => false): Promise<PassReport> {
    if (!this.complete) await this.source.settled();
    const changes = this.source.changes;
    // Nothing changed since the last pass began: nothing published can have.
    if (this.complete && changes === this.passedAt) return { looked: 0, published: 0, removed: 0, popular: 0 };
    const pass = ++this.passes;
    // Once the lists are whole, a pass looks at the products changed since the last one began
    // (when the source can tell; else at every product).
    const changed = this.complete && this.passedAt !== undefined ? this.source.changedSince(this.passedAt) : undefined;
    let batch: Pending[] = [];
    let published = 0;
    let looked = 0;
    const removed: string[] = [];
    for await (const id of changed === undefined ? this.source.known() : this.lookedAt(changed)) {
      if (++looked % STEP === 0) {
        await this.scheduler.breathe();
        if (stopped()) return { looked, published, removed: 0, popular: 0 };
      }
      if (changed !== undefined && this.source.listsStamp(id) < 0) {
        if (this.published.has(id)) removed.push(id);
        continue;
      }
      const pending = this.listsIfChanged(id, pass);
      if (pending === undefined) continue;
      batch.push(pending);
      if (batch.length >= BATCH) {
        published += await this.write(lease, batch, []);
        batch = [];
      }
    }
    // A walk of every product finds those removed by what it no longer met.
    if (changed === undefined) for (const [id, published] of this.published) if (published.seen !== pass) removed.push(id);
    published += await this.write(lease, batch, removed);
    for (const id of removed) this.published.delete(id);
    const popular = await this.publishPopular(lease, new Set<string | undefined>([undefined, ...this.source.categories()]));
    if (!this.complete) {
      if (!(await this.shared.markComplete(lease))) throw new FencedOut();
      this.complete = true;
    }
    this.passedAt = changes;
    return { looked, published, removed: removed.length, popular };
  }

  /** The product's lists when its stamp moved and they differ from what was published; else undefined. */
  private listsIfChanged(id: string, pass: number): Pending | undefined {
    const stamp = this.source.listsStamp(id);
    const before = this.published.get(id);
    if (before !== undefined) before.seen = pass;
    if (stamp < 0 || before?.stamp === stamp) return undefined;
    const lists = this.listsOf(id, stamp);
    if (lists === undefined) return undefined;
    const hash = textHash(JSON.stringify({ ...lists, stamp: 0 }));
    const end = this.endOf(lists);
    if (before?.hash === hash) {
      before.stamp = stamp;
      before.end = end;
      return undefined;
    }
    return { lists, hash, end };
  }

  /**
   * The products a pass looks at, from what changed: those changed for a reason of their own, and
   * of each category whose products changed, those whose published top-up list a version that
   * came or went ranks in (the others' lists are as published). Breathes while it sifts.
   */
  private async *lookedAt(changed: ListsChanges): AsyncGenerator<string> {
    const { products, categories } = changed;
    yield* products;
    let sifted = 0;
    for (const [category, versions] of categories) {
      const changes = versions.map(topUpChangeBy);
      for (const id of this.source.categoryMembers(category)) {
        if (++sifted % SIFTED_PER_BREATH === 0) await this.scheduler.breathe();
        if (products.has(id)) continue;
        const before = this.published.get(id);
        const product = this.source.productOf(id);
        if (before === undefined || product === undefined || changes.some((change) => change(product, before.end))) yield id;
      }
    }
  }

  /** The score of a product's category list's end, as `topUpChangeBy` reads it. */
  private endOf(lists: ProductLists): number | null {
    const product = this.source.productOf(lists.product.id);
    const lastId = lists.category.at(-1);
    const last = lastId === undefined ? undefined : this.source.productOf(lastId);
    return product === undefined || last === undefined
      ? null
      : topUpEndOf(product, lists.category.length, last, MAX_SIMILAR_LIMIT);
  }

  private listsOf(id: string, stamp: number): ProductLists | undefined {
    const { index, policy } = this;
    const product = index.productOf(id);
    if (product === undefined) return undefined;
    const neighbours = index.nearestSessions(sessionQuery([], id, policy), policy.neighbourSessions, policy.sessionsPerProduct);
    const scored = [...scoreNeighbourSessions(neighbours, policy)]
      .filter(([other]) => other !== id)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, MAX_SIMILAR_LIMIT);
    return {
      product: { id, category: product.category, brand: product.brand, name: product.name, available: product.available },
      catalog: index.catalogNeighbours(id),
      category: index.categoryNeighbours(id, MAX_SIMILAR_LIMIT),
      behaviour: { ids: scored.map(([other]) => other), scores: scored.map(([, score]) => score) },
      evidence: index.evidence(id),
      stamp,
    };
  }

  private async publishPopular(lease: ListsLease, categories: ReadonlySet<string | undefined>): Promise<number> {
    const lists: PopularList[] = [];
    const hashes: number[] = [];
    for (const category of categories) {
      const key = category ?? '';
      const stamp = this.source.popularStamp(category);
      const before = this.popular.get(key);
      if (before?.stamp === stamp) continue;
      const ids = this.index.popular(category, category === undefined ? MAX_SIMILAR_LIMIT + 1 : this.policy.popularPool);
      const hash = textHash(ids.join('\n'));
      if (before?.hash === hash) {
        before.stamp = stamp;
        continue;
      }
      lists.push({ category, ids, stamp });
      hashes.push(hash);
    }
    for (let at = 0; at < lists.length; at += BATCH) {
      const part = lists.slice(at, at + BATCH);
      if (!(await this.shared.publish(lease, { products: [], removed: [], popular: part }))) throw new FencedOut();
      part.forEach((list, i) => this.popular.set(list.category ?? '', { stamp: list.stamp, hash: hashes[at + i]! }));
    }
    return lists.length;
  }

  /** Writes lists and removals; what was written is then taken as published (a write that failed is made again next pass). */
  private async write(lease: ListsLease, pending: readonly Pending[], removed: readonly string[]): Promise<number> {
    if (pending.length === 0 && removed.length === 0) return 0;
    const products = pending.map(({ lists }) => lists);
    if (!(await this.shared.publish(lease, { products, removed, popular: [] }))) throw new FencedOut();
    for (const { lists, hash, end } of pending)
      this.published.set(lists.product.id, { stamp: lists.stamp, hash, end, seen: this.passes });
    return products.length;
  }
}
