import type { EventType, ShopperEvent } from '../events/shopper-event.js';
import type { Product } from '../product/product.js';
import type { ValidationIssue } from '../shared/errors.js';
import { holds, isProductActive, normaliseFilters, type SliceFilters } from './slice-filters.js';

/** How a rule slice orders the products its conditions match. */
export const RULE_SORTS = [
  'bestSelling',
  'mostViewed',
  'mostAddedToCart',
  'newest',
  'priceAscending',
  'priceDescending',
  'manual',
] as const;
export type RuleSort = (typeof RULE_SORTS)[number];

/** The sorts read from the events, and the kind of event each counts. */
export const EVENT_SORTS = {
  bestSelling: 'purchase',
  mostViewed: 'view',
  mostAddedToCart: 'add_to_cart',
} as const satisfies Partial<Record<RuleSort, EventType>>;
export type EventSort = keyof typeof EVENT_SORTS;

export const DEFAULT_RULE_WINDOW_DAYS = 30;
/** The longest window of events a sort reads (events are kept 90 days by default: a longer window counts what is kept). */
export const MAX_RULE_WINDOW_DAYS = 365;
/** The most products a rule slice holds, and the last position a pin may take: a slice's limit. */
export const MAX_RULE_SIZE = 500;
const DAY_MS = 86_400_000;

/** The conditions a product meets to enter a rule slice: a slice's filters, with how its tags must match. */
export interface RuleConditions extends SliceFilters {
  /** `any` (the default): the product carries at least one of `tags`; `all`: every one of them. */
  readonly tagsMatch?: 'any' | 'all';
}

/** A product held at a fixed position (from 1) of a rule slice, whatever the sort says. */
export interface PinnedProduct {
  readonly productId: string;
  readonly position: number;
}

/** What fills a rule slice: the products that meet the conditions, sorted, with the pins at their places, at most `size`. */
export interface SliceRules {
  readonly conditions: RuleConditions;
  readonly sort: RuleSort;
  /** Days of events an event sort counts, up to the moment of the filling; present for event sorts only. */
  readonly windowDays?: number | undefined;
  /** The hand-made order the `manual` sort keeps (filtered by the conditions); present for it only. */
  readonly order?: readonly string[] | undefined;
  readonly pins: readonly PinnedProduct[];
  readonly size: number;
}

/** Rules as a writer gives them: everything optional but the sort and the size. */
export interface SliceRulesInput {
  readonly conditions?: RuleConditions | undefined;
  readonly sort: RuleSort;
  readonly windowDays?: number | undefined;
  readonly order?: readonly string[] | undefined;
  readonly pins?: readonly PinnedProduct[] | undefined;
  readonly size: number;
}

/** When a rule slice's list was last made by its rules, and when that last changed the list. */
export interface RuleRefresh {
  readonly at: Date;
  readonly listChangedAt: Date;
}

export function isEventSort(sort: RuleSort): sort is EventSort {
  return Object.hasOwn(EVENT_SORTS, sort);
}

/**
 * Checks every rule at once (`idProblem` says why an id cannot be listed) and answers the rules
 * to store, or the issues, each with its field path: conditions that can hold, a known sort, a
 * window of 1 to 365 days for an event sort only, an order for the manual sort only, a size of 1
 * to 500, pins at distinct positions from 1 to the size, each product pinned once.
 */
export function normaliseRules(
  input: SliceRulesInput,
  idProblem: (id: string) => string | undefined,
  path = 'rules',
): { rules: SliceRules; issues: ValidationIssue[] } {
  const { filters, issues } = normaliseFilters(input.conditions ?? {}, `${path}.conditions`);
  const tagsMatch = input.conditions?.tagsMatch;
  if (tagsMatch !== undefined && tagsMatch !== 'any' && tagsMatch !== 'all') {
    issues.push({ path: `${path}.conditions.tagsMatch`, message: 'must be any or all' });
  }
  const conditions: RuleConditions = tagsMatch === 'all' && filters.tags !== undefined ? { ...filters, tagsMatch } : filters;
  if (!(RULE_SORTS as readonly string[]).includes(input.sort)) {
    issues.push({ path: `${path}.sort`, message: `must be one of ${RULE_SORTS.join(', ')}` });
  }
  const eventSort = isEventSort(input.sort);
  let windowDays: number | undefined;
  if (eventSort) {
    windowDays = input.windowDays ?? DEFAULT_RULE_WINDOW_DAYS;
    if (!Number.isInteger(windowDays) || windowDays < 1 || windowDays > MAX_RULE_WINDOW_DAYS) {
      issues.push({ path: `${path}.windowDays`, message: `must be a whole number of days from 1 to ${MAX_RULE_WINDOW_DAYS}` });
    }
  } else if (input.windowDays !== undefined) {
    issues.push({ path: `${path}.windowDays`, message: 'is only for the sorts bestSelling, mostViewed and mostAddedToCart' });
  }
  const size = input.size;
  const sizeValid = Number.isInteger(size) && size >= 1 && size <= MAX_RULE_SIZE;
  if (!sizeValid) issues.push({ path: `${path}.size`, message: `must be a whole number from 1 to ${MAX_RULE_SIZE}` });
  const order = input.order?.map((id) => id.trim());
  if (order !== undefined && input.sort !== 'manual') {
    issues.push({ path: `${path}.order`, message: 'is only for the sort manual' });
  } else if (order !== undefined) {
    issues.push(...idListIssues(order, idProblem, `${path}.order`));
  }
  const pins = (input.pins ?? []).map((pin) => ({ productId: pin.productId.trim(), position: pin.position }));
  issues.push(...pinIssues(pins, sizeValid ? size : MAX_RULE_SIZE, idProblem, `${path}.pins`));
  const rules: SliceRules = {
    conditions,
    sort: input.sort,
    ...(windowDays === undefined ? {} : { windowDays }),
    ...(input.sort === 'manual' ? { order: order ?? [] } : {}),
    pins: [...pins].sort((a, b) => a.position - b.position),
    size,
  };
  return { rules, issues };
}

function idListIssues(ids: readonly string[], idProblem: (id: string) => string | undefined, path: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (ids.length > MAX_RULE_SIZE)
    issues.push({ path, message: `must hold at most ${MAX_RULE_SIZE} products (got ${ids.length})` });
  const first = new Map<string, number>();
  ids.forEach((id, i) => {
    const problem = idProblem(id);
    if (problem !== undefined) issues.push({ path: `${path}.${i}`, message: problem });
    else if (first.has(id)) issues.push({ path: `${path}.${i}`, message: `duplicates ${path}.${first.get(id)} (${id})` });
    else first.set(id, i);
  });
  return issues;
}

function pinIssues(
  pins: readonly PinnedProduct[],
  size: number,
  idProblem: (id: string) => string | undefined,
  path: string,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (pins.length > size) issues.push({ path, message: `must hold at most size (${size}) pins (got ${pins.length})` });
  const products = new Map<string, number>();
  const positions = new Map<number, number>();
  pins.forEach((pin, i) => {
    const problem = idProblem(pin.productId);
    if (problem !== undefined) issues.push({ path: `${path}.${i}.productId`, message: problem });
    else if (products.has(pin.productId)) {
      issues.push({
        path: `${path}.${i}.productId`,
        message: `pins ${pin.productId} again (pinned by ${path}.${products.get(pin.productId)})`,
      });
    } else products.set(pin.productId, i);
    if (!Number.isInteger(pin.position) || pin.position < 1 || pin.position > size) {
      issues.push({ path: `${path}.${i}.position`, message: `must be a whole number from 1 to the size (${size})` });
    } else if (positions.has(pin.position)) {
      issues.push({ path: `${path}.${i}.position`, message: `is taken by ${path}.${positions.get(pin.position)}` });
    } else positions.set(pin.position, i);
  });
  return issues;
}

/** Whether the product meets the rule conditions (a product the catalog does not hold meets none). */
export function meetsConditions(conditions: RuleConditions, product: Product): boolean {
  if (conditions.tagsMatch !== 'all' || conditions.tags === undefined) return isProductActive(conditions, product);
  const { tags, tagsMatch: _all, ...rest } = conditions;
  return isProductActive(rest, product) && tags.every((tag) => product.tags.some((own) => holds([tag], own)));
}

/** The events an event sort counts at `now`: the `windowDays` before it, `[now - days, now)`. */
export function ruleEventWindow(rules: SliceRules, now: Date): { from: Date; until: Date } | undefined {
  if (!isEventSort(rules.sort)) return undefined;
  const days = rules.windowDays ?? DEFAULT_RULE_WINDOW_DAYS;
  return { from: new Date(now.getTime() - days * DAY_MS), until: now };
}

/** Counts, per product, the events of the kind an event sort reads; fed a page of events at a time. */
export class RuleScores {
  private readonly counts = new Map<string, number>();

  constructor(private readonly type: EventType) {}

  add(event: ShopperEvent): void {
    if (event.type === this.type) this.counts.set(event.productId, (this.counts.get(event.productId) ?? 0) + 1);
  }

  get scores(): ReadonlyMap<string, number> {
    return this.counts;
  }
}

/** A product a rule slice holds, and whether it is there by a pin. */
export interface FilledProduct {
  readonly productId: string;
  readonly position: number;
  readonly pinned: boolean;
}

/** What the rules make of the catalog: the list, and how many products met the conditions. */
export interface RuleFilling {
  readonly products: readonly FilledProduct[];
  /** Products of the catalog (or of the manual order) that met the conditions, pinned ones aside. */
  readonly matching: number;
}

/** A candidate and its sort key, as kept while the catalog is read. */
interface Ranked {
  readonly id: string;
  readonly key: number;
  readonly createdAt: number;
}

/**
 * Fills a rule slice from the catalog read a page at a time (`consider`), keeping only the best
 * `size` candidates so far (memory and work bounded by the size, whatever the catalog's), then
 * places the pins (`filling`). The order, ties included, depends only on the products and the
 * scores: the sort's key, then the newer product first, then the product id.
 * - Event sorts: the most events of the kind in the window first; products without any follow.
 * - newest: the latest `createdAt` first. Price sorts: products without a price last.
 * - manual: the position in `order` (only products of the order are considered).
 * Pins are the merchandiser's choice: they are placed whatever the conditions and the catalog
 * say (the slice's filters still decide their active flag), each at its position, or right after
 * the sorted products when the list is shorter than the position; the list closes up, so
 * positions stay 1..n.
 */
export class RuleFill {
  private kept: Ranked[] = [];
  private matched = 0;
  private readonly pinned: ReadonlySet<string>;
  private readonly orderIndex: ReadonlyMap<string, number> | undefined;
  private readonly room: number;

  constructor(
    private readonly rules: SliceRules,
    private readonly scores: ReadonlyMap<string, number> = new Map(),
  ) {
    this.pinned = new Set(rules.pins.map((pin) => pin.productId));
    this.orderIndex = rules.sort === 'manual' ? new Map((rules.order ?? []).map((id, i) => [id, i])) : undefined;
    this.room = Math.max(0, rules.size - rules.pins.length);
  }

  /** Takes a page of products (in any order; each product once over the whole filling). */
  consider(products: readonly Product[]): void {
    for (const product of products) {
      if (this.pinned.has(product.id) || !meetsConditions(this.rules.conditions, product)) continue;
      const key = this.keyOf(product);
      if (key === undefined) continue;
      this.matched++;
      this.kept.push({ id: product.id, key, createdAt: product.createdAt.getTime() });
    }
    // Sorting once the buffer holds twice the room keeps the work O(n log size) over the catalog.
    if (this.kept.length >= 2 * Math.max(this.room, 1)) this.trim();
  }

  filling(): RuleFilling {
    this.trim();
    const list: FilledProduct[] = this.kept.map((ranked) => ({ productId: ranked.id, position: 0, pinned: false }));
    for (const pin of this.rules.pins) {
      list.splice(Math.min(pin.position - 1, list.length), 0, { productId: pin.productId, position: 0, pinned: true });
    }
    return { products: list.map((entry, i) => ({ ...entry, position: i + 1 })), matching: this.matched };
  }

  /** Lower keys first: every sort is turned into an ascending key. Undefined: not a candidate. */
  private keyOf(product: Product): number | undefined {
    const sort = this.rules.sort;
    if (isEventSort(sort)) return -(this.scores.get(product.id) ?? 0);
    switch (sort) {
      case 'newest':
        return -product.createdAt.getTime();
      case 'priceAscending':
        return product.price ?? Number.POSITIVE_INFINITY;
      case 'priceDescending':
        return product.price === undefined ? Number.POSITIVE_INFINITY : -product.price;
      default:
        return this.orderIndex?.get(product.id);
    }
  }

  private trim(): void {
    this.kept.sort(compareRanked);
    if (this.kept.length > this.room) this.kept.length = this.room;
  }
}

function compareRanked(a: Ranked, b: Ranked): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whether two rules make the same list from the same catalog: what a history compares. */
export function sameRules(a: SliceRules | undefined, b: SliceRules | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(rules: SliceRules) {
  const c = rules.conditions;
  const sorted = (list: readonly string[] | undefined) => (list === undefined ? null : [...new Set(list)].sort());
  return {
    conditions: [
      c.availableOnly === true,
      sorted(c.categories),
      sorted(c.brands),
      sorted(c.tags),
      c.tagsMatch ?? 'any',
      c.minPrice ?? null,
      c.maxPrice ?? null,
    ],
    sort: rules.sort,
    windowDays: rules.windowDays ?? null,
    order: rules.order ?? null,
    pins: [...rules.pins].sort((x, y) => x.position - y.position).map((p) => [p.productId, p.position]),
    size: rules.size,
  };
}
