import type { SliceFilters } from './slice-filters.js';
import type { Slice, SliceDraft, SliceGenerator } from './slice.js';
import { sameRules, type SliceRules } from './slice-rules.js';

/**
 * How many versions of a slice are kept: the current one and the 99 before it. Saving the 101st
 * drops the oldest; a slice's history goes with the slice when it is deleted.
 */
export const MAX_SLICE_VERSIONS = 100;

/** How many products of each kind (added, removed, moved) a history listing names; `counts` tell the rest. */
export const MAX_LISTED_CHANGES = 20;

/** One saved version of a slice: what it held, who saved it, and when. */
export interface SliceVersion {
  readonly collectionId: number;
  readonly sliceId: number;
  /** The slice's version this save produced: what its entity tag named then. */
  readonly version: number;
  readonly at: Date;
  /** The name of the token that saved it. */
  readonly by: string;
  /** Everything a merchandiser decides about the slice, as it was saved. */
  readonly content: SliceDraft;
}

/** The fields of a slice besides its products that a save may change. */
export const SLICE_FIELDS = ['name', 'type', 'startsAt', 'endsAt', 'filters', 'generator', 'rules'] as const;
export type SliceField = (typeof SLICE_FIELDS)[number];

/** A product at a position (from 1). */
export interface PlacedProduct {
  readonly productId: string;
  readonly position: number;
}

/** A product that kept its place in the slice but changed its order among the others. */
export interface MovedProduct {
  readonly productId: string;
  readonly from: number;
  readonly to: number;
}

/** What a version changed since the one before it. */
export interface SliceVersionChanges {
  /** The fields besides the products whose value changed. */
  readonly fields: readonly SliceField[];
  /** Products new to the slice, at their new positions. */
  readonly added: readonly PlacedProduct[];
  /** Products no longer in the slice, at their old positions. */
  readonly removed: readonly PlacedProduct[];
  /** The fewest products whose moves turn the old order (of the products kept) into the new one. */
  readonly moved: readonly MovedProduct[];
  /** How many there are of each; more than the lists hold when they were abridged for a listing. */
  readonly counts: { readonly added: number; readonly removed: number; readonly moved: number };
}

/** A version as a history listing shows it: without its product list, with what it changed. */
export interface SliceVersionSummary {
  readonly version: number;
  readonly at: Date;
  readonly by: string;
  readonly name: string;
  readonly type: SliceDraft['type'];
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly filters: SliceFilters;
  readonly generator?: SliceGenerator | undefined;
  readonly rules?: SliceRules | undefined;
  readonly productCount: number;
  /** Undefined for the first version known: the slice's first, or the oldest kept. */
  readonly changes?: SliceVersionChanges | undefined;
}

/**
 * Exactly what a merchandiser decides about a slice, without the store's bookkeeping (nor a rule
 * slice's refresh stamps). A rule slice's version holds its rules and the list they made last
 * while it was the slice's version: a refresh changes the list, not the version.
 */
export function sliceContent(draft: SliceDraft): SliceDraft {
  const { name, type, startsAt, endsAt, filters, products, generator, rules } = draft;
  const content: SliceDraft = { name, type, startsAt, endsAt, filters, products };
  if (rules !== undefined) return { ...content, rules };
  return generator === undefined ? content : { ...content, generator };
}

/** The version a save of `slice` produced. */
export function versionOfSlice(slice: Slice): SliceVersion {
  return {
    collectionId: slice.collectionId,
    sliceId: slice.id,
    version: slice.version,
    at: slice.updatedAt,
    by: slice.updatedBy,
    content: sliceContent(slice),
  };
}

/**
 * What `after` changed of `before`: the fields that differ, the products added and removed, and
 * the products moved. A product counts as moved only when its order among the kept products
 * changed; one added or removed above it shifts its position without moving it. Of the orders
 * that can be read as "kept", the longest is kept, so the fewest products are named as moved.
 */
export function changesBetween(before: SliceDraft, after: SliceDraft): SliceVersionChanges {
  const fields = SLICE_FIELDS.filter((field) => !sameField(field, before, after));
  const { added, removed, moved } = productChanges(before.products, after.products);
  return { fields, added, removed, moved, counts: { added: added.length, removed: removed.length, moved: moved.length } };
}

/** The changes with at most `max` products named of each kind; the counts stay whole. */
export function abridgeChanges(changes: SliceVersionChanges, max = MAX_LISTED_CHANGES): SliceVersionChanges {
  return {
    ...changes,
    added: changes.added.slice(0, max),
    removed: changes.removed.slice(0, max),
    moved: changes.moved.slice(0, max),
  };
}

/**
 * Versions as a history listing shows them, newest first, each with what it changed since the one
 * after it in the list (`older` follows the last: the version before the page). The changes are
 * abridged to MAX_LISTED_CHANGES products of each kind.
 */
export function summariseVersions(newestFirst: readonly SliceVersion[], older?: SliceVersion): SliceVersionSummary[] {
  return newestFirst.map((version, i) => {
    const previous = i + 1 < newestFirst.length ? newestFirst[i + 1] : older;
    const { products, ...content } = version.content;
    const changes =
      previous !== undefined && previous.version === version.version - 1
        ? abridgeChanges(changesBetween(previous.content, version.content))
        : undefined;
    return { ...content, version: version.version, at: version.at, by: version.by, productCount: products.length, changes };
  });
}

function sameField(field: SliceField, a: SliceDraft, b: SliceDraft): boolean {
  switch (field) {
    case 'startsAt':
    case 'endsAt':
      return a[field].getTime() === b[field].getTime();
    case 'filters':
      return sameFilters(a.filters, b.filters);
    case 'generator':
      return sameGenerator(a.generator, b.generator);
    case 'rules':
      return sameRules(a.rules, b.rules);
    default:
      return a[field] === b[field];
  }
}

/** Filters that hold for the same products: list order and repeats do not matter. */
function sameFilters(a: SliceFilters, b: SliceFilters): boolean {
  return (
    (a.availableOnly === true) === (b.availableOnly === true) &&
    a.minPrice === b.minPrice &&
    a.maxPrice === b.maxPrice &&
    sameSet(a.categories, b.categories) &&
    sameSet(a.brands, b.brands) &&
    sameSet(a.tags, b.tags)
  );
}

function sameSet(a: readonly string[] = [], b: readonly string[] = []): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((entry) => right.has(entry));
}

/** The seeds' order counts: the neighbours of each seed are taken in turns, in that order. */
function sameGenerator(a: SliceGenerator | undefined, b: SliceGenerator | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.size === b.size &&
    a.includeSeeds === b.includeSeeds &&
    a.seeds.length === b.seeds.length &&
    a.seeds.every((seed, i) => b.seeds[i] === seed)
  );
}

function productChanges(before: readonly string[], after: readonly string[]) {
  const oldIndex = new Map(before.map((id, i) => [id, i]));
  const stays = new Set(after);
  const removed = before.flatMap((productId, i) => (stays.has(productId) ? [] : [{ productId, position: i + 1 }]));
  const added: PlacedProduct[] = [];
  const kept: MovedProduct[] = [];
  after.forEach((productId, i) => {
    const from = oldIndex.get(productId);
    if (from === undefined) added.push({ productId, position: i + 1 });
    else kept.push({ productId, from: from + 1, to: i + 1 });
  });
  const inOrder = longestIncreasing(kept.map((product) => product.from));
  const moved = kept.filter((_, i) => !inOrder.has(i));
  return { added, removed, moved };
}

/** The indices of one longest strictly increasing subsequence of `values` (O(n log n)). */
function longestIncreasing(values: readonly number[]): Set<number> {
  /** tails[k]: the index of the smallest value ending an increasing run of length k + 1. */
  const tails: number[] = [];
  const before: number[] = new Array<number>(values.length).fill(-1);
  values.forEach((value, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((values[tails[mid] ?? 0] ?? 0) < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) before[i] = tails[low - 1] ?? -1;
    tails[low] = i;
  });
  const run = new Set<number>();
  for (let i = tails.at(-1) ?? -1; i >= 0; i = before[i] ?? -1) run.add(i);
  return run;
}
