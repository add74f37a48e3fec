import type { SliceDetails, SliceFilters, SliceType } from '../api/client';
import { fromLocalInput, isNoEnd, toLocalInput } from '../shared/ui';
import { emptyRules, rulesBodyOf, rulesDraftOf, type RulesDraft } from './rules';

export const MAX_SLICE_PRODUCTS = 500;

/** A stored slice as last read: what If-Match names. */
export interface Stored {
  slice: SliceDetails;
  etag: string;
}

/** What the merchandiser edits: the form's values, dates in their time zone. */
export interface Draft {
  name: string;
  type: SliceType;
  startsAt: string;
  endsAt: string;
  noEnd: boolean;
  availableOnly: boolean;
  categories: string;
  brands: string;
  tags: string;
  minPrice: string;
  maxPrice: string;
  /** The products in order; of a RULES slice, the hand-made order its manual sort keeps. */
  products: string[];
  /** What fills a RULES slice (kept while another type is chosen, so switching back loses nothing). */
  rules: RulesDraft;
}

/**
 * A new slice's draft: no start date (the merchandiser chooses one: no default ever puts a slice
 * live silently) and no end.
 */
export function emptyDraft(): Draft {
  return {
    name: '',
    type: 'MANUAL',
    startsAt: '',
    endsAt: '',
    noEnd: true,
    availableOnly: false,
    categories: '',
    brands: '',
    tags: '',
    minPrice: '',
    maxPrice: '',
    products: [],
    rules: emptyRules(),
  };
}

export function draftOf(slice: SliceDetails): Draft {
  const f = slice.filters;
  return {
    name: slice.name,
    type: slice.type,
    startsAt: toLocalInput(slice.startsAt),
    endsAt: isNoEnd(slice.endsAt) ? '' : toLocalInput(slice.endsAt),
    noEnd: isNoEnd(slice.endsAt),
    availableOnly: f.availableOnly === true,
    categories: (f.categories ?? []).join(', '),
    brands: (f.brands ?? []).join(', '),
    tags: (f.tags ?? []).join(', '),
    minPrice: f.minPrice === undefined ? '' : String(f.minPrice),
    maxPrice: f.maxPrice === undefined ? '' : String(f.maxPrice),
    products:
      slice.rules === undefined
        ? [...slice.products].sort((a, b) => a.position - b.position).map((p) => p.productId)
        : [...(slice.rules.order ?? [])],
    rules: slice.rules === undefined ? emptyRules() : rulesDraftOf(slice.rules),
  };
}

const list = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** The fields of a draft its filters are made of. */
export type FilterFields = Pick<Draft, 'availableOnly' | 'categories' | 'brands' | 'tags' | 'minPrice' | 'maxPrice'>;

export function filtersOf(draft: FilterFields): SliceFilters {
  const filters: SliceFilters = {};
  if (draft.availableOnly) filters.availableOnly = true;
  if (list(draft.categories).length) filters.categories = list(draft.categories);
  if (list(draft.brands).length) filters.brands = list(draft.brands);
  if (list(draft.tags).length) filters.tags = list(draft.tags);
  if (draft.minPrice.trim() !== '') filters.minPrice = Number(draft.minPrice);
  if (draft.maxPrice.trim() !== '') filters.maxPrice = Number(draft.maxPrice);
  return filters;
}

/** The slice as the API takes it: instants in UTC; a RULES slice's rules instead of its products. */
export function bodyOf(draft: Draft) {
  const common = {
    name: draft.name.trim(),
    type: draft.type,
    startsAt: fromLocalInput(draft.startsAt),
    endsAt: draft.noEnd || draft.endsAt === '' ? null : fromLocalInput(draft.endsAt),
    filters: filtersOf(draft),
  };
  return draft.type === 'RULES'
    ? { ...common, rules: rulesBodyOf(draft.rules, draft.products) }
    : { ...common, products: draft.products };
}

/** Moves the product at `from` to `to`. */
export function moved(products: readonly string[], from: number, to: number): string[] {
  const next = [...products];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The products with `ids` added at the end: those not in them yet, each once, as many as the
 * MAX_SLICE_PRODUCTS limit leaves room for; how many were added and how many were left out.
 */
export function withAdded(
  products: readonly string[],
  ids: readonly string[],
): { products: string[]; added: number; leftOut: number } {
  const have = new Set(products);
  const fresh = [...new Set(ids)].filter((id) => !have.has(id));
  const room = Math.max(0, MAX_SLICE_PRODUCTS - products.length);
  const taken = fresh.slice(0, room);
  return { products: [...products, ...taken], added: taken.length, leftOut: fresh.length - taken.length };
}

/**
 * The products with the `selected` ones (in their current order) moved together so that the first
 * of them is at `position` (1-based; past the end, they go last).
 */
export function movedTo(products: readonly string[], selected: ReadonlySet<string>, position: number): string[] {
  const moving = products.filter((id) => selected.has(id));
  const rest = products.filter((id) => !selected.has(id));
  const at = Math.min(Math.max(0, Math.floor(position) - 1), rest.length);
  return [...rest.slice(0, at), ...moving, ...rest.slice(at)];
}

/** Whether two drafts would save the same slice: what "unsaved edits" compares. */
export function sameDraft(a: Draft, b: Draft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
