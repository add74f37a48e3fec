import { ValidationError, type ValidationIssue } from '../shared/errors.js';
import { newProductIdProblem } from '../product/product.js';
import { LATEST_INSTANT_MS } from '../shared/instant.js';
import { normaliseFilters, type SliceFilters } from './slice-filters.js';
import { normaliseRules, type RuleRefresh, type SliceRules, type SliceRulesInput } from './slice-rules.js';

export const SLICE_TYPES = ['MANUAL', 'SPREADSHEET', 'AI', 'RULES'] as const;
export type SliceType = (typeof SLICE_TYPES)[number];

export type SliceStatus = 'SCHEDULED' | 'ACTIVE' | 'EXPIRED';

/** The builder's indicator colour of each status. */
export const STATUS_COLOUR: Readonly<Record<SliceStatus, 'yellow' | 'green' | 'red'>> = {
  SCHEDULED: 'yellow',
  ACTIVE: 'green',
  EXPIRED: 'red',
};

export const MAX_SLICE_PRODUCTS = 500;
/** No product id is this long; the bound keeps a full slice far from any store's document limit. */
export const MAX_PRODUCT_ID_IN_SLICE = 1_000;
export const MAX_NAME_LENGTH = 200;

/** The end of a slice that never expires: 9999-12-31T23:59:59.999Z. */
export function noExpiry(): Date {
  return new Date(LATEST_INSTANT_MS);
}

/** The time window of a slice: active from `startsAt` (inclusive) until `endsAt` (exclusive). */
export interface SliceWindow {
  readonly startsAt: Date;
  readonly endsAt: Date;
}

/** How an AI slice's products were chosen, so it can be generated again. */
export interface SliceGenerator {
  /** The products whose neighbours fill the slice. */
  readonly seeds: readonly string[];
  /** How many products the slice should hold. */
  readonly size: number;
  /** Whether the seeds themselves lead the slice. */
  readonly includeSeeds: boolean;
}

/** Everything a merchandiser decides about a slice. */
export interface SliceDraft extends SliceWindow {
  readonly name: string;
  readonly type: SliceType;
  readonly filters: SliceFilters;
  /** Product ids in display order; position n is index n - 1. */
  readonly products: readonly string[];
  /** Present on AI slices only. */
  readonly generator?: SliceGenerator | undefined;
  /** Present on RULES slices only: what fills `products`. */
  readonly rules?: SliceRules | undefined;
  /**
   * RULES slices: when the rules last made `products`, and when that last changed them. Not part of
   * what a merchandiser decides (a version's content leaves it out): a refresh keeps the version.
   */
  readonly refresh?: RuleRefresh | undefined;
}

export interface Slice extends SliceDraft {
  readonly id: number;
  readonly collectionId: number;
  /** Starts at 1 and grows by one with every change: what `If-Match` compares. */
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** The name of the token that last changed the slice. */
  readonly updatedBy: string;
}

/** A slice without its product list, as listings show it. */
export type SliceSummary = Omit<Slice, 'products'> & { readonly productCount: number };

/** Status at an instant: Scheduled before `startsAt`, Active in `[startsAt, endsAt)`, Expired from `endsAt`. */
export function sliceStatusAt(window: SliceWindow, at: Date): SliceStatus {
  const t = at.getTime();
  if (t < window.startsAt.getTime()) return 'SCHEDULED';
  if (t < window.endsAt.getTime()) return 'ACTIVE';
  return 'EXPIRED';
}

export function isActiveAt(window: SliceWindow, at: Date): boolean {
  const t = at.getTime();
  return window.startsAt.getTime() <= t && t < window.endsAt.getTime();
}

/** Of two active slices, the one shown: the later start, then the higher id. Negative when `a` wins. */
export function compareActivePriority(
  a: SliceWindow & { readonly id: number },
  b: SliceWindow & { readonly id: number },
): number {
  return b.startsAt.getTime() - a.startsAt.getTime() || b.id - a.id;
}

/** The one slice a collection shows at `at`, if any is active. */
export function pickActiveSlice<S extends SliceWindow & { readonly id: number }>(slices: Iterable<S>, at: Date): S | undefined {
  let best: S | undefined;
  for (const slice of slices) {
    if (isActiveAt(slice, at) && (best === undefined || compareActivePriority(slice, best) < 0)) best = slice;
  }
  return best;
}

/**
 * The first instant after `at` at which some slice changes status (a start or an end), or
 * undefined when none ever will. What a collection shows can only change at such an instant
 * (or when a merchandiser edits it).
 */
export function nextTransitionAfter(slices: Iterable<SliceWindow>, at: Date): Date | undefined {
  const t = at.getTime();
  let next = Number.POSITIVE_INFINITY;
  for (const slice of slices) {
    const start = slice.startsAt.getTime();
    const end = slice.endsAt.getTime();
    if (start > t && start < next) next = start;
    if (end > t && end < next) next = end;
  }
  return Number.isFinite(next) ? new Date(next) : undefined;
}

/** What a caller asks for; `endsAt` absent means the slice never expires. */
export interface SliceInput {
  readonly name: string;
  readonly type: SliceType;
  readonly startsAt: Date;
  readonly endsAt?: Date | undefined;
  readonly filters?: SliceFilters | undefined;
  /** Required but for a RULES slice, whose rules fill it (it must then be left out or empty). */
  readonly products?: readonly string[] | undefined;
  readonly generator?: SliceGenerator | undefined;
  /** Required for a RULES slice, refused for the others. */
  readonly rules?: SliceRulesInput | undefined;
}

/**
 * Checks every rule of a slice at once and answers the draft to store, or throws a
 * ValidationError listing every broken rule: a name, a known type, valid dates with the end after
 * the start, at most 500 products, each a non-empty id, none twice, filters that can hold; rules
 * (normaliseRules) for a RULES slice and for it only, which then holds no hand-made products (its
 * rules fill them: the draft's `products` are empty until they do).
 */
export function draftSlice(input: SliceInput): SliceDraft {
  const issues: ValidationIssue[] = [];
  const name = input.name.trim();
  if (name.length === 0) issues.push({ path: 'name', message: 'must not be empty' });
  else if (name.length > MAX_NAME_LENGTH) issues.push({ path: 'name', message: `must be at most ${MAX_NAME_LENGTH} characters` });
  if (!(SLICE_TYPES as readonly string[]).includes(input.type)) {
    issues.push({ path: 'type', message: `must be one of ${SLICE_TYPES.join(', ')}` });
  }
  const startsAt = input.startsAt;
  const endsAt = input.endsAt ?? noExpiry();
  const startValid = isValidInstant(startsAt);
  const endValid = isValidInstant(endsAt);
  if (!startValid) issues.push({ path: 'startsAt', message: 'must be a valid instant' });
  if (!endValid) issues.push({ path: 'endsAt', message: 'must be a valid instant' });
  if (startValid && endValid && endsAt.getTime() <= startsAt.getTime()) {
    issues.push(
      input.endsAt === undefined
        ? { path: 'startsAt', message: 'must be before 9999-12-31T23:59:59.999Z, the end of a slice that never expires' }
        : { path: 'endsAt', message: 'must be after startsAt' },
    );
  }
  const products = (input.products ?? []).map((id) => id.trim());
  issues.push(...productListIssues(products), ...unsafeIdIssues(products));
  const { filters, issues: filterIssues } = normaliseFilters(input.filters ?? {});
  issues.push(...filterIssues);
  const rules = rulesOf(input, issues);
  if (issues.length > 0) throw new ValidationError(issues);
  const draft: SliceDraft = { name, type: input.type, startsAt, endsAt, filters, products };
  if (rules !== undefined) return { ...draft, rules };
  return input.generator === undefined ? draft : { ...draft, generator: input.generator };
}

/** The rules of a RULES slice, checked (their issues added to `issues`); undefined for the other types. */
function rulesOf(input: SliceInput, issues: ValidationIssue[]): SliceRules | undefined {
  if (input.type !== 'RULES') {
    if (input.rules !== undefined) issues.push({ path: 'rules', message: 'are only for a slice of type RULES' });
    if (input.products === undefined) issues.push({ path: 'products', message: 'is required (the product ids in order)' });
    return undefined;
  }
  if ((input.products?.length ?? 0) > 0) {
    issues.push({
      path: 'products',
      message: 'are filled by the rules of a RULES slice: leave them out (pin products with rules.pins)',
    });
  }
  if (input.rules === undefined) {
    issues.push({ path: 'rules', message: 'are required for a slice of type RULES (conditions, sort, pins, size)' });
    return undefined;
  }
  const { rules, issues: ruleIssues } = normaliseRules(input.rules, newProductIdProblem);
  issues.push(...ruleIssues);
  return rules;
}

function isValidInstant(date: Date): boolean {
  const t = date.getTime();
  return Number.isFinite(t) && t <= LATEST_INSTANT_MS;
}

/**
 * The ids of a list a writer gives that break the product-id rules (SAFE_PRODUCT_ID): a slice made
 * before the rule keeps its ids until it is written again, and an edit checks only what it adds.
 */
export function unsafeIdIssues(products: readonly string[], path = 'products'): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  products.forEach((id, i) => {
    if (id.length === 0 || id.length > MAX_PRODUCT_ID_IN_SLICE) return; // said by productListIssues
    const problem = newProductIdProblem(id);
    if (problem !== undefined) issues.push({ path: `${path}.${i}`, message: problem });
  });
  return issues;
}

/** The product-list rules of a slice (ids already trimmed): at most 500, none empty, none twice. */
export function productListIssues(products: readonly string[], path = 'products'): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (products.length > MAX_SLICE_PRODUCTS) {
    issues.push({ path, message: `must hold at most ${MAX_SLICE_PRODUCTS} products (got ${products.length})` });
  }
  const firstIndex = new Map<string, number>();
  products.forEach((id, i) => {
    if (id.length === 0) {
      issues.push({ path: `${path}.${i}`, message: 'must not be empty' });
      return;
    }
    if (id.length > MAX_PRODUCT_ID_IN_SLICE) {
      issues.push({ path: `${path}.${i}`, message: `must be at most ${MAX_PRODUCT_ID_IN_SLICE} characters` });
      return;
    }
    const earlier = firstIndex.get(id);
    if (earlier === undefined) firstIndex.set(id, i);
    else issues.push({ path: `${path}.${i}`, message: `duplicates ${path}.${earlier} (${id})` });
  });
  return issues;
}

/** The most ids of products not in the catalog a write names (the rest are as unknown; the slice holds at most 500). */
export const MAX_NOT_IN_CATALOG_LISTED = 100;

/**
 * The products of a slice the catalog does not hold (`known` maps the ids it does), in slice order,
 * at most MAX_NOT_IN_CATALOG_LISTED: what a write warns about, though it saves them (a slice may
 * plan products that arrive later).
 */
export function notInCatalogOf(products: readonly string[], known: ReadonlyMap<string, unknown>): string[] {
  const missing: string[] = [];
  for (const id of products) {
    if (missing.length === MAX_NOT_IN_CATALOG_LISTED) break;
    if (!known.has(id)) missing.push(id);
  }
  return missing;
}
