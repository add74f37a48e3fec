import type { ActiveSliceView, SliceChange, SliceDetails, SliceSummaryView } from '../../../application/merchandising/views.js';
import type { SchedulePreview } from '../../../application/merchandising/preview-schedule-change.js';
import type { PreviewSegment, ServedSlice } from '../../../domain/merchandising/consequence.js';
import type { SliceVersionDetails } from '../../../application/merchandising/slice-history.js';
import type { ListedCollection } from '../../../application/merchandising/list-collections.js';
import type { CollectionSummary } from '../../../domain/merchandising/collection.js';
import type { SliceVersionSummary } from '../../../domain/merchandising/slice-history.js';
import type { Overlap, TimelineSegment } from '../../../domain/merchandising/schedule.js';
import type { SliceRules } from '../../../domain/merchandising/slice-rules.js';
import type { RulePreview } from '../../../application/merchandising/preview-rule-slice.js';
import { STATUS_COLOUR, type SliceStatus, type SliceSummary } from '../../../domain/merchandising/slice.js';

/** A collection as the builder shows it: the fields decisions.md lists, then who changed it last and its version. */
export function presentCollection(collection: CollectionSummary) {
  return {
    id: collection.id,
    name: collection.name,
    description: collection.description,
    createdAt: collection.createdAt.toISOString(),
    sliceCount: collection.sliceCount,
    updatedAt: collection.updatedAt.toISOString(),
    updatedBy: collection.updatedBy,
    version: collection.version,
  };
}

/** A collection as the list shows it: presentCollection's fields, then the slice it shows now or null. */
export function presentListedCollection(collection: ListedCollection) {
  const live = collection.activeSlice;
  return {
    ...presentCollection(collection),
    activeSlice:
      live === undefined
        ? null
        : { id: live.id, name: live.name, startsAt: live.startsAt.toISOString(), endsAt: live.endsAt.toISOString() },
  };
}

function presentSliceSummary(slice: SliceSummary, status: SliceStatus) {
  return {
    id: slice.id,
    name: slice.name,
    type: slice.type,
    startsAt: slice.startsAt.toISOString(),
    endsAt: slice.endsAt.toISOString(),
    status,
    colour: STATUS_COLOUR[status],
    productCount: slice.productCount,
    filters: slice.filters,
    ...(slice.generator === undefined ? {} : { generator: slice.generator }),
    ...(slice.rules === undefined ? {} : { rules: presentRules(slice.rules) }),
    ...(slice.refresh === undefined
      ? {}
      : { refreshedAt: slice.refresh.at.toISOString(), listChangedAt: slice.refresh.listChangedAt.toISOString() }),
    createdAt: slice.createdAt.toISOString(),
    updatedAt: slice.updatedAt.toISOString(),
    updatedBy: slice.updatedBy,
    version: slice.version,
  };
}

/** A slice's rules, as a write gives them back (what the store holds; no field it leaves out). */
export function presentRules(rules: SliceRules) {
  return {
    conditions: rules.conditions,
    sort: rules.sort,
    ...(rules.windowDays === undefined ? {} : { windowDays: rules.windowDays }),
    ...(rules.order === undefined ? {} : { order: [...rules.order] }),
    pins: rules.pins.map((pin) => ({ productId: pin.productId, position: pin.position })),
    size: rules.size,
  };
}

/** What rules would hold now: the list with each product's position and whether it is pinned, and the counts. */
export function presentRulePreview(preview: RulePreview) {
  return {
    at: preview.at.toISOString(),
    rules: presentRules(preview.rules),
    products: preview.products.map((p) => ({ productId: p.productId, position: p.position, pinned: p.pinned })),
    counts: {
      matching: preview.matching,
      pinned: preview.products.filter((p) => p.pinned).length,
      shown: preview.products.length,
    },
  };
}

export function presentSliceListItem(slice: SliceSummaryView) {
  return { ...presentSliceSummary(slice, slice.status), overlapsWith: slice.overlapsWith };
}

export function presentOverlap(overlap: Overlap) {
  return {
    code: 'SLICE_OVERLAP',
    sliceId: overlap.sliceId,
    sliceName: overlap.sliceName,
    from: overlap.from.toISOString(),
    until: overlap.until.toISOString(),
  };
}

/** A slice as saved: its products as `{ productId, position }`, warnings about overlaps, its products not in the catalog. */
export function presentSlice({ slice, status, warnings, notInCatalog }: SliceChange) {
  return {
    ...presentSliceSummary({ ...slice, productCount: slice.products.length }, status),
    products: slice.products.map((productId, i) => ({ productId, position: i + 1 })),
    warnings: warnings.map(presentOverlap),
    notInCatalog: [...notInCatalog],
  };
}

/** A slice as the builder reads it back: its products with their active flag. */
export function presentSliceDetails({ slice, status, active }: SliceDetails) {
  return {
    ...presentSliceSummary({ ...slice, productCount: slice.products.length }, status),
    products: slice.products.map((productId, i) => ({ productId, position: i + 1, active: active[i] ?? false })),
  };
}

/** Exactly the contract's ActiveSliceResponse. */
export function presentActiveSlice({ collection, slice, active }: ActiveSliceView) {
  return {
    collectionId: collection.id,
    collectionName: collection.name,
    collectionDescription: collection.description,
    sliceId: slice.id,
    sliceName: slice.name,
    startsAt: slice.startsAt.toISOString(),
    endsAt: slice.endsAt.toISOString(),
    products: slice.products.map((productId, i) => ({ productId, position: i + 1, active: active[i] ?? false })),
  };
}

export function presentTimeline(collectionId: number, from: Date, to: Date, segments: readonly TimelineSegment[]) {
  return {
    collectionId,
    from: from.toISOString(),
    to: to.toISOString(),
    segments: segments.map((s) => ({
      from: s.from.toISOString(),
      until: s.until.toISOString(),
      sliceId: s.slice?.id ?? null,
      sliceName: s.slice?.name ?? null,
    })),
  };
}

function presentServed(slice: ServedSlice | undefined) {
  return slice === undefined ? null : { sliceId: slice.id ?? null, sliceName: slice.name, draft: slice.draft };
}

function presentPreviewSegment(segment: PreviewSegment) {
  return {
    from: segment.from.toISOString(),
    until: segment.until.toISOString(),
    sliceId: segment.slice?.id ?? null,
    sliceName: segment.slice?.name ?? null,
    draft: segment.slice?.draft ?? false,
  };
}

/** A change's consequence: the timelines before and after, the periods that differ, and whether to confirm. */
export function presentTimelinePreview(collectionId: number, from: Date, to: Date, preview: SchedulePreview) {
  return {
    collectionId,
    from: from.toISOString(),
    to: to.toISOString(),
    before: preview.before.map(presentPreviewSegment),
    after: preview.after.map(presentPreviewSegment),
    changes: preview.changes.map((c) => ({
      from: c.from.toISOString(),
      until: c.until?.toISOString() ?? null,
      sliceBefore: presentServed(c.before),
      sliceAfter: presentServed(c.after),
    })),
    needsConfirmation: preview.needsConfirmation,
  };
}

/** A version as the history lists it: who saved it, when, what it held besides its products, what it changed. */
export function presentSliceVersionSummary(summary: SliceVersionSummary) {
  return {
    version: summary.version,
    at: summary.at.toISOString(),
    by: summary.by,
    name: summary.name,
    type: summary.type,
    startsAt: summary.startsAt.toISOString(),
    endsAt: summary.endsAt.toISOString(),
    filters: summary.filters,
    ...(summary.generator === undefined ? {} : { generator: summary.generator }),
    ...(summary.rules === undefined ? {} : { rules: presentRules(summary.rules) }),
    productCount: summary.productCount,
    changes: summary.changes ?? null,
  };
}

/** One version whole: its products as `{ productId, position }`, and all it changed. */
export function presentSliceVersion({ version, changes }: SliceVersionDetails) {
  const { products, ...content } = version.content;
  return {
    collectionId: version.collectionId,
    sliceId: version.sliceId,
    ...presentSliceVersionSummary({
      ...content,
      version: version.version,
      at: version.at,
      by: version.by,
      productCount: products.length,
      changes,
    }),
    products: products.map((productId, i) => ({ productId, position: i + 1 })),
  };
}
