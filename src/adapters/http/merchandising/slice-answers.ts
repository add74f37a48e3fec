import type { SliceChange } from '../../../application/merchandising/views.js';
import type { Principal } from '../../../domain/auth/api-token.js';
import { versionTag } from '../pipeline/entity-tags.js';
import { json, type Reply } from '../pipeline/reply.js';
import type { RouteTag, SuccessResponse } from '../pipeline/route-spec.js';
import { presentSlice } from './merchandising-presenter.js';
import { SliceWrittenResponse } from './merchandising-schemas.js';

export const COLLECTIONS_BASE = '/api/v1/merchandising-collections/protected';
export const COLLECTION_PATH = `${COLLECTIONS_BASE}/:id`;
export const SLICES_PATH = `${COLLECTION_PATH}/slices`;
export const SLICE_PATH = `${SLICES_PATH}/:sliceId`;

/** The merchandisers' routes' group: collections, slices, their history, proposals and the timeline. */
export const BUILDER_TAG: RouteTag = {
  name: 'Builder',
  description: 'How merchandisers build collections and their time-boxed slices.',
};

/**
 * The examples the merchandising routes share, against the demo data: its collection 1 (with
 * slices 1 to 4; the demo has 7 slices, so the first slice made on a fresh start is 8) and a
 * "Black Friday" slice added to it.
 */
export const COLLECTION_EXAMPLE = {
  id: 1,
  name: 'Verão 2027',
  description: 'Vitrine principal da estação: peças leves, linho e moda praia.',
  createdAt: '2026-11-21T12:00:00.000Z',
  sliceCount: 4,
  updatedAt: '2026-11-21T12:00:00.000Z',
  updatedBy: 'demo-data',
  version: 1,
};

/** The "Black Friday" slice as a write sends it. */
export const SLICE_INPUT_EXAMPLE = {
  name: 'Black Friday',
  type: 'MANUAL',
  startsAt: '2026-11-27T03:00:00Z',
  endsAt: '2026-11-30T03:00:00Z',
  filters: { availableOnly: true },
  products: ['VES-001', 'SAN-002', 'ACE-005'],
};

/** The "Black Friday" slice as a write answers it, with the demo slices it overlaps. */
export const SLICE_WRITTEN_EXAMPLE = {
  id: 8,
  name: 'Black Friday',
  type: 'MANUAL',
  startsAt: '2026-11-27T03:00:00.000Z',
  endsAt: '2026-11-30T03:00:00.000Z',
  status: 'SCHEDULED',
  colour: 'yellow',
  productCount: 3,
  filters: { availableOnly: true },
  createdAt: '2026-11-21T12:00:00.000Z',
  updatedAt: '2026-11-21T12:00:00.000Z',
  updatedBy: 'merchandiser',
  version: 1,
  products: [
    { productId: 'VES-001', position: 1 },
    { productId: 'SAN-002', position: 2 },
    { productId: 'ACE-005', position: 3 },
  ],
  warnings: [
    {
      code: 'SLICE_OVERLAP',
      sliceId: 2,
      sliceName: 'Verão — seleção principal',
      from: '2026-11-27T03:00:00.000Z',
      until: '2026-11-30T03:00:00.000Z',
    },
  ],
  notInCatalog: [],
};

/** The name of the token making a change: what `updatedBy` records. */
export function actorOf(principal: Principal | undefined): string {
  return principal?.name ?? 'unknown';
}

/** A written slice: 201 (with where it is) or 200, its entity tag, its body with warnings. */
export function sliceWritten(status: 200 | 201, change: SliceChange): Reply {
  const { slice } = change;
  const headers: Record<string, string> = { ETag: versionTag('slice', slice.id, slice.version) };
  if (status === 201) headers.Location = `${COLLECTIONS_BASE}/${slice.collectionId}/slices/${slice.id}`;
  return json(status, presentSlice(change), headers);
}

/** How the document describes a written slice. */
export function writtenResponse(status: 200 | 201): SuccessResponse {
  return {
    status,
    description:
      status === 201
        ? 'Created: the slice, warnings about overlapping slices, and its products not in the catalog.'
        : 'Saved: the slice, warnings about overlapping slices, and its products not in the catalog.',
    body: SliceWrittenResponse,
    headers: status === 201 ? ['ETag', 'Location'] : ['ETag'],
  };
}

/**
 * A builder read's entity tag names the stored version, for `If-Match` on the next write. What
 * the body also shows (a status, active flags) changes with the clock and the catalog, so these
 * answers are not for caches to keep.
 */
export function versionHeaders(kind: 'collection' | 'slice', id: number, version: number): Record<string, string> {
  return { ETag: versionTag(kind, id, version), 'Cache-Control': 'no-store' };
}
