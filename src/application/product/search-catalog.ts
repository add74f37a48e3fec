import {
  catalogFilterTest,
  MAX_RANKED_RESULTS,
  type CatalogFilter,
  type CatalogSearch,
} from '../../domain/product/catalog-search.js';
import type { Product } from '../../domain/product/product.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import { ValidationError } from '../../domain/shared/errors.js';
import type { CatalogFeed } from './catalog-feed.js';

export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;

/** Where a page starts: past this many ranked results (a search with words), or after this id (a listing). */
export type CatalogPosition = { readonly offset: number } | { readonly afterId: string };

export interface CatalogQuery {
  /** Words to rank by; without any word to search by, the products that pass the filter are listed by id. */
  readonly text?: string | undefined;
  readonly category?: string | undefined;
  readonly brand?: string | undefined;
  readonly available?: boolean | undefined;
  readonly limit?: number | undefined;
  /** The `next` of the page before. */
  readonly after?: CatalogPosition | undefined;
}

export interface CatalogPage {
  readonly products: readonly Product[];
  /** Where the next page starts; undefined on the last page. */
  readonly next?: CatalogPosition;
}

/**
 * The merchandiser's catalog search: products ranked by the words of `text` (the catalog search's
 * relevance; its last word also as a prefix, for a search as you type), or listed by id without words, both filtered, a page at a time. A ranked search
 * reaches its first MAX_RANKED_RESULTS results. The products are read from the store and checked
 * against the filter again there, so a product changed or deleted a moment ago is not answered as
 * it was (a page may then hold fewer than `limit`).
 */
export class SearchCatalog {
  constructor(
    private readonly search: CatalogSearch,
    private readonly products: ProductStore,
    private readonly feed: CatalogFeed,
  ) {}

  async execute(query: CatalogQuery): Promise<CatalogPage> {
    const limit = query.limit ?? DEFAULT_SEARCH_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
      throw ValidationError.single('limit', `must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`);
    }
    const filter: CatalogFilter = {
      categories: query.category === undefined ? undefined : [query.category],
      brands: query.brand === undefined ? undefined : [query.brand],
      available: query.available,
    };
    // News of other instances' catalog writes received before this search reaches it first.
    await this.feed.settled();
    const words = query.text === undefined ? [] : this.search.wordsOf(query.text);
    const prefix = query.text === undefined ? undefined : this.search.prefixOf(query.text);
    const found =
      words.length > 0 || prefix !== undefined
        ? this.ranked(words, prefix, filter, query.after, limit)
        : this.listed(filter, query.after, limit);
    const stored = await this.products.getMany(found.ids);
    const accept = catalogFilterTest(filter);
    const products = found.ids.flatMap((id) => {
      const product = stored.get(id);
      return product !== undefined && accept(product) ? [product] : [];
    });
    return found.next === undefined ? { products } : { products, next: found.next };
  }

  private ranked(
    words: readonly string[],
    prefix: string | undefined,
    filter: CatalogFilter,
    after: CatalogPosition | undefined,
    limit: number,
  ): Found {
    if (after !== undefined && !('offset' in after)) throw wrongCursor();
    const offset = after?.offset ?? 0;
    if (offset >= MAX_RANKED_RESULTS) throw wrongCursor();
    const size = Math.min(limit, MAX_RANKED_RESULTS - offset);
    const page = this.search.ranked(words, filter, offset, size, prefix);
    const end = offset + size;
    return { ids: page.items, next: page.more && end < MAX_RANKED_RESULTS ? { offset: end } : undefined };
  }

  private listed(filter: CatalogFilter, after: CatalogPosition | undefined, limit: number): Found {
    if (after !== undefined && !('afterId' in after)) throw wrongCursor();
    const page = this.search.listed(filter, after?.afterId, limit);
    const last = page.items.at(-1);
    return { ids: page.items, next: page.more && last !== undefined ? { afterId: last } : undefined };
  }
}

interface Found {
  readonly ids: readonly string[];
  readonly next: CatalogPosition | undefined;
}

function wrongCursor(): ValidationError {
  return ValidationError.single(
    'cursor',
    `must be the nextCursor of a previous page of the same search (a ranked search reaches its first ${MAX_RANKED_RESULTS} results)`,
  );
}
