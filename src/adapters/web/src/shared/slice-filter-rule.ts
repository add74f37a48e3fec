/**
 * The slice-filter rule as the builder applies it before saving, so an edit shows its products'
 * active flags at once. It must answer as the API does (src/domain/merchandising/slice-filters.ts,
 * `isProductActive`): a property test holds the two to each other. It imports nothing, so that
 * test can read it as it is.
 */

/** What of a product the rule reads. */
export interface FilteredProduct {
  readonly available: boolean;
  readonly category?: string | undefined;
  readonly brand?: string | undefined;
  readonly price?: number | undefined;
  readonly tags: readonly string[];
}

/** A slice's filters, as the API describes them. */
export interface Filters {
  readonly availableOnly?: boolean | undefined;
  readonly categories?: readonly string[] | undefined;
  readonly brands?: readonly string[] | undefined;
  readonly tags?: readonly string[] | undefined;
  readonly minPrice?: number | undefined;
  readonly maxPrice?: number | undefined;
}

/** Why a product is inactive: each is a message of the builder's (i18n/messages.ts). */
export type InactiveReason =
  'whyMissing' | 'whyUnavailable' | 'whyCategory' | 'whyBrand' | 'whyNoPrice' | 'whyPriceLow' | 'whyPriceHigh' | 'whyTags';

/**
 * Why the slice's filters make a product inactive, or [] when it is active: the rules the API
 * applies (src/domain/merchandising/slice-filters.ts), so an edit shows its flags before saving.
 */
export function inactiveReasons(product: FilteredProduct | null | undefined, filters: Filters): InactiveReason[] {
  const filtered =
    filters.availableOnly === true ||
    [filters.categories, filters.brands, filters.tags].some((list) => list !== undefined && list.length > 0) ||
    filters.minPrice !== undefined ||
    filters.maxPrice !== undefined;
  if (!filtered || product === undefined) return [];
  if (product === null) return ['whyMissing'];
  const reasons: InactiveReason[] = [];
  // Case aside, as the API compares them (src/domain/merchandising/slice-filters.ts, `holds`).
  const holds = (list: readonly string[], value: string | undefined) =>
    value !== undefined && list.some((entry) => entry.toLowerCase() === value.toLowerCase());
  const outside = (list: readonly string[] | undefined, value: string | undefined) =>
    list !== undefined && list.length > 0 && !holds(list, value);
  if (filters.availableOnly === true && !product.available) reasons.push('whyUnavailable');
  if (outside(filters.categories, product.category)) reasons.push('whyCategory');
  if (outside(filters.brands, product.brand)) reasons.push('whyBrand');
  if ((filters.minPrice !== undefined || filters.maxPrice !== undefined) && product.price === undefined)
    reasons.push('whyNoPrice');
  if (filters.minPrice !== undefined && product.price !== undefined && product.price < filters.minPrice)
    reasons.push('whyPriceLow');
  if (filters.maxPrice !== undefined && product.price !== undefined && product.price > filters.maxPrice)
    reasons.push('whyPriceHigh');
  if (filters.tags !== undefined && filters.tags.length > 0 && !product.tags.some((tag) => holds(filters.tags!, tag))) {
    reasons.push('whyTags');
  }
  return reasons;
}
