import type { ValidationIssue } from '../shared/errors.js';
import type { Product } from '../product/product.js';

/**
 * Conditions a product of a slice must meet to be shown as active. Every filter is optional and
 * all that are set must hold. A slice without filters shows every product as active.
 */
export interface SliceFilters {
  /** When true, the product must be available. */
  readonly availableOnly?: boolean;
  /** The product's category must be one of these (case aside, as everywhere a category is compared). */
  readonly categories?: readonly string[];
  /** The product's brand must be one of these (case aside). */
  readonly brands?: readonly string[];
  /** Inclusive bounds on the product's price. */
  readonly minPrice?: number;
  readonly maxPrice?: number;
  /** The product must carry at least one of these tags (case aside). */
  readonly tags?: readonly string[];
}

export const NO_FILTERS: SliceFilters = Object.freeze({});

/**
 * Drops filters that constrain nothing (`availableOnly: false`, empty lists, duplicates in a list)
 * and reports the ones that cannot hold (a negative price, `minPrice` above `maxPrice`).
 */
export function normaliseFilters(filters: SliceFilters, path = 'filters'): { filters: SliceFilters; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const out: { -readonly [K in keyof SliceFilters]: SliceFilters[K] } = {};
  if (filters.availableOnly === true) out.availableOnly = true;
  for (const key of ['categories', 'brands', 'tags'] as const) {
    const list = filters[key];
    if (list === undefined) continue;
    list.forEach((entry, i) => {
      if (entry.trim().length === 0) issues.push({ path: `${path}.${key}.${i}`, message: 'must not be empty' });
    });
    const unique = [...new Set(list)];
    if (unique.length > 0) out[key] = unique;
  }
  for (const key of ['minPrice', 'maxPrice'] as const) {
    const price = filters[key];
    if (price === undefined) continue;
    if (!Number.isFinite(price) || price < 0) issues.push({ path: `${path}.${key}`, message: 'must be a number of 0 or more' });
    else out[key] = price;
  }
  if (out.minPrice !== undefined && out.maxPrice !== undefined && out.minPrice > out.maxPrice) {
    issues.push({ path: `${path}.minPrice`, message: 'must not be greater than maxPrice' });
  }
  return { filters: out, issues };
}

export function hasFilters(filters: SliceFilters): boolean {
  return (
    filters.availableOnly === true ||
    filters.categories !== undefined ||
    filters.brands !== undefined ||
    filters.tags !== undefined ||
    filters.minPrice !== undefined ||
    filters.maxPrice !== undefined
  );
}

/**
 * Whether a product of a slice is active under the slice's filters. `product` is undefined when
 * the catalog does not know it: with any filter set, an unknown product is inactive.
 */
export function isProductActive(filters: SliceFilters, product: Product | undefined): boolean {
  if (!hasFilters(filters)) return true;
  if (product === undefined) return false;
  if (filters.availableOnly === true && !product.available) return false;
  if (filters.categories !== undefined && !holds(filters.categories, product.category)) return false;
  if (filters.brands !== undefined && !holds(filters.brands, product.brand)) return false;
  if (filters.minPrice !== undefined && (product.price === undefined || product.price < filters.minPrice)) return false;
  if (filters.maxPrice !== undefined && (product.price === undefined || product.price > filters.maxPrice)) return false;
  if (filters.tags !== undefined && !product.tags.some((tag) => holds(filters.tags!, tag))) return false;
  return true;
}

/**
 * Whether the list holds the value, case aside: a category, brand or tag is the same word however
 * it is capitalised, as the catalog search reads them (`Vestidos` filters `vestidos`).
 */
export function holds(list: readonly string[], value: string | undefined): boolean {
  if (value === undefined) return false;
  const wanted = value.toLowerCase();
  return list.some((entry) => entry.toLowerCase() === wanted);
}
