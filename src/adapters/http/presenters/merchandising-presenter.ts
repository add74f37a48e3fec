import type { ActiveSliceView, SliceDetails, SliceSummaryView, SliceView } from '../../../application/merchandising/views.js';
import type { CollectionSummary } from '../../../domain/merchandising/collection.js';
import { STATUS_COLOUR, type SliceStatus, type SliceSummary } from '../../../domain/merchandising/slice.js';

export function presentCollection(collection: CollectionSummary) {
  return {
    id: collection.id,
    name: collection.name,
    description: collection.description,
    createdAt: collection.createdAt.toISOString(),
    sliceCount: collection.sliceCount,
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
  };
}

export function presentSliceListItem(slice: SliceSummaryView) {
  return presentSliceSummary(slice, slice.status);
}

/** A slice as saved: its products as `{ productId, position }`. */
export function presentSlice({ slice, status }: SliceView) {
  return {
    ...presentSliceSummary({ ...slice, productCount: slice.products.length }, status),
    products: slice.products.map((productId, i) => ({ productId, position: i + 1 })),
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
