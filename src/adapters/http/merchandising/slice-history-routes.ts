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
import { actorOf, BUILDER_TAG, SLICE_PATH, sliceWritten, writtenResponse } from './slice-answers.js';

const VERSIONS_PATH = `${SLICE_PATH}/versions`;
const VERSION_PATH = `${VERSIONS_PATH}/:version`;

/** A history changes with every save and a version may be dropped: not for caches to keep. */
const NOT_STORED = { 'Cache-Control': 'no-store' };

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
    handler: async ({ params, principal, precondition }) =>
      sliceWritten(
        200,
        await restore.execute(params.id, params.sliceId, params.version, { actor: actorOf(principal), precondition }),
      ),
  });
}
