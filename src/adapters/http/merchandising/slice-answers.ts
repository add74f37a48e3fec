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
        ? 'Created: the slice, and warnings about overlapping slices.'
        : 'Saved: the slice, and warnings about overlapping slices.',
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
