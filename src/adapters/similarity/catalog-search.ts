import {
  catalogFilterTest,
  MAX_PREFIX_TERMS,
  MAX_SEARCH_WORDS,
  MIN_PREFIX_LENGTH,
  PREFIX_MATCH_WEIGHT,
  type CatalogFilter,
  type CatalogNames,
  type CatalogSearch,
} from '../../domain/product/catalog-search.js';
import type { Product } from '../../domain/product/product.js';
import type { Page } from '../../domain/shared/page.js';
import { words, type ContentIndex } from './content-index.js';

/** What a search reads of the catalog: the product in each slot (undefined for a free slot), the content index, the names. */
export interface SlottedProducts {
  readonly slotCount: number;
  productInSlot(slot: number): Product | undefined;
  readonly contentIndex: ContentIndex;
  categoryCounts(): Iterable<readonly [string, number]>;
  brandCounts(): Iterable<readonly [string, number]>;
}

/** The distinct words a text is searched by, as the content index reads words, at most MAX_SEARCH_WORDS. */
export function searchWords(text: string): string[] {
  return [...new Set(words(text))].slice(0, MAX_SEARCH_WORDS);
}

/** The last word of a text as typed (case and accents folded, a final -s kept), from MIN_PREFIX_LENGTH characters. */
export function searchPrefix(text: string): string | undefined {
  const tokens = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  const last = tokens.findLast((token) => token.length > 0);
  return last !== undefined && last.length >= MIN_PREFIX_LENGTH ? last : undefined;
}

/** The terms walked for one searched word, each score counting `weight`. */
interface Walk {
  readonly terms: readonly number[];
  readonly weight: number;
  /** The searched word they stand for (its index). */
  readonly word: number;
}

/** The most catalog words, and their terms, a prefix look-up reads before choosing its MAX_PREFIX_TERMS. */
const PREFIX_SCAN = 1024;

/**
 * The catalog search (CatalogSearch) over the content index of the catalog the similarity index
 * holds: every product, available or not, those whose lists are pending included. A ranked search walks the postings of the
 * searched words' terms only (available and unavailable products alike), accumulating each
 * product's TF-IDF score: for every term a word matches, the term's field-weighted count in the
 * product times its inverse document frequency over the whole catalog; then scaled by the share
 * of the words the product holds, so a product holding every word comes first. Its cost is the
 * length of those postings, and the best `offset + limit` are kept in a bounded heap. A prefix
 * (search as you type) is looked up in the content index's sorted word dictionary: the terms of
 * the words starting with it, at most MAX_PREFIX_TERMS (those most products hold), are walked like
 * a word's, at PREFIX_MATCH_WEIGHT.
 */
export class ContentCatalogSearch implements CatalogSearch {
  private scores = new Float64Array(0);
  private matched = new Uint16Array(0);
  /** For each touched slot, a bit for each searched word it holds. */
  private wordsHeld = new Uint32Array(0);
  private touched = new Int32Array(0);

  constructor(private readonly products: SlottedProducts) {}

  private get index(): ContentIndex {
    return this.products.contentIndex;
  }

  wordsOf(text: string): readonly string[] {
    return searchWords(text);
  }

  prefixOf(text: string): string | undefined {
    return searchPrefix(text);
  }

  names(max: number): CatalogNames {
    return { categories: mostCommon(this.products.categoryCounts(), max), brands: mostCommon(this.products.brandCounts(), max) };
  }

  ranked(searched: readonly string[], filter: CatalogFilter, offset: number, limit: number, prefix?: string): Page<string> {
    const accept = catalogFilterTest(filter);
    const best = new BestFirst(offset + limit + 1);
    const { walks, wordCount } = this.walksOf(searched.slice(0, MAX_SEARCH_WORDS), prefix);
    const touchedCount = this.accumulate(walks);
    const share = 1 / Math.max(1, wordCount);
    for (let i = 0; i < touchedCount; i++) {
      const slot = this.touched[i]!;
      const product = this.products.productInSlot(slot);
      if (product !== undefined && accept(product)) best.offer(product.id, this.scores[slot]! * this.matched[slot]! * share);
      this.scores[slot] = 0;
      this.matched[slot] = 0;
      this.wordsHeld[slot] = 0;
    }
    const ids = best.drain();
    return { items: ids.slice(offset, offset + limit), more: ids.length > offset + limit };
  }

  /**
   * The terms to walk for each searched word, and how many words there are. A prefix stands for the
   * last word when that word is the prefix as the index reads it ("vestidos" is read "vestido"),
   * else for a word of its own; its terms are those of the words starting with it, less the word's own.
   */
  private walksOf(searched: readonly string[], prefix: string | undefined): { walks: Walk[]; wordCount: number } {
    const walks: Walk[] = searched.map((word, w) => ({ terms: this.index.termsOfWord(word), weight: 1, word: w }));
    if (prefix === undefined || prefix.length < MIN_PREFIX_LENGTH) return { walks, wordCount: searched.length };
    const own = words(prefix)[0];
    const word = own !== undefined && searched.at(-1) === own ? searched.length - 1 : searched.length;
    const walked = new Set(walks[word]?.terms ?? []);
    walks.push({ terms: this.prefixTerms(prefix, walked), weight: PREFIX_MATCH_WEIGHT, word });
    return { walks, wordCount: Math.max(searched.length, word + 1) };
  }

  /** The terms of the catalog words starting with `prefix`, but `walked`: the MAX_PREFIX_TERMS most products hold. */
  private prefixTerms(prefix: string, walked: ReadonlySet<number>): number[] {
    const terms = new Set<number>();
    for (const word of this.index.wordsStartingWith(prefix, PREFIX_SCAN)) {
      for (const term of this.index.termsOfWord(word)) if (!walked.has(term)) terms.add(term);
      if (terms.size >= PREFIX_SCAN) break;
    }
    const found = [...terms];
    if (found.length <= MAX_PREFIX_TERMS) return found;
    const frequency = new Map(found.map((term) => [term, this.index.catalogFrequency(term)]));
    return found.sort((a, b) => frequency.get(b)! - frequency.get(a)! || a - b).slice(0, MAX_PREFIX_TERMS);
  }

  /** Scores every product holding a searched word; answers how many were touched (listed in `touched`). */
  private accumulate(walks: readonly Walk[]): number {
    this.ensureRoom(this.products.slotCount);
    const n = this.index.catalogSize;
    const { scores, matched, wordsHeld, touched } = this;
    let touchedCount = 0;
    for (const { terms, weight, word } of walks) {
      const bit = 1 << word;
      for (const termId of terms) {
        const df = this.index.catalogFrequency(termId);
        if (df === 0) continue;
        const idf = weight * Math.log(1 + (n + 1) / df);
        for (const { slots, weights, length } of this.index.holdersOf(termId)) {
          for (let j = 0; j < length; j++) {
            const slot = slots[j]!;
            if (matched[slot] === 0) touched[touchedCount++] = slot;
            scores[slot] = scores[slot]! + weights[j]! * idf;
            // Each word counts once per product, however many of its terms the product holds.
            if ((wordsHeld[slot]! & bit) === 0) {
              wordsHeld[slot] = wordsHeld[slot]! | bit;
              matched[slot] = matched[slot]! + 1;
            }
          }
        }
      }
    }
    return touchedCount;
  }

  private ensureRoom(slots: number): void {
    if (this.scores.length >= slots) return;
    const size = Math.max(slots, this.scores.length * 2, 1024);
    this.scores = new Float64Array(size);
    this.matched = new Uint16Array(size);
    this.wordsHeld = new Uint32Array(size);
    this.touched = new Int32Array(size);
  }

  /** The products that pass `filter`, by id: at most `limit` after `afterId`, with a heap of `limit + 1`. */
  listed(filter: CatalogFilter, afterId: string | undefined, limit: number): Page<string> {
    const accept = catalogFilterTest(filter);
    const first = new BestFirst(limit + 1);
    for (let slot = 0; slot < this.products.slotCount; slot++) {
      const product = this.products.productInSlot(slot);
      if (product === undefined || (afterId !== undefined && product.id <= afterId) || !accept(product)) continue;
      first.offer(product.id, 0);
    }
    const ids = first.drain();
    return { items: ids.slice(0, limit), more: ids.length > limit };
  }
}

/**
 * The best `k` (id, score) pairs offered: higher score first, then the smaller id. A min-heap whose
 * root is the worst kept, so an offer worse than it costs one comparison.
 */
export class BestFirst {
  private readonly ids: string[] = [];
  private readonly scores: number[] = [];

  constructor(private readonly k: number) {}

  offer(id: string, score: number): void {
    const { ids, scores } = this;
    if (ids.length < this.k) {
      ids.push(id);
      scores.push(score);
      this.up(ids.length - 1);
    } else if (this.k > 0 && worse(scores[0]!, ids[0]!, score, id)) {
      ids[0] = id;
      scores[0] = score;
      this.down(0);
    }
  }

  /** The kept ids, best first. */
  drain(): string[] {
    const order = this.ids.map((id, i) => ({ id, score: this.scores[i]! }));
    order.sort((a, b) => (worse(a.score, a.id, b.score, b.id) ? 1 : -1));
    this.ids.length = 0;
    this.scores.length = 0;
    return order.map((entry) => entry.id);
  }

  private up(at: number): void {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.worseAt(at, parent)) return;
      this.swap(at, parent);
      at = parent;
    }
  }

  private down(at: number): void {
    const n = this.ids.length;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= n) return;
      const child = left + 1 < n && this.worseAt(left + 1, left) ? left + 1 : left;
      if (!this.worseAt(child, at)) return;
      this.swap(at, child);
      at = child;
    }
  }

  private worseAt(a: number, b: number): boolean {
    return worse(this.scores[a]!, this.ids[a]!, this.scores[b]!, this.ids[b]!);
  }

  private swap(a: number, b: number): void {
    [this.ids[a], this.ids[b]] = [this.ids[b]!, this.ids[a]!];
    [this.scores[a], this.scores[b]] = [this.scores[b]!, this.scores[a]!];
  }
}

/** Whether (score a, id a) ranks below (score b, id b): a lower score, or an equal one and a larger id. */
function worse(scoreA: number, idA: string, scoreB: number, idB: string): boolean {
  return scoreA < scoreB || (scoreA === scoreB && idA > idB);
}

/** The names with the most products first (then by name), at most `max`. */
export function mostCommon(counts: Iterable<readonly [string, number]>, max: number): string[] {
  const best = new BestFirst(max);
  for (const [name, count] of counts) best.offer(name, count);
  return best.drain();
}
