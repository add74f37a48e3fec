import type { Product } from '../../domain/product/product.js';
import { PAUSE_EVERY, type MeasuringWalk } from './measuring-walk.js';
import { TopK } from './top-k.js';
import { WordDictionary } from './word-dictionary.js';

/** The terms of a product with their field-weighted counts. */
export interface Terms {
  readonly ids: Int32Array;
  readonly weights: Float32Array;
}

/** How much a term counts by the field it comes from. */
const FIELD_WEIGHTS = { name: 3, description: 1, tag: 2, brand: 2, category: 1.5 } as const;

/** Words too common in product texts (Portuguese, English) to say anything about similarity. */
const STOPWORDS = new Set(
  (
    'de da do das dos e em com para por um uma uns umas o a os as no na nos nas ao aos que se sem sua seu ' +
    'the and for with of in on to an by from or at is it this that your our'
  ).split(' '),
);

/** Lower-case words without accents, of two characters or more, without stopwords; plural -s dropped. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const raw of text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOPWORDS.has(raw)) continue;
    out.push(raw.length > 3 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw);
  }
  return out;
}

/** A product's terms as text keys and weighted counts: words of its name and description, its tags, brand and category. */
export function productTerms(product: Product): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (term: string, weight: number) => counts.set(term, (counts.get(term) ?? 0) + weight);
  for (const w of words(product.name)) add(w, FIELD_WEIGHTS.name);
  if (product.description !== undefined) for (const w of words(product.description)) add(w, FIELD_WEIGHTS.description);
  for (const tag of product.tags) add(`#${tag.trim().toLowerCase()}`, FIELD_WEIGHTS.tag);
  if (product.brand !== undefined) add(`brand:${product.brand.trim().toLowerCase()}`, FIELD_WEIGHTS.brand);
  if (product.category !== undefined) add(`category:${product.category.trim().toLowerCase()}`, FIELD_WEIGHTS.category);
  return counts;
}

/** The products holding one term, with the term's weight in each; order does not matter. */
class Posting {
  slots = new Int32Array(4);
  weights = new Float32Array(4);
  length = 0;

  add(slot: number, weight: number): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const weights = new Float32Array(this.length * 2);
      weights.set(this.weights);
      this.weights = weights;
    }
    this.slots[this.length] = slot;
    this.weights[this.length++] = weight;
  }

  remove(slot: number): void {
    for (let i = 0; i < this.length; i++) {
      if (this.slots[i] === slot) {
        this.length--;
        this.slots[i] = this.slots[this.length]!;
        this.weights[i] = this.weights[this.length]!;
        // A posting that emptied gives its room back: at a quarter full, down to what growing to its length takes.
        if (this.slots.length > 4 && this.length <= this.slots.length / 4) {
          const room = roomFor(this.length);
          this.slots = this.slots.slice(0, room);
          this.weights = this.weights.slice(0, room);
        }
        return;
      }
    }
  }
}

/** Weight of price closeness against text similarity in a content score. */
const PRICE_SHARE = 0.15;

/** The room growth by doubling from 4 gives `length` items. */
export function roomFor(length: number): number {
  let room = 4;
  while (room < length) room *= 2;
  return room;
}

/** The posting of a forgotten term: never added to (a reused id is given a new one). */
const EMPTY_POSTING = new Posting();

export interface ContentIndexSettings {
  /**
   * How many entries of common terms' postings (terms held by more than 1% of the catalog: a
   * category, a product type, a colour, a popular brand) one query may walk, the rarest common
   * terms first; a common term that does not fit is skipped. 0: common terms are never walked.
   * Default COMMON_WALK_BUDGET.
   */
  readonly commonWalkBudget?: number | undefined;
}

/**
 * Content neighbours: TF-IDF cosine over the words of name and description, tags, brand and
 * category, blended with price closeness, found through an inverted index. A query walks the
 * postings of the product's own terms, accumulating dot products for the products they hold, so
 * its cost is the length of those postings, not the catalog's size. Common terms (a category, a
 * type, a colour: each held by many products) weigh little by their IDF but together say what
 * kind of product it is: they are walked too, the rarest first, up to a budget of entries per
 * query, so that at any catalog size a product's neighbours share what it is, and a query's cost
 * stays bounded. Beyond the budget they still count in the norms.
 */
export class ContentIndex {
  private readonly commonWalkBudget: number;
  private readonly termIds = new Map<string, number>();
  private readonly postings: Posting[] = [];
  /** The postings of unavailable products: similarity never walks them, a catalog search does. */
  private readonly dormantPostings: Posting[] = [];
  private readonly dormantIndexed: (Terms | undefined)[] = [];
  private dormantDocuments = 0;
  /** For each word, the tag, brand and category terms whose text holds it (`#vestido de festa` for `festa`). */
  private readonly fieldTermsByWord = new Map<string, number[]>();
  /** Every word `termsOfWord` answers terms for, sorted, for `wordsStartingWith`. */
  private readonly dictionary = new WordDictionary();
  /** Each term id's text and how many products' terms hold it: a term none holds is forgotten, its id reused. */
  private readonly termNames: (string | undefined)[] = [];
  private readonly holders: number[] = [];
  private readonly freeTermIds: number[] = [];
  private readonly indexed: (Terms | undefined)[] = [];
  private norms = new Float64Array(1024);
  /** The number of changes the index had seen when each norm was computed. */
  private normsAt = new Float64Array(1024);
  /** ln(price), NaN when the price is unknown or not positive (for price closeness without a log per candidate). */
  private logPrices = new Float64Array(1024);
  private changes = 0;
  private documents = 0;
  private accumulator = new Float64Array(1024);
  private touched = new Int32Array(1024);
  private readonly top = new TopK(1);
  private common = new Int32Array(16);

  constructor(settings: ContentIndexSettings = {}) {
    this.commonWalkBudget = settings.commonWalkBudget ?? COMMON_WALK_BUDGET;
  }

  /**
   * The terms of a product, as ids of this index (new terms get ids), held until `release`: the
   * engine holds them for as long as it keeps the product.
   */
  termsOf(product: Product): Terms {
    const counts = productTerms(product);
    const ids = new Int32Array(counts.size);
    const weights = new Float32Array(counts.size);
    let i = 0;
    for (const [term, weight] of counts) {
      let id = this.termIds.get(term);
      if (id === undefined) {
        id = this.freeTermIds.pop() ?? this.postings.length;
        this.termIds.set(term, id);
        this.termNames[id] = term;
        this.postings[id] = new Posting();
        this.dormantPostings[id] = new Posting();
        this.holders[id] = 0;
        if (fieldText(term) === undefined) this.dictionary.add(term);
        this.indexFieldWords(term, id);
      }
      this.holders[id]!++;
      ids[i] = id;
      weights[i++] = weight;
    }
    return { ids, weights };
  }

  /** Lets go of terms `termsOf` gave (their product is gone or changed): a term no product holds is forgotten. */
  release(terms: Terms): void {
    for (const id of terms.ids) {
      if (--this.holders[id]! > 0) continue;
      if (fieldText(this.termNames[id]!) === undefined) this.dictionary.delete(this.termNames[id]!);
      this.unindexFieldWords(this.termNames[id]!, id);
      this.termIds.delete(this.termNames[id]!);
      this.termNames[id] = undefined;
      this.postings[id] = EMPTY_POSTING;
      this.dormantPostings[id] = EMPTY_POSTING;
      this.freeTermIds.push(id);
    }
    // Ids at the end that no term holds are given back altogether.
    while (this.postings.length > 0 && this.termNames[this.postings.length - 1] === undefined) {
      const last = this.postings.length - 1;
      this.postings.pop();
      this.dormantPostings.pop();
      this.termNames.pop();
      this.holders.pop();
      const at = this.freeTermIds.lastIndexOf(last);
      if (at >= 0) this.freeTermIds.splice(at, 1);
    }
  }

  /** How many terms some product holds. */
  get terms(): number {
    return this.termIds.size;
  }

  /** The bytes of the arrays this index holds (postings, norms, scratch space), measured in a walk with pauses. */
  *measureBytes(): MeasuringWalk {
    let total = this.norms.byteLength + this.normsAt.byteLength + this.logPrices.byteLength;
    total += this.accumulator.byteLength + this.touched.byteLength;
    let counted = 0;
    for (const postings of [this.postings, this.dormantPostings]) {
      for (let i = 0; i < postings.length; i++) {
        const posting = postings[i];
        if (posting !== undefined) total += posting.slots.byteLength + posting.weights.byteLength;
        if (++counted % PAUSE_EVERY === 0) yield;
      }
    }
    return total;
  }

  /** Makes a product findable (or refreshes it); a slot holds one product at a time. */
  add(slot: number, terms: Terms, price: number | undefined): void {
    this.remove(slot);
    for (let i = 0; i < terms.ids.length; i++) this.postings[terms.ids[i]!]!.add(slot, terms.weights[i]!);
    this.indexed[slot] = terms;
    this.documents++;
    this.changes++;
    if (slot >= this.accumulator.length) {
      const size = Math.max(slot + 1, this.accumulator.length * 2);
      this.accumulator = new Float64Array(size);
      this.touched = new Int32Array(size);
      this.norms = grown(this.norms, size);
      this.normsAt = grown(this.normsAt, size);
      this.logPrices = grown(this.logPrices, size);
    }
    this.norms[slot] = this.norm(terms);
    this.normsAt[slot] = this.changes;
    this.logPrices[slot] = logPrice(price);
  }

  /** Makes an unavailable product findable by a catalog search only (never a neighbour); a slot holds one product at a time. */
  addDormant(slot: number, terms: Terms): void {
    this.remove(slot);
    for (let i = 0; i < terms.ids.length; i++) this.dormantPostings[terms.ids[i]!]!.add(slot, terms.weights[i]!);
    this.dormantIndexed[slot] = terms;
    this.dormantDocuments++;
  }

  remove(slot: number): void {
    const dormant = this.dormantIndexed[slot];
    if (dormant !== undefined) {
      for (let i = 0; i < dormant.ids.length; i++) this.dormantPostings[dormant.ids[i]!]!.remove(slot);
      this.dormantIndexed[slot] = undefined;
      this.dormantDocuments--;
    }
    const terms = this.indexed[slot];
    if (terms === undefined) return;
    for (let i = 0; i < terms.ids.length; i++) this.postings[terms.ids[i]!]!.remove(slot);
    this.indexed[slot] = undefined;
    this.documents--;
    this.changes++;
  }

  get size(): number {
    return this.documents;
  }

  /** How many products a catalog search looks through: the available and the unavailable ones. */
  get catalogSize(): number {
    return this.documents + this.dormantDocuments;
  }

  /**
   * The terms a searched word matches: the word of names and descriptions, and the tags, brands
   * and categories whose text holds it (at most MAX_FIELD_TERMS_PER_WORD of those).
   */
  termsOfWord(word: string): readonly number[] {
    const id = this.termIds.get(word);
    const fields = this.fieldTermsByWord.get(word);
    if (fields === undefined) return id === undefined ? [] : [id];
    const capped = fields.length > MAX_FIELD_TERMS_PER_WORD ? fields.slice(0, MAX_FIELD_TERMS_PER_WORD) : fields;
    return id === undefined ? capped : [id, ...capped];
  }

  /**
   * The words of the catalog (those `termsOfWord` answers terms for) that start with `prefix`, the
   * prefix itself included when it is one: at most `max`, the first in sorted order.
   */
  wordsStartingWith(prefix: string, max: number): string[] {
    return this.dictionary.withPrefix(prefix, max);
  }

  /** How many products, available or not, hold a term. */
  catalogFrequency(termId: number): number {
    return this.postings[termId]!.length + this.dormantPostings[termId]!.length;
  }

  /** The products holding a term, with its weight in each: the available ones, then the unavailable ones. */
  holdersOf(termId: number): readonly [PostingView, PostingView] {
    return [this.postings[termId]!, this.dormantPostings[termId]!];
  }

  /** Registers a tag, brand or category term under each word of its text, for `termsOfWord`. */
  private indexFieldWords(term: string, id: number): void {
    const text = fieldText(term);
    if (text === undefined) return;
    for (const word of new Set(words(text))) {
      const ids = this.fieldTermsByWord.get(word);
      if (ids === undefined) this.fieldTermsByWord.set(word, [id]);
      else ids.push(id);
      this.dictionary.add(word);
    }
  }

  private unindexFieldWords(term: string, id: number): void {
    const text = fieldText(term);
    if (text === undefined) return;
    for (const word of new Set(words(text))) {
      const ids = this.fieldTermsByWord.get(word);
      const at = ids?.indexOf(id) ?? -1;
      if (ids === undefined || at < 0) continue;
      ids.splice(at, 1);
      if (ids.length === 0) this.fieldTermsByWord.delete(word);
      this.dictionary.delete(word);
    }
  }

  /**
   * The `k` indexed products nearest to `terms`/`price` (never `self`), best first, with scores
   * from 0 to 1.
   */
  nearest(self: number, terms: Terms, price: number | undefined, k: number): { slots: Int32Array; scores: Float32Array } {
    const n = this.documents;
    const maxDf = Math.max(MIN_MAX_DF, n * MAX_DF_SHARE);
    const queryLogPrice = logPrice(price);
    const queryNorm = this.norm(terms);
    let touchedCount = 0;
    const acc = this.accumulator;
    const touched = this.touched;
    const walk = (i: number): void => {
      const posting = this.postings[terms.ids[i]!]!;
      const idf = this.idf(posting.length);
      const queryWeight = terms.weights[i]! * idf * idf;
      const { slots, weights, length } = posting;
      for (let j = 0; j < length; j++) {
        const slot = slots[j]!;
        if (acc[slot] === 0) touched[touchedCount++] = slot;
        acc[slot] = acc[slot]! + queryWeight * weights[j]!;
      }
    };
    if (queryNorm > 0) {
      if (this.common.length < terms.ids.length) this.common = new Int32Array(terms.ids.length);
      let commonCount = 0;
      for (let i = 0; i < terms.ids.length; i++) {
        const length = this.postings[terms.ids[i]!]!.length;
        if (length === 0) continue;
        if (length > maxDf) this.common[commonCount++] = i;
        else walk(i);
      }
      // The common terms, the rarest first, while the budget lasts.
      const common = this.common.subarray(0, commonCount);
      common.sort((a, b) => this.postings[terms.ids[a]!]!.length - this.postings[terms.ids[b]!]!.length);
      let budget = this.commonWalkBudget;
      for (const i of common) {
        const length = this.postings[terms.ids[i]!]!.length;
        if (length > budget) break;
        budget -= length;
        walk(i);
      }
    }
    const top = this.top;
    top.reset(k);
    for (let i = 0; i < touchedCount; i++) {
      const slot = touched[i]!;
      const dot = acc[slot]!;
      acc[slot] = 0;
      if (slot === self) continue;
      const norm = this.currentNorm(slot);
      const cosine = norm > 0 ? dot / (queryNorm * norm) : 0;
      const other = this.logPrices[slot]!;
      const closeness = queryLogPrice === other ? 1 : Math.max(0, 1 - Math.abs(queryLogPrice - other) / LOG_4) || 0;
      top.offer(slot, (1 - PRICE_SHARE) * cosine + PRICE_SHARE * closeness);
    }
    return top.drain();
  }

  /**
   * A product's norm depends on every term's document frequency, which moves as the catalog
   * changes: it is computed again when the index has changed by more than 2% since.
   */
  private currentNorm(slot: number): number {
    if (this.changes - this.normsAt[slot]! > this.documents * 0.02) {
      this.norms[slot] = this.norm(this.indexed[slot]!);
      this.normsAt[slot] = this.changes;
    }
    return this.norms[slot]!;
  }

  private idf(df: number): number {
    return Math.log(1 + (this.documents + 1) / df);
  }

  private norm(terms: Terms): number {
    let sum = 0;
    for (let i = 0; i < terms.ids.length; i++) {
      const df = this.postings[terms.ids[i]!]!.length;
      const w = terms.weights[i]! * this.idf(Math.max(1, df));
      sum += w * w;
    }
    return Math.sqrt(sum);
  }
}

const LOG_4 = Math.log(4);

/** A posting as a search reads it. */
export interface PostingView {
  readonly slots: Int32Array;
  readonly weights: Float32Array;
  readonly length: number;
}

/** The most tag, brand and category terms one searched word matches (a word in thousands of tags says little). */
const MAX_FIELD_TERMS_PER_WORD = 256;

/** The text of a tag, brand or category term (`#verão`, `brand:casa lume`); undefined for a word of a name or description. */
function fieldText(term: string): string | undefined {
  if (term.startsWith('#')) return term.slice(1);
  const colon = term.indexOf(':');
  return colon > 0 ? term.slice(colon + 1) : undefined;
}

/**
 * Terms held by more than this share of the catalog (and at least MIN_MAX_DF products) are common:
 * walked within a query's budget only, so a word every product has cannot make a query cost the
 * catalog's size.
 */
const MAX_DF_SHARE = 0.01;
const MIN_MAX_DF = 500;

/**
 * The entries of common terms' postings one query may walk: at 100,000 realistic products, 83% of
 * content neighbours share the product's category (51% walking none), every list built in 23 s
 * (10 s walking none, 51 s with 30,000): `npm run bench:similarity`.
 */
export const COMMON_WALK_BUDGET = 10_000;

function logPrice(price: number | undefined): number {
  return price !== undefined && price > 0 ? Math.log(price) : Number.NaN;
}

function grown(values: Float64Array<ArrayBuffer>, size: number): Float64Array<ArrayBuffer> {
  const next = new Float64Array(size);
  next.set(values);
  return next;
}
