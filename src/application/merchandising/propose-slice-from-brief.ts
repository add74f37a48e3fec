import { MAX_BRIEF_LENGTH, readBrief, type BriefReading } from '../../domain/merchandising/brief.js';
import { MAX_SLICE_PRODUCTS } from '../../domain/merchandising/slice.js';
import {
  catalogFilterTest,
  MAX_CATALOG_NAMES,
  type CatalogFilter,
  type CatalogSearch,
} from '../../domain/product/catalog-search.js';
import type { Product } from '../../domain/product/product.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import { ValidationError, type ValidationIssue } from '../../domain/shared/errors.js';
import type { CatalogFeed } from '../product/catalog-feed.js';

export interface BriefProposalInput {
  readonly brief: string;
  /** How many products to propose, 1 to MAX_SLICE_PRODUCTS. */
  readonly size: number;
  /** Only available products (the default). */
  readonly availableOnly?: boolean | undefined;
}

export interface SliceProposal {
  /** The products proposed, in the order proposed. */
  readonly products: readonly Product[];
  /** What the brief was read as. */
  readonly understood: BriefReading;
}

/**
 * Proposes a slice's products from a text brief, without saving anything (the builder shows the
 * proposal as a grid the merchandiser edits before saving a slice). The brief is read against the
 * catalog's category and brand names (readBrief); its words are searched in the catalog (ranked
 * by relevance) within the categories, brands and prices it named. When the words match too few
 * products and the brief named a category or brand, the rest comes from those alone, by id (so
 * does everything for a brief of prices only); words that match nothing and name nothing propose
 * nothing. Deterministic: the same brief and
 * catalog propose the same products.
 */
export class ProposeSliceFromBrief {
  constructor(
    private readonly search: CatalogSearch,
    private readonly products: ProductStore,
    private readonly feed: CatalogFeed,
  ) {}

  async execute(input: BriefProposalInput): Promise<SliceProposal> {
    const brief = input.brief.trim();
    const issues: ValidationIssue[] = [];
    if (brief.length === 0 || brief.length > MAX_BRIEF_LENGTH) {
      issues.push({ path: 'brief', message: `must be 1 to ${MAX_BRIEF_LENGTH} characters` });
    }
    if (!Number.isInteger(input.size) || input.size < 1 || input.size > MAX_SLICE_PRODUCTS) {
      issues.push({ path: 'size', message: `must be a whole number from 1 to ${MAX_SLICE_PRODUCTS}` });
    }
    if (issues.length > 0) throw new ValidationError(issues);
    await this.feed.settled();
    const understood = readBrief(brief, this.search.names(MAX_CATALOG_NAMES));
    const filter: CatalogFilter = {
      categories: understood.categories.length > 0 ? understood.categories : undefined,
      brands: understood.brands.length > 0 ? understood.brands : undefined,
      minPrice: understood.minPrice,
      maxPrice: understood.maxPrice,
      available: (input.availableOnly ?? true) ? true : undefined,
    };
    const ids = this.chosen(understood, filter, input.size);
    const stored = await this.products.getMany(ids);
    const accept = catalogFilterTest(filter);
    const products = ids.flatMap((id) => {
      const product = stored.get(id);
      return product !== undefined && accept(product) ? [product] : [];
    });
    return { products, understood };
  }

  /** The ids proposed: the words' best matches, then (when it named any) the brief's categories and brands by id. */
  private chosen(understood: BriefReading, filter: CatalogFilter, size: number): string[] {
    const words = this.search.wordsOf(understood.words.join(' '));
    const ids = words.length > 0 ? [...this.search.ranked(words, filter, 0, size).items] : [];
    // Words that match nothing say the brief was not understood, unless it named categories or brands.
    const named = filter.categories !== undefined || filter.brands !== undefined;
    const pricesOnly = words.length === 0 && (filter.minPrice !== undefined || filter.maxPrice !== undefined);
    if (ids.length >= size || !(named || pricesOnly)) return ids;
    const taken = new Set(ids);
    for (const id of this.search.listed(filter, undefined, size + ids.length).items) {
      if (ids.length >= size) break;
      if (!taken.has(id)) ids.push(id);
    }
    return ids;
  }
}
