import type { Page } from '../shared/page.js';
import { token } from '../shared/token.js';
import type { Product } from './product.js';

/** What a catalog search keeps; every condition given must hold. */
export interface CatalogFilter {
  /** The product's category is one of these, compared ignoring case and surrounding spaces. */
  readonly categories?: readonly string[] | undefined;
  /** The product's brand is one of these, compared the same way. */
  readonly brands?: readonly string[] | undefined;
  /** The product's `available` is this. */
  readonly available?: boolean | undefined;
  /** Inclusive bounds on the price; a product without a price fails any bound. */
  readonly minPrice?: number | undefined;
  readonly maxPrice?: number | undefined;
}

/** The category and brand names of the catalog, each list the most common first. */
export interface CatalogNames {
  readonly categories: readonly string[];
  readonly brands: readonly string[];
}

/** A ranked search reaches its first this many results (offset + limit at most this): a search box, not an export. */
export const MAX_RANKED_RESULTS = 1000;

/** The most distinct words a search is made of; the rest of a longer text is not searched. */
export const MAX_SEARCH_WORDS = 16;

/**
 * Search as you type: the last word of a search text, from this many characters, also finds the
 * catalog's words that start with it ("vestid" finds "vestido", "vestidos").
 */
export const MIN_PREFIX_LENGTH = 3;

/**
 * The most terms of the catalog (words of names and descriptions, tags, brands, categories) one
 * prefix stands for, those held by the most products: a short prefix stays as cheap as a few words.
 */
export const MAX_PREFIX_TERMS = 64;

/** How much a word found by its prefix counts against the word itself: an exact word ranks first. */
export const PREFIX_MATCH_WEIGHT = 0.5;

/** The most category names, and brand names, `names` answers. */
export const MAX_CATALOG_NAMES = 1000;

/**
 * Finding products in the catalog by their words and a filter, for the merchandiser (the slice
 * editor's search, slice proposals from a brief). It holds every product, available or not, and
 * answers ids; their products are read from the ProductStore.
 */
export interface CatalogSearch {
  /** The words `text` is searched by (case, accents, stop words and plurals as the index reads them), at most MAX_SEARCH_WORDS. */
  wordsOf(text: string): readonly string[];
  /**
   * The last word of `text` as typed (case and accents folded, a final -s kept) when it has at
   * least MIN_PREFIX_LENGTH characters: the prefix `ranked` also matches. Undefined otherwise.
   */
  prefixOf(text: string): string | undefined;
  /**
   * The ids of the products that hold at least one of `words` and pass `filter`, best first
   * (ties by id): `limit` of them from `offset`, with `offset + limit` at most MAX_RANKED_RESULTS.
   * With `prefix`, the catalog's words starting with it (their terms, at most MAX_PREFIX_TERMS) match
   * too, as the last of `words` (or a word of their own when `words` does not end with it), each
   * counting PREFIX_MATCH_WEIGHT of an exact word.
   */
  ranked(words: readonly string[], filter: CatalogFilter, offset: number, limit: number, prefix?: string): Page<string>;
  /** The ids of the products that pass `filter`, by id: at most `limit` after `afterId`. */
  listed(filter: CatalogFilter, afterId: string | undefined, limit: number): Page<string>;
  /** The catalog's category and brand names, at most `max` of each, the most common first. */
  names(max: number): CatalogNames;
}

export const CatalogSearchToken = token<CatalogSearch>('CatalogSearch');

/** Text as filters compare it: without surrounding spaces, lower-cased. */
function folded(text: string): string {
  return text.trim().toLowerCase();
}

/** A test of products against a filter, with its lists prepared once (it runs over a whole catalog). */
export function catalogFilterTest(filter: CatalogFilter): (product: Product) => boolean {
  const categories = filter.categories === undefined ? undefined : new Set(filter.categories.map(folded));
  const brands = filter.brands === undefined ? undefined : new Set(filter.brands.map(folded));
  const { available, minPrice, maxPrice } = filter;
  return (product) => {
    if (available !== undefined && product.available !== available) return false;
    if (categories !== undefined && (product.category === undefined || !categories.has(folded(product.category)))) return false;
    if (brands !== undefined && (product.brand === undefined || !brands.has(folded(product.brand)))) return false;
    if (minPrice !== undefined && (product.price === undefined || product.price < minPrice)) return false;
    if (maxPrice !== undefined && (product.price === undefined || product.price > maxPrice)) return false;
    return true;
  };
}
