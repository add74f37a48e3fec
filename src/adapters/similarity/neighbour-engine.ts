import { MAX_SIMILAR_LIMIT, type Similarity } from '../../domain/product/similarity.js';
import type { Product } from '../../domain/product/product.js';
import { rankByCategoryNeighbourhood } from '../../domain/product/similarity-ranking.js';
import { ContentIndex, type Terms } from './content-index.js';
import { SlotList } from './top-k.js';
import { unitVector, VectorIndex, EXACT_SEARCH_BELOW } from './vector-index.js';

/** How many neighbours are kept per product: enough for the largest `limit` a request may ask. */
export const NEIGHBOURS_KEPT = MAX_SIMILAR_LIMIT;

/** Pending lists a lookup finishes itself rather than leave to the background. */
const SMALL_BACKLOG = 64;

/** How long the background work may hold the event loop at a time, in milliseconds. */
const SLICE_MS = 8;

type ListKind = 'curated' | 'embedding' | 'content';

const EMPTY_SLOTS = new Int32Array(0);
const EMPTY_SCORES = new Float32Array(0);

/** What the engine keeps of one product. */
interface Entry {
  readonly slot: number;
  readonly product: Product;
  readonly terms: Terms;
  /** The product's embedding at unit length, when it has one of the catalog's dimension. */
  readonly unit: Float32Array | undefined;
  /** Its neighbours (slots), best first, and their scores. */
  list: Int32Array;
  scores: Float32Array;
  kind: ListKind;
  /** Its list has yet to be (re)computed. */
  stale: boolean;
  /** The products whose lists hold this one. */
  readonly readers: SlotList;
  /** Answers built from the list, by limit, valid while `answersVersion` is the engine's version. */
  answers: Map<number, readonly string[]> | undefined;
  answersVersion: number;
}

export interface EngineSettings {
  /** Below this many embedded products, embedding searches are exact scans. */
  readonly exactSearchBelow?: number;
  /** Whether lists are computed in the background (default) or only when asked for (tests, benchmarks). */
  readonly background?: boolean;
}

/**
 * The similarity engine: neighbour lists precomputed for every product and kept current as
 * products change, so a request costs a lookup. Per product, in this order: its curated `similar`
 * list when it has one; its embedding neighbours (cosine, HNSW above a size, exact below) when it
 * carries an embedding; its content neighbours (TF-IDF over name, description, tags, brand and
 * category, with price closeness) otherwise. Answers leave out the product itself, unknown and
 * unavailable products and repeats, are cut to the limit and topped up from the same category
 * when too few remain.
 *
 * Changes are incremental: a changed, unavailable or deleted product is taken out of every list
 * holding it at once (those lists are recomputed in the background), a new or changed product's
 * own list is computed in the background (or on the spot when asked for first), and it enters the
 * lists of its neighbours when it ranks within them.
 */
export class NeighbourEngine implements Similarity {
  private readonly slotOf = new Map<string, number>();
  private readonly entries: (Entry | undefined)[] = [];
  private readonly byCategory = new Map<string, Set<number>>();
  private readonly content = new ContentIndex();
  private vectors: VectorIndex | undefined;
  private embedded = 0;
  private readonly queue = new Set<number>();
  private pumping = false;
  private version = 0;
  private idle: { promise: Promise<void>; resolve: () => void } | undefined;
  private readonly exactSearchBelow: number;
  private readonly background: boolean;

  constructor(settings: EngineSettings = {}) {
    this.exactSearchBelow = settings.exactSearchBelow ?? EXACT_SEARCH_BELOW;
    this.background = settings.background ?? true;
  }

  similarTo(productId: string, limit: number): readonly string[] | undefined {
    const slot = this.slotOf.get(productId);
    if (slot === undefined) return undefined;
    const entry = this.entries[slot]!;
    // A little pending work (a write or two) is finished first, so answers right after a write
    // include what it changed; a large backlog (an import) is left to the background.
    if (this.queue.size > 0 && this.queue.size <= SMALL_BACKLOG) this.drain(Infinity);
    if (entry.stale) {
      this.compute(entry);
      this.version++;
    }
    if (entry.answersVersion !== this.version || entry.answers === undefined) {
      entry.answers = new Map();
      entry.answersVersion = this.version;
    }
    // Beyond the kept lists (slices built from seeds may ask for more), the category tops up.
    if (limit > NEIGHBOURS_KEPT) return this.answerFor(entry, limit);
    let answer = entry.answers.get(limit);
    if (answer === undefined) {
      const full = entry.answers.get(NEIGHBOURS_KEPT) ?? this.answerFor(entry, NEIGHBOURS_KEPT);
      entry.answers.set(NEIGHBOURS_KEPT, full);
      answer = full.length <= limit ? full : Object.freeze(full.slice(0, limit));
      entry.answers.set(limit, answer);
    }
    return answer;
  }

  embeddingDimension(): number | undefined {
    return this.embedded > 0 ? this.vectors?.dimension : undefined;
  }

  productsSaved(products: readonly Product[]): void {
    for (const product of products) {
      const slot = this.slotOf.get(product.id);
      const previous = slot === undefined ? undefined : this.entries[slot];
      if (previous !== undefined && sameVersion(previous, product)) continue;
      if (previous !== undefined) this.detach(previous);
      this.attach(slot ?? this.entries.length, product);
    }
    this.changed();
  }

  productsRemoved(ids: readonly string[]): void {
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      this.detach(this.entries[slot]!);
      this.entries[slot] = undefined;
      this.slotOf.delete(id);
    }
    this.changed();
  }

  /** The ids of every product the engine knows, with the time each was last changed. */
  *known(): IterableIterator<[string, number]> {
    for (const entry of this.entries) if (entry !== undefined) yield [entry.product.id, entry.product.updatedAt.getTime()];
  }

  /** Resolves once every list is current. */
  settled(): Promise<void> {
    if (this.queue.size === 0) return Promise.resolve();
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
  settleNow(): void {
    this.drain(Infinity);
  }

  /** How many products are known, how many carry embeddings, and whether searches are approximate. */
  get stats(): { products: number; embedded: number; approximate: boolean; pending: number } {
    return {
      products: this.slotOf.size,
      embedded: this.embedded,
      approximate: this.vectors?.approximate ?? false,
      pending: this.queue.size,
    };
  }

  /** For measurements: the vector index, to compare its answers with exact search. */
  get vectorIndex(): VectorIndex | undefined {
    return this.vectors;
  }

  /** For measurements: the slot of a product, and the product in a slot. */
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
    if (embedding !== undefined && embedding.length > 0) {
      if (this.vectors === undefined) this.vectors = new VectorIndex(embedding.length, this.exactSearchBelow);
      // A vector of another dimension cannot be compared: the write path refuses one, and one that
      // arrives anyway (written before the rule) is treated as no embedding.
      if (embedding.length === this.vectors.dimension) unit = unitVector(embedding);
    }
    const terms = this.content.termsOf(product);
    const entry: Entry = {
      slot,
      product,
      terms,
      unit,
      list: EMPTY_SLOTS,
      scores: EMPTY_SCORES,
      kind: 'content',
      stale: true,
      readers: new SlotList(),
      answers: undefined,
      answersVersion: -1,
    };
    this.entries[slot] = entry;
    this.slotOf.set(product.id, slot);
    if (unit !== undefined) this.embedded++;
    if (product.category !== undefined) {
      let members = this.byCategory.get(product.category);
      if (members === undefined) this.byCategory.set(product.category, (members = new Set()));
      members.add(slot);
    }
    if (product.available) {
      this.content.add(slot, terms, product.price);
      if (unit !== undefined) this.vectors!.add(slot, unit);
    }
    this.queue.add(slot);
  }

  /** Takes a product out of the indexes and out of every list holding it; those lists are recomputed. */
  private detach(entry: Entry): void {
    const { slot, product } = entry;
    this.content.remove(slot);
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
    for (let i = 0; i < entry.readers.length; i++) {
      const reader = this.entries[entry.readers.at(i)];
      if (reader === undefined) continue;
      removeFromList(reader, slot);
      this.queue.add(reader.slot);
      reader.stale = true;
    }
    entry.readers.clear();
    for (const member of entry.list) this.entries[member]?.readers.remove(slot);
    entry.list = EMPTY_SLOTS;
    entry.scores = EMPTY_SCORES;
    this.queue.delete(slot);
  }

  /** (Re)computes one product's list and offers the product to its neighbours' lists. */
  private compute(entry: Entry): void {
    this.queue.delete(entry.slot);
    entry.stale = false;
    for (const member of entry.list) this.entries[member]?.readers.remove(entry.slot);
    const { product, slot, unit } = entry;
    let found: { slots: Int32Array; scores: Float32Array };
    if (product.similar !== undefined && product.similar.length > 0) {
      entry.kind = 'curated';
      found = { slots: EMPTY_SLOTS, scores: EMPTY_SCORES };
    } else if (unit !== undefined && this.vectors !== undefined) {
      entry.kind = 'embedding';
      found = this.vectors.nearest(slot, unit, NEIGHBOURS_KEPT);
    } else {
      entry.kind = 'content';
      found = this.content.nearest(slot, entry.terms, product.price, NEIGHBOURS_KEPT);
    }
    entry.list = found.slots;
    entry.scores = found.scores;
    for (const member of found.slots) this.entries[member]!.readers.push(slot);
    if (!product.available || entry.kind === 'curated') return;
    for (let i = 0; i < found.slots.length; i++) {
      const neighbour = this.entries[found.slots[i]!]!;
      if (neighbour.kind === entry.kind && !neighbour.stale) this.offer(neighbour, entry, found.scores[i]!);
    }
  }

  /** Puts `candidate` into `target`'s list when it ranks within it (similarity is symmetric). */
  private offer(target: Entry, candidate: Entry, score: number): void {
    const { list, scores } = target;
    const n = list.length;
    if (n >= NEIGHBOURS_KEPT && score <= scores[n - 1]!) return;
    if (list.includes(candidate.slot)) return;
    let at = n;
    while (at > 0 && scores[at - 1]! < score) at--;
    const keep = Math.min(n + 1, NEIGHBOURS_KEPT);
    const nextList = new Int32Array(keep);
    const nextScores = new Float32Array(keep);
    nextList.set(list.subarray(0, at));
    nextScores.set(scores.subarray(0, at));
    nextList[at] = candidate.slot;
    nextScores[at] = score;
    nextList.set(list.subarray(at, keep - 1), at + 1);
    nextScores.set(scores.subarray(at, keep - 1), at + 1);
    if (n + 1 > NEIGHBOURS_KEPT) this.entries[list[n - 1]!]?.readers.remove(target.slot);
    target.list = nextList;
    target.scores = nextScores;
    candidate.readers.push(target.slot);
  }

  /** The answer for a limit: the list filtered, then topped up from the category. */
  private answerFor(entry: Entry, size: number): readonly string[] {
    const { product } = entry;
    const chosen = new Set<string>([product.id]);
    const answer: string[] = [];
    const take = (candidate: Entry | undefined): void => {
      if (candidate === undefined || !candidate.product.available || chosen.has(candidate.product.id)) return;
      chosen.add(candidate.product.id);
      answer.push(candidate.product.id);
    };
    if (entry.kind === 'curated') {
      for (const id of product.similar ?? []) {
        const slot = this.slotOf.get(id);
        if (slot !== undefined) take(this.entries[slot]);
        if (answer.length >= size) break;
      }
    } else {
      for (const slot of entry.list) if (answer.length < size) take(this.entries[slot]);
    }
    if (answer.length < size && product.category !== undefined) {
      const members = this.byCategory.get(product.category);
      if (members !== undefined && members.size > 1) {
        const candidates: Product[] = [];
        for (const slot of members) {
          const member = this.entries[slot]!.product;
          if (!chosen.has(member.id)) candidates.push(member);
        }
        for (const candidate of rankByCategoryNeighbourhood(product, candidates)) {
          if (answer.length >= size) break;
          take(this.entries[this.slotOf.get(candidate.id)!]);
        }
      }
    }
    return Object.freeze(answer);
  }

  private changed(): void {
    this.version++;
    if (this.queue.size > 0 && this.background && !this.pumping) {
      this.pumping = true;
      setImmediate(() => this.pump());
    }
  }

  private pump(): void {
    this.drain(SLICE_MS);
    if (this.queue.size > 0) setImmediate(() => this.pump());
    else this.pumping = false;
  }

  private drain(budgetMs: number): void {
    const until = performance.now() + budgetMs;
    let done = 0;
    for (const slot of this.queue) {
      const entry = this.entries[slot];
      if (entry === undefined) this.queue.delete(slot);
      else this.compute(entry);
      if (++done % 16 === 0 && performance.now() >= until) break;
    }
    if (done > 0) this.version++;
    if (this.queue.size === 0 && this.idle !== undefined) {
      this.idle.resolve();
      this.idle = undefined;
    }
  }
}

function removeFromList(entry: Entry, slot: number): void {
  const at = entry.list.indexOf(slot);
  if (at < 0) return;
  const list = new Int32Array(entry.list.length - 1);
  const scores = new Float32Array(entry.list.length - 1);
  list.set(entry.list.subarray(0, at));
  list.set(entry.list.subarray(at + 1), at);
  scores.set(entry.scores.subarray(0, at));
  scores.set(entry.scores.subarray(at + 1), at);
  entry.list = list;
  entry.scores = scores;
}

/**
 * Whether a product as read again is the version the engine has: the same write (its time) with
 * the same content (for writes within one millisecond).
 */
function sameVersion(previous: Entry, b: Product): boolean {
  const a = previous.product;
  return (
    a.updatedAt.getTime() === b.updatedAt.getTime() &&
    a.name === b.name &&
    a.available === b.available &&
    a.category === b.category &&
    a.brand === b.brand &&
    a.price === b.price &&
    a.description === b.description &&
    sameList(a.tags, b.tags) &&
    sameList(a.similar, b.similar) &&
    (b.embedding !== undefined && b.embedding.length > 0) === (previous.unit !== undefined)
  );
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
