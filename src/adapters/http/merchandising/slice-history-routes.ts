import {
  DEFAULT_VERSION_PAGE,
  type GetSliceVersion,
  type ListSliceVersions,
  type RestoreSliceVersion,
} from '../../../application/merchandising/slice-history.js';
import { MAX_SLICE_VERSIONS } from '../../../domain/merchandising/slice-history.js';
import { json } from '../pipeline/reply.js';
import { route, type RouteGroup, type RouteSpec } from '../pipeline/route-spec.js';
import { presentSliceVersion, presentSliceVersionSummary } from './merchandising-presenter.js';
import {
  SliceParams,
  SliceVersionListQuery,
  SliceVersionListResponse,
  SliceVersionParams,
  SliceVersionResponse,
  versionCursor,
} from './merchandising-schemas.js';
import { actorOf, BUILDER_TAG, SLICE_PATH, SLICE_WRITTEN_EXAMPLE, sliceWritten, writtenResponse } from './slice-answers.js';

const VERSIONS_PATH = `${SLICE_PATH}/versions`;
const VERSION_PATH = `${VERSIONS_PATH}/:version`;

/** A history changes with every save and a version may be dropped: not for caches to keep. */
const NOT_STORED = { 'Cache-Control': 'no-store' };

/** The demo's slice 3 as its first version was saved. */
const FIRST_VERSION_EXAMPLE = {
  version: 1,
  at: '2026-11-21T12:00:00.000Z',
  by: 'demo-data',
  name: 'Verão — destaque do fim de semana',
  type: 'AI',
  startsAt: '2026-11-19T19:00:00.000Z',
  endsAt: '2026-11-26T19:00:00.000Z',
  filters: { availableOnly: true },
  productCount: 3,
  changes: null,
};

const FIRST_VERSION_PRODUCTS_EXAMPLE = [
  { productId: 'VES-001', position: 1 },
  { productId: 'VES-007', position: 2 },
  { productId: 'VES-004', position: 3 },
];

/** Its history once a merchandiser has swapped a product (the demo's slices are at their first version). */
const HISTORY_EXAMPLE = {
  collectionId: 1,
  sliceId: 3,
  versions: [
    {
      ...FIRST_VERSION_EXAMPLE,
      version: 2,
      at: '2026-11-21T12:05:00.000Z',
      by: 'merchandiser',
      changes: {
        fields: [],
        added: [{ productId: 'BOL-003', position: 3 }],
        removed: [{ productId: 'VES-004', position: 3 }],
        moved: [],
        counts: { added: 1, removed: 1, moved: 0 },
      },
    },
    FIRST_VERSION_EXAMPLE,
  ],
  nextCursor: null,
};

/** A slice's history: its last versions listed, one read whole, one restored. */
export function sliceHistoryRoutes(list: ListSliceVersions, get: GetSliceVersion, restore: RestoreSliceVersion): RouteGroup {
  return {
    tag: BUILDER_TAG,
    schemas: { SliceVersionList: SliceVersionListResponse, SliceVersion: SliceVersionResponse },
    routes: [listing(list), reading(get), restoring(restore)],
  };
}

function listing(list: ListSliceVersions): RouteSpec {
  return route({
    method: 'GET',
    path: VERSIONS_PATH,
    operationId: 'listSliceVersions',
    summary: "A page of a slice's history: who saved each version, when, and what it changed",
    description: `Newest first (the slice as it is now, then the versions before it); a slice keeps its last ${MAX_SLICE_VERSIONS} versions. ${DEFAULT_VERSION_PAGE} a page unless \`limit\` says (at most ${MAX_SLICE_VERSIONS}); \`cursor\` is the \`nextCursor\` of the page before.`,
    scope: 'collections:read',
    params: SliceParams,
    query: SliceVersionListQuery,
    responses: [{ status: 200, description: 'The versions.', body: SliceVersionListResponse, headers: ['Cache-Control'] }],
    problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND'],
    examples: { params: { id: 1, sliceId: 3 }, responses: { 200: HISTORY_EXAMPLE } },
    handler: async ({ params, query }) => {
      const page = await list.execute(params.id, params.sliceId, {
        limit: query.limit ?? DEFAULT_VERSION_PAGE,
        beforeVersion: query.cursor,
      });
      return json(
        200,
        {
          collectionId: params.id,
          sliceId: params.sliceId,
          versions: page.versions.map(presentSliceVersionSummary),
          nextCursor: page.next === undefined ? null : versionCursor(page.next),
        },
        NOT_STORED,
      );
    },
  });
}

function reading(get: GetSliceVersion): RouteSpec {
  return route({
    method: 'GET',
    path: VERSION_PATH,
    operationId: 'getSliceVersion',
    summary: 'One version of a slice, with its products and everything it changed',
    scope: 'collections:read',
    params: SliceVersionParams,
    responses: [{ status: 200, description: 'The version.', body: SliceVersionResponse, headers: ['Cache-Control'] }],
    problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND', 'SLICE_VERSION_NOT_FOUND'],
    examples: {
      params: { id: 1, sliceId: 3, version: 1 },
      responses: { 200: { collectionId: 1, sliceId: 3, ...FIRST_VERSION_EXAMPLE, products: FIRST_VERSION_PRODUCTS_EXAMPLE } },
    },
    handler: async ({ params }) =>
      json(200, presentSliceVersion(await get.execute(params.id, params.sliceId, params.version)), NOT_STORED),
  });
}

function restoring(restore: RestoreSliceVersion): RouteSpec {
  return route({
    method: 'POST',
    path: `${VERSION_PATH}/restore`,
    operationId: 'restoreSliceVersion',
    summary: 'Make a slice what one of its versions was',
    description:
      "Saved as a new version (the one it replaces stays in the history). `If-Match` names the slice's current version, as for any change of the slice.",
    scope: 'collections:write',
    params: SliceVersionParams,
    precondition: { of: 'slice', idParam: 'sliceId' },
    responses: [writtenResponse(200)],
    problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND', 'SLICE_VERSION_NOT_FOUND', 'CONFLICT'],
    examples: {
      params: { id: 1, sliceId: 3, version: 1 },
      responses: {
        200: {
          ...SLICE_WRITTEN_EXAMPLE,
          id: 3,
          name: FIRST_VERSION_EXAMPLE.name,
          type: 'AI',
          startsAt: FIRST_VERSION_EXAMPLE.startsAt,
          endsAt: FIRST_VERSION_EXAMPLE.endsAt,
          status: 'ACTIVE',
          colour: 'green',
          version: 3,
          products: FIRST_VERSION_PRODUCTS_EXAMPLE,
          warnings: [],
        },
      },
    },
    handler: async ({ params, principal, precondition }) =>
      sliceWritten(
        200,
        await restore.execute(params.id, params.sliceId, params.version, { actor: actorOf(principal), precondition }),
      ),
  });
}
