import type { Schemas } from '../api/client';

export type SliceRules = Schemas['SliceRules'];
export type RuleSort = SliceRules['sort'];
export type Pin = { productId: string; position: number };

export const RULE_SORTS: readonly RuleSort[] = [
  'bestSelling',
  'mostViewed',
  'mostAddedToCart',
  'newest',
  'priceAscending',
  'priceDescending',
  'manual',
];
/** The sorts that count events over a window of days. */
export const EVENT_SORTS: ReadonlySet<RuleSort> = new Set(['bestSelling', 'mostViewed', 'mostAddedToCart']);
export const DEFAULT_WINDOW_DAYS = 30;
export const MAX_RULE_SIZE = 500;

/** What the merchandiser edits of a rule slice's rules: the form's values (numbers as typed). */
export interface RulesDraft {
  sort: RuleSort;
  windowDays: string;
  size: string;
  availableOnly: boolean;
  categories: string[];
  brands: string[];
  tags: string;
  allTags: boolean;
  minPrice: string;
  maxPrice: string;
  /** Pinned products, by position. */
  pins: Pin[];
}

export function emptyRules(): RulesDraft {
  return {
    sort: 'bestSelling',
    windowDays: String(DEFAULT_WINDOW_DAYS),
    size: '24',
    availableOnly: true,
    categories: [],
    brands: [],
    tags: '',
    allTags: false,
    minPrice: '',
    maxPrice: '',
    pins: [],
  };
}

export function rulesDraftOf(rules: SliceRules): RulesDraft {
  const c = rules.conditions ?? {};
  return {
    sort: rules.sort,
    windowDays: String(rules.windowDays ?? DEFAULT_WINDOW_DAYS),
    size: String(rules.size),
    availableOnly: c.availableOnly === true,
    categories: [...(c.categories ?? [])],
    brands: [...(c.brands ?? [])],
    tags: (c.tags ?? []).join(', '),
    allTags: c.tagsMatch === 'all',
    minPrice: c.minPrice === undefined ? '' : String(c.minPrice),
    maxPrice: c.maxPrice === undefined ? '' : String(c.maxPrice),
    pins: [...(rules.pins ?? [])].sort((a, b) => a.position - b.position),
  };
}

const words = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];
const number = (typed: string) => Number(typed.trim().replace(',', '.'));

/** The rules as the API takes them; `order` is the hand-made list the manual sort keeps. */
export function rulesBodyOf(draft: RulesDraft, order: readonly string[]): SliceRules {
  const conditions: NonNullable<SliceRules['conditions']> = {};
  if (draft.availableOnly) conditions.availableOnly = true;
  if (draft.categories.length > 0) conditions.categories = draft.categories;
  if (draft.brands.length > 0) conditions.brands = draft.brands;
  const tags = words(draft.tags);
  if (tags.length > 0) conditions.tags = tags;
  if (tags.length > 0 && draft.allTags) conditions.tagsMatch = 'all';
  if (draft.minPrice.trim() !== '') conditions.minPrice = number(draft.minPrice);
  if (draft.maxPrice.trim() !== '') conditions.maxPrice = number(draft.maxPrice);
  return {
    conditions,
    sort: draft.sort,
    ...(EVENT_SORTS.has(draft.sort) ? { windowDays: number(draft.windowDays) } : {}),
    ...(draft.sort === 'manual' ? { order: [...order] } : {}),
    pins: draft.pins,
    size: number(draft.size),
  };
}

/**
 * The pins with `ids` pinned too, each at the first position no pin takes (those pinned already
 * stay where they are), as many as the size leaves room for.
 */
export function withPins(
  pins: readonly Pin[],
  ids: readonly string[],
  size: number,
): { pins: Pin[]; added: number; leftOut: number } {
  const next = [...pins];
  const taken = new Set(pins.map((p) => p.position));
  const pinned = new Set(pins.map((p) => p.productId));
  const fresh = [...new Set(ids)].filter((id) => !pinned.has(id));
  let added = 0;
  let position = 1;
  for (const productId of fresh) {
    while (taken.has(position)) position++;
    if (position > Math.min(size, MAX_RULE_SIZE)) break;
    next.push({ productId, position });
    taken.add(position);
    added++;
  }
  next.sort((a, b) => a.position - b.position);
  return { pins: next, added, leftOut: fresh.length - added };
}
