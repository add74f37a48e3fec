import { MAX_SIMILAR_LIMIT, type CatalogNeighbours } from '../../domain/product/similarity.js';
import type { Product } from '../../domain/product/product.js';
import { nearestInCategory } from '../../domain/product/similarity-ranking.js';
import { searchWords, type SlottedProducts } from './catalog-search.js';
import { CategoryIndex } from './category-index.js';
import { ContentIndex, type Terms } from './content-index.js';
import { PAUSE_EVERY, walkedWhole, type MeasuringWalk } from './measuring-walk.js';
import { ChangeCounter } from './change-counter.js';
import { SlotList } from './top-k.js';
import { unitVector, VectorIndex, EXACT_SEARCH_BELOW } from './vector-index.js';

/** How many neighbours are kept per product: enough for the largest `limit` a request may ask. */
export const NEIGHBOURS_KEPT = MAX_SIMILAR_LIMIT;

/** Without background work: pending lists a lookup finishes itself rather than leave to a later one. */
const SMALL_BACKLOG = 64;

/** The least length a product's record of readers grows to before it is compacted. */
const MIN_READERS_LIMIT = 2 * NEIGHBOURS_KEPT;

/** How many embedded products' lists one batched search computes. */
const EMBEDDED_BATCH = 64;

/** While writes come in, the background work takes one slice per this many milliseconds. */
const BUSY_PAUSE_MS = 40;

/** A new product enters the lists of this many of its nearest neighbours (where it matters most). */
const OFFERED_TO = 30;

/** How long the background work may hold the event loop at a time, in milliseconds. */
const SLICE_MS = 8;

type ListKind = 'curated' | 'embedding' | 'content';

const EMPTY_SLOTS = new Int32Array(0);
const EMPTY_SCORES = new Float32Array(0);

/** What the engine keeps of one product. */
interface Entry {
  readonly slot: number;
  product: Product;
  readonly terms: Terms;
  /** The product's embedding at unit length, when it has one of the catalog's dimension. */
  readonly unit: Float32Array | undefined;
  /**
   * The embedding as written, kept only when it gave no unit vector (another dimension, all
   * zeros): with `unit`, what tells a re-read from a change.
   */
  readonly unusedEmbedding: Float64Array | undefined;
  /** Its neighbours (slots), best first, and their scores: the first `size` places are used. */
  list: Int32Array;
  scores: Float32Array;
  size: number;
  kind: ListKind;
  /** Its list has yet to be (re)computed. */
  stale: boolean;
  /**
   * The products whose lists may hold this one: every list that took it is here (so a change
   * reaches them all), and some that dropped it since may be too, until the next compaction.
   */
  readonly readers: SlotList;
  /** When `readers` grows to this length, the lists that no longer hold the product are dropped from it. */
  readersLimit: number;
  /** The list as ids, made when first read after it changed. */
  ids: readonly string[] | undefined;
  /** The counter's value when the product was written or its list last changed (what its answers follow). */
  changedAt: number;
}

/** The lists' sizes that are read at once. */
export interface NeighbourListCounts {
  readonly products: number;
  readonly embedded: number;
  readonly approximate: boolean;
  readonly pending: number;
  readonly slots: number;
  readonly terms: number;
}

export interface NeighbourListSettings {
  /** Below this many embedded products, embedding searches are exact scans. */
  readonly exactSearchBelow?: number;
  /** Whether lists are computed in the background (default) or only when asked for (tests, benchmarks). */
  readonly background?: boolean;
  /** The content index's walk of common terms per query (see ContentIndexSettings; benchmarks compare). */
  readonly commonWalkBudget?: number | undefined;
  /** What stamps changes (shared with the behaviour, so that stamps compare). */
  readonly counter?: ChangeCounter | undefined;
}

/**
 * The catalog's neighbour lists, precomputed for every product and kept current as products
 * change, so reading one costs a lookup. Per product: its curated `similar` list when it has
 * one; else its embedding neighbours (cosine, HNSW above a size, exact below) when it carries an
 * embedding, its content neighbours (TF-IDF over name, description, tags, brand and category,
 * with price closeness) otherwise. Lists hold available products only.
 *
 * Changes are incremental: a changed, unavailable or deleted product is taken out of every list
 * holding it at once (those lists are recomputed in the background, off any request, in slices),
 * a new or changed product's own list is computed in the background first (or on the spot when
 * asked for first), and it enters the lists of its neighbours when it ranks within them. Each
 * product's stamp says when its list last changed, each category's when its available products
 * did: the answers made from them are made again then, and only then.
 *
 * It holds the catalog as the similarity index knows it: every product, by id and by slot, with
 * its category and its terms (what the catalog search and the shopper's style read).
 */
export class NeighbourLists implements SlottedProducts {
  private readonly slotOf = new Map<string, number>();
  private readonly entries: (Entry | undefined)[] = [];
  /** Slots of deleted products, given to the next new ones (the last slots are given back altogether). */
  private readonly freeSlots = new Set<number>();
  private readonly byCategory = new Map<string, Set<number>>();
  /** The available products of each category in the orders an answer's top-up walks. */
  private readonly categories: CategoryIndex;
  private readonly counter: ChangeCounter;
  private writes = 0;
  /** How many products carry each brand, as written. */
  private readonly brands = new Map<string, number>();
  private readonly content: ContentIndex;
  private vectors: VectorIndex | undefined;
  private embedded = 0;
  /** Lists to compute: written products' own (first: they enter their neighbours' lists), then those that lost a product. */
  private readonly fresh = new Set<number>();
  private readonly queue = new Set<number>();
  private pumping = false;
  private lastChangeAt = 0;
  private version = 0;
  private idle: { promise: Promise<void>; resolve: () => void } | undefined;
  private readonly exactSearchBelow: number;
  private readonly background: boolean;

  constructor(settings: NeighbourListSettings = {}) {
    this.exactSearchBelow = settings.exactSearchBelow ?? EXACT_SEARCH_BELOW;
    this.background = settings.background ?? true;
    this.content = new ContentIndex({ commonWalkBudget: settings.commonWalkBudget });
    const counter = (this.counter = settings.counter ?? new ChangeCounter());
    this.categories = new CategoryIndex(
      (slot) => this.entries[slot]!.product,
      (category, version) => counter.nextForCategory(category, version),
    );
  }

  /** A product's list as ids, best first (at most NEIGHBOURS_KEPT), and what it is; undefined for an unknown product. */
  listOf(productId: string): CatalogNeighbours | undefined {
    const slot = this.slotOf.get(productId);
    if (slot === undefined) return undefined;
    const entry = this.entries[slot]!;
    this.catchUp();
    if (entry.stale) {
      this.compute(entry);
      this.version++;
    }
    if (entry.ids === undefined) {
      const { similar } = entry.product;
      entry.ids =
        entry.kind === 'curated' && similar !== undefined
          ? similar
          : Array.from(entry.list.subarray(0, entry.size), (neighbour) => this.entries[neighbour]!.product.id);
    }
    return { ids: entry.ids, source: entry.kind };
  }

  /**
   * The available products of a product's category, nearest it by brand, tags and price (the
   * category's own ranking), at most `n`: a few short walks of the category's orders.
   */
  categoryNeighbours(productId: string, n: number): readonly string[] {
    const product = this.productOf(productId);
    const members = product?.category === undefined ? undefined : this.categories.members(product.category);
    if (product === undefined || members === undefined) return [];
    return nearestInCategory(product, members, n).map((p) => p.id);
  }

  /**
   * The counter's value when the product was last written or its list last changed (-1 for an
   * unknown product): an answer made from the list stands while it does.
   */
  stampOf(productId: string): number {
    this.catchUp();
    const slot = this.slotOf.get(productId);
    return slot === undefined ? -1 : this.entries[slot]!.changedAt;
  }

  /** The counter's value when the category's available products (or what their ranking reads of them) last changed. */
  categoryStamp(category: string): number {
    return this.categories.stampOf(category);
  }

  /** Changes with every write that changed a product (it may have come, gone, or changed availability). */
  get writeVersion(): number {
    return this.writes;
  }

  /**
   * Without background work, a little pending work (a write or two) is finished before a read, so
   * reads right after a write see what it changed (a large backlog waits for computePendingNow).
   * With it, the background does it within a few milliseconds, off the request.
   */
  private catchUp(): void {
    const pending = this.pending;
    if (!this.background && pending > 0 && pending <= SMALL_BACKLOG) this.drain(Infinity);
  }

  private get pending(): number {
    return this.fresh.size + this.queue.size;
  }

  /** The categories the products name. */
  categoryNames(): Iterable<string> {
    return this.byCategory.keys();
  }

  /** The ids of a category's products (every one, available or not). */
  *categoryMembers(category: string): Iterable<string> {
    for (const slot of this.byCategory.get(category) ?? []) yield this.entries[slot]!.product.id;
  }

  /** How many products each category holds, and each brand. */
  categoryCounts(): Iterable<readonly [string, number]> {
    return Array.from(this.byCategory, ([name, members]) => [name, members.size] as const);
  }

  brandCounts(): Iterable<readonly [string, number]> {
    return this.brands;
  }

  /** The content index: what the catalog search walks. */
  get contentIndex(): ContentIndex {
    return this.content;
  }

  /** A product the lists know, by id. */
  productOf(id: string): Product | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.entries[slot]!.product;
  }

  /** A product's terms, for the shopper's style (undefined for a product the engine does not know). */
  termsOfProduct(id: string): Terms | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.entries[slot]!.terms;
  }

  /** The content index's terms a text's words match (a profile's style), each once. */
  termsOfText(text: string): ReadonlySet<number> {
    const terms = new Set<number>();
    for (const word of searchWords(text)) for (const term of this.content.termsOfWord(word)) terms.add(term);
    return terms;
  }

  /** Changes whenever the catalog, and so the terms texts match, may have: terms worked out before are then worked out again. */
  get catalogVersion(): number {
    return this.version;
  }

  embeddingDimension(): number | undefined {
    return this.embedded > 0 ? this.vectors?.dimension : undefined;
  }

  productsSaved(products: readonly Product[]): void {
    let changed = false;
    for (const product of products) {
      const slot = this.slotOf.get(product.id);
      const previous = slot === undefined ? undefined : this.entries[slot];
      if (previous !== undefined && sameForSimilarity(previous, product)) {
        // A re-read, or a change similarity does not look at (attributes, say): nothing moves.
        const { embedding: _unused, ...kept } = product;
        void _unused;
        previous.product = kept;
        continue;
      }
      if (previous !== undefined) this.detach(previous);
      this.attach(slot ?? this.freeSlot(), product);
      changed = true;
    }
    if (changed) this.changed();
  }

  productsRemoved(ids: readonly string[]): void {
    let changed = false;
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      changed = true;
      this.detach(this.entries[slot]!);
      this.entries[slot] = undefined;
      this.slotOf.delete(id);
      this.counter.nextForProduct(id);
      this.freeSlots.add(slot);
    }
    while (this.entries.length > 0 && this.entries.at(-1) === undefined) {
      this.freeSlots.delete(this.entries.length - 1);
      this.entries.pop();
    }
    if (changed) this.changed();
  }

  /** A slot for a new product: one a deleted product left, else a new one. */
  private freeSlot(): number {
    for (const slot of this.freeSlots) {
      this.freeSlots.delete(slot);
      return slot;
    }
    return this.entries.length;
  }

  /** The ids of every product the engine knows. */
  known(): Iterable<string> {
    return this.slotOf.keys();
  }

  /** Resolves once every list is current. */
  settled(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    if (!this.background) {
      this.drain(Infinity);
      return Promise.resolve();
    }
    if (this.idle === undefined) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.idle = { promise, resolve };
    }
    return this.idle.promise;
  }

  /** Computes every list that is not current, now. */
  computePendingNow(): void {
    this.drain(Infinity);
  }

  /**
   * How many products are known, how many carry embeddings, whether searches are approximate, how
   * many lists wait; and the engine's own sizes: slots (products' places, the freed ones included),
   * terms of the content index, and the bytes of the arrays it holds (the vector graph's own
   * memory, in usearch, aside).
   */
  get stats(): NeighbourListCounts & { bytes: number } {
    return { ...this.counts, bytes: walkedWhole(this.measureBytes()) };
  }

  /** The sizes but the bytes: read at once, whatever the catalog's size. */
  get counts(): NeighbourListCounts {
    return {
      products: this.slotOf.size,
      embedded: this.embedded,
      approximate: this.vectors?.approximate ?? false,
      pending: this.pending,
      slots: this.entries.length,
      terms: this.content.terms,
    };
  }

  /** The bytes of the arrays the engine holds, measured in a walk with pauses (a walk of every product and term). */
  *measureBytes(): MeasuringWalk {
    let total = yield* this.content.measureBytes();
    for (let slot = 0; slot < this.entries.length; slot++) {
      const entry = this.entries[slot];
      if (entry !== undefined) {
        total += entry.list.byteLength + entry.scores.byteLength + entry.terms.ids.byteLength + entry.terms.weights.byteLength;
        total += entry.readers.bytes + (entry.unit?.byteLength ?? 0);
      }
      if ((slot + 1) % PAUSE_EVERY === 0) yield;
    }
    return total;
  }

  /** For measurements: the vector index, to compare its answers with exact search. */
  get vectorIndex(): VectorIndex | undefined {
    return this.vectors;
  }

  /** The number of slots, the free ones included: what a search walks. */
  get slotCount(): number {
    return this.entries.length;
  }

  /** The slot of a product, and the product in a slot (for the catalog search and for measurements). */
  slotOfProduct(id: string): number | undefined {
    return this.slotOf.get(id);
  }

  productInSlot(slot: number): Product | undefined {
    return this.entries[slot]?.product;
  }

  unitOf(id: string): Float32Array | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.entries[slot]?.unit;
  }

  private attach(slot: number, stored: Product): void {
    // The engine keeps the product without its embedding: the unit vector is all it needs of it.
    const { embedding, ...product } = stored;
    let unit: Float32Array | undefined;
    const candidate = embedding === undefined || embedding.length === 0 ? undefined : unitVector(embedding);
    if (candidate !== undefined) {
      // The first embedding that counts (not the zero vector) sets the dimension, for as long as
      // any product has one.
      if (this.vectors === undefined || (this.embedded === 0 && this.vectors.dimension !== candidate.length)) {
        this.vectors = new VectorIndex(candidate.length, this.exactSearchBelow);
      }
      // A vector of another dimension cannot be compared: the write path refuses one, and one that
      // arrives anyway (written before the rule) is treated as no embedding.
      if (candidate.length === this.vectors.dimension) unit = candidate;
    }
    const terms = this.content.termsOf(product);
    const entry: Entry = {
      slot,
      product,
      terms,
      unit,
      unusedEmbedding:
        unit === undefined && embedding !== undefined && embedding.length > 0 ? Float64Array.from(embedding) : undefined,
      list: EMPTY_SLOTS,
      scores: EMPTY_SCORES,
      size: 0,
      kind: 'content',
      stale: true,
      readers: new SlotList(),
      readersLimit: MIN_READERS_LIMIT,
      ids: undefined,
      changedAt: this.counter.nextForProduct(product.id),
    };
    this.entries[slot] = entry;
    this.slotOf.set(product.id, slot);
    this.categories.add(slot, product);
    if (unit !== undefined) this.embedded++;
    if (product.category !== undefined) {
      let members = this.byCategory.get(product.category);
      if (members === undefined) this.byCategory.set(product.category, (members = new Set()));
      members.add(slot);
    }
    if (product.brand !== undefined) this.brands.set(product.brand, (this.brands.get(product.brand) ?? 0) + 1);
    if (product.available) {
      this.content.add(slot, terms, product.price);
      if (unit !== undefined) this.vectors!.add(slot, unit);
    } else this.content.addDormant(slot, terms);
    this.fresh.add(slot);
  }

  /** Takes a product out of the indexes and out of every list holding it; those lists are recomputed. */
  private detach(entry: Entry): void {
    const { slot, product } = entry;
    this.categories.remove(slot, product);
    this.content.remove(slot);
    this.content.release(entry.terms);
    if (entry.unit !== undefined) {
      this.vectors?.remove(slot);
      this.embedded--;
      if (this.embedded === 0) this.vectors = undefined;
    }
    if (product.category !== undefined) {
      const members = this.byCategory.get(product.category);
      members?.delete(slot);
      if (members?.size === 0) this.byCategory.delete(product.category);
    }
    if (product.brand !== undefined) {
      const count = (this.brands.get(product.brand) ?? 1) - 1;
      if (count > 0) this.brands.set(product.brand, count);
      else this.brands.delete(product.brand);
    }
    for (let i = 0; i < entry.readers.length; i++) {
      const reader = this.entries[entry.readers.at(i)];
      if (reader === undefined || !removeFromList(reader, slot)) continue;
      reader.ids = undefined;
      reader.changedAt = this.counter.nextForProduct(reader.product.id);
      this.queue.add(reader.slot);
      reader.stale = true;
    }
    entry.readers.clear();
    // Nor is it a reader of its neighbours any more.
    for (let i = 0; i < entry.size; i++) this.entries[entry.list[i]!]?.readers.remove(slot);
    entry.size = 0;
    entry.ids = undefined;
    this.fresh.delete(slot);
    this.queue.delete(slot);
  }

  /** (Re)computes one product's list and offers the product to its neighbours' lists. */
  private compute(entry: Entry, searched?: { slots: Int32Array; scores: Float32Array }): void {
    this.fresh.delete(entry.slot);
    this.queue.delete(entry.slot);
    const kindBefore = entry.kind;
    entry.stale = false;
    const { product, slot, unit } = entry;
    let found: { slots: Int32Array; scores: Float32Array };
    if (product.similar !== undefined && product.similar.length > 0) {
      entry.kind = 'curated';
      found = { slots: EMPTY_SLOTS, scores: EMPTY_SCORES };
    } else if (unit !== undefined && this.vectors !== undefined) {
      entry.kind = 'embedding';
      found = searched ?? this.vectors.nearest(slot, unit, NEIGHBOURS_KEPT);
    } else {
      entry.kind = 'content';
      found = this.content.nearest(slot, entry.terms, product.price, NEIGHBOURS_KEPT);
    }
    if (found.slots.length > 0 && entry.list.length < NEIGHBOURS_KEPT) {
      entry.list = new Int32Array(NEIGHBOURS_KEPT);
      entry.scores = new Float32Array(NEIGHBOURS_KEPT);
    }
    // The neighbours it no longer lists lose it as a reader; the new ones gain it (the others have it).
    const before = new Set(entry.list.subarray(0, entry.size));
    const after = new Set(found.slots);
    if (entry.kind !== kindBefore || !sameSlots(entry.list.subarray(0, entry.size), found.slots)) {
      entry.changedAt = this.counter.nextForProduct(entry.product.id);
    }
    for (const member of before) if (!after.has(member)) this.entries[member]?.readers.remove(slot);
    entry.list.set(found.slots);
    entry.scores.set(found.scores);
    entry.size = found.slots.length;
    entry.ids = undefined;
    for (const member of found.slots) if (!before.has(member)) this.addReader(this.entries[member]!, slot);
    if (!product.available || entry.kind === 'curated') return;
    for (let i = 0; i < Math.min(found.slots.length, OFFERED_TO); i++) {
      const neighbour = this.entries[found.slots[i]!]!;
      if (neighbour.kind === entry.kind && !neighbour.stale) this.offer(neighbour, entry, found.scores[i]!);
    }
  }

  /** Puts `candidate` into `target`'s list when it ranks within it (similarity is symmetric). */
  private offer(target: Entry, candidate: Entry, score: number): void {
    const n = target.size;
    if (n >= NEIGHBOURS_KEPT && score <= target.scores[n - 1]!) return;
    const { list, scores } = target;
    // No list holds a product that no list ever took.
    if (candidate.readers.length > 0) for (let i = 0; i < n; i++) if (list[i] === candidate.slot) return;
    if (list.length < NEIGHBOURS_KEPT) {
      const grownList = new Int32Array(NEIGHBOURS_KEPT);
      const grownScores = new Float32Array(NEIGHBOURS_KEPT);
      grownList.set(list.subarray(0, n));
      grownScores.set(scores.subarray(0, n));
      target.list = grownList;
      target.scores = grownScores;
    }
    // The last of a full list falls off: it is no longer read by the target.
    if (n >= NEIGHBOURS_KEPT) this.entries[target.list[NEIGHBOURS_KEPT - 1]!]?.readers.remove(target.slot);
    let at = Math.min(n, NEIGHBOURS_KEPT - 1);
    while (at > 0 && target.scores[at - 1]! < score) at--;
    // Shift the worse ones down (the last falls off a full list) and put the candidate in place.
    target.list.copyWithin(at + 1, at, NEIGHBOURS_KEPT - 1);
    target.scores.copyWithin(at + 1, at, NEIGHBOURS_KEPT - 1);
    target.list[at] = candidate.slot;
    target.scores[at] = score;
    target.size = Math.min(n + 1, NEIGHBOURS_KEPT);
    target.ids = undefined;
    target.changedAt = this.counter.nextForProduct(target.product.id);
    this.addReader(candidate, target.slot);
  }

  /** Records that `reader`'s list holds `entry`, compacting the record when it has grown long. */
  private addReader(entry: Entry, reader: number): void {
    entry.readers.push(reader);
    if (entry.readers.length < entry.readersLimit) return;
    const kept = new Set<number>();
    for (let i = 0; i < entry.readers.length; i++) {
      const slot = entry.readers.at(i);
      const other = this.entries[slot];
      if (other !== undefined && listHolds(other, entry.slot)) kept.add(slot);
    }
    entry.readers.clear();
    for (const slot of kept) entry.readers.push(slot);
    entry.readersLimit = Math.max(MIN_READERS_LIMIT, 2 * kept.size);
  }

  private changed(): void {
    this.version++;
    this.writes++;
    this.lastChangeAt = performance.now();
    if (this.pending > 0 && this.background && !this.pumping) {
      this.pumping = true;
      setImmediate(() => this.pump());
    }
  }

  /**
   * Background work in slices. While writes keep coming (an import), it takes a slice only every
   * BUSY_PAUSE_MS, leaving the process to the writes; lookups meanwhile compute what they need.
   */
  private pump(): void {
    this.drain(SLICE_MS);
    if (this.pending === 0) {
      this.pumping = false;
      return;
    }
    if (performance.now() - this.lastChangeAt < BUSY_PAUSE_MS) setTimeout(() => this.pump(), BUSY_PAUSE_MS).unref();
    else setImmediate(() => this.pump());
  }

  /** Whether a product's list comes from an embedding search. */
  private searchesEmbedding(entry: Entry): boolean {
    return (
      entry.unit !== undefined &&
      this.vectors !== undefined &&
      !(entry.product.similar !== undefined && entry.product.similar.length > 0)
    );
  }

  /**
   * Computes the lists of many pending embedded products with one batched graph search, which
   * runs on every core: how a catalog loaded whole gets its lists in reasonable time.
   */
  private computeEmbeddedBatch(): number {
    const batch: Entry[] = [];
    for (const slot of this.pendingSlots()) {
      const entry = this.entries[slot];
      if (entry !== undefined && this.searchesEmbedding(entry)) batch.push(entry);
      if (batch.length >= EMBEDDED_BATCH) break;
    }
    const found = this.vectors!.nearestMany(
      batch.map((e) => e.slot),
      batch.map((e) => e.unit!),
      NEIGHBOURS_KEPT,
    );
    batch.forEach((entry, i) => this.compute(entry, found[i]));
    return batch.length;
  }

  /** The pending lists, written products' own first. */
  private *pendingSlots(): Generator<number> {
    yield* this.fresh;
    yield* this.queue;
  }

  private drain(budgetMs: number): void {
    const until = performance.now() + budgetMs;
    let done = 0;
    for (const slot of this.pendingSlots()) {
      const entry = this.entries[slot];
      if (entry === undefined) {
        this.fresh.delete(slot);
        this.queue.delete(slot);
      } else if (this.searchesEmbedding(entry) && this.vectors!.approximate) {
        done += this.computeEmbeddedBatch();
        if (performance.now() >= until) break;
        continue;
      } else this.compute(entry);
      done++;
      // A list takes up to a few milliseconds at a large catalog: the budget is checked after each.
      if (performance.now() >= until) break;
    }
    if (done > 0) this.version++;
    if (this.pending === 0 && this.idle !== undefined) {
      this.idle.resolve();
      this.idle = undefined;
    }
  }
}

/** Takes `slot` out of an entry's list; answers whether it was there. */
function removeFromList(entry: Entry, slot: number): boolean {
  const n = entry.size;
  for (let at = 0; at < n; at++) {
    if (entry.list[at] !== slot) continue;
    entry.list.copyWithin(at, at + 1, n);
    entry.scores.copyWithin(at, at + 1, n);
    entry.size = n - 1;
    return true;
  }
  return false;
}

function sameSlots(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function listHolds(entry: Entry, slot: number): boolean {
  for (let i = 0; i < entry.size; i++) if (entry.list[i] === slot) return true;
  return false;
}

/** Whether a product's new version reads the same to the engine (every field similarity uses). */
function sameForSimilarity(previous: Entry, b: Product): boolean {
  const a = previous.product;
  return (
    a.name === b.name &&
    a.available === b.available &&
    a.category === b.category &&
    a.brand === b.brand &&
    a.price === b.price &&
    a.description === b.description &&
    sameList(a.tags, b.tags) &&
    sameList(a.similar, b.similar) &&
    sameEmbedding(previous, b.embedding)
  );
}

/**
 * Whether an embedding reads the same as the one kept: the same direction (its unit vector equal,
 * value for value: a re-read always is, and a change of direction never; a change of length alone
 * leaves every cosine as it was), or the same values where it gave no unit vector.
 */
function sameEmbedding(entry: Entry, embedding: readonly number[] | undefined): boolean {
  const none = embedding === undefined || embedding.length === 0;
  if (entry.unusedEmbedding !== undefined) return !none && sameValues(entry.unusedEmbedding, embedding);
  if (entry.unit === undefined) return none;
  const unit = none ? undefined : unitVector(embedding);
  return unit !== undefined && sameValues(entry.unit, unit);
}

function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
