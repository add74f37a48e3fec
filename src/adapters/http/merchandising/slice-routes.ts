import type { CreateSlice } from '../../../application/merchandising/create-slice.js';
import type { DeleteSlice } from '../../../application/merchandising/delete-slice.js';
import type { EditSliceProducts } from '../../../application/merchandising/edit-slice-products.js';
import type { GetSlice } from '../../../application/merchandising/get-slice.js';
import { DEFAULT_SLICE_PAGE, type ListSlices } from '../../../application/merchandising/list-slices.js';
import type { ReplaceSlice } from '../../../application/merchandising/replace-slice.js';
import { json, noContent } from '../pipeline/reply.js';
import { jsonBody, route, type RouteGroup, type RouteSpec } from '../pipeline/route-spec.js';
import { presentCollection, presentSliceDetails, presentSliceListItem } from './merchandising-presenter.js';
import {
  CollectionParams,
  ProductEditsBody,
  SliceBody,
  SliceDetailsResponse,
  SliceFiltersBody,
  SliceListQuery,
  SliceListResponse,
  SliceParams,
  SliceWrittenResponse,
  sliceCursor,
} from './merchandising-schemas.js';
import {
  actorOf,
  BUILDER_TAG,
  COLLECTION_EXAMPLE,
  SLICE_INPUT_EXAMPLE,
  SLICE_PATH,
  SLICE_WRITTEN_EXAMPLE,
  SLICES_PATH,
  sliceWritten,
  versionHeaders,
  writtenResponse,
} from './slice-answers.js';

/** The demo's slice 3 read back: an AI slice showing available products only. */
const SLICE_DETAILS_EXAMPLE = {
  id: 3,
  name: 'Verão — destaque do fim de semana',
  type: 'AI',
  startsAt: '2026-11-19T19:00:00.000Z',
  endsAt: '2026-11-26T19:00:00.000Z',
  status: 'ACTIVE',
  colour: 'green',
  productCount: 3,
  filters: { availableOnly: true },
  createdAt: '2026-11-21T12:00:00.000Z',
  updatedAt: '2026-11-21T12:00:00.000Z',
  updatedBy: 'demo-data',
  version: 1,
  products: [
    { productId: 'VES-001', position: 1, active: true },
    { productId: 'VES-007', position: 2, active: false },
    { productId: 'VES-004', position: 3, active: true },
  ],
};

const SLICE_LIST_EXAMPLE = {
  collection: COLLECTION_EXAMPLE,
  slices: [
    {
      id: 1,
      name: 'Pré-verão',
      type: 'MANUAL',
      startsAt: '2026-10-22T19:00:00.000Z',
      endsAt: '2026-11-11T19:00:00.000Z',
      status: 'EXPIRED',
      colour: 'red',
      productCount: 8,
      filters: {},
      createdAt: '2026-11-21T12:00:00.000Z',
      updatedAt: '2026-11-21T12:00:00.000Z',
      updatedBy: 'demo-data',
      version: 1,
      overlapsWith: [],
    },
  ],
  nextCursor: 'MTc5MjY5NTYwMDAwMDox',
};

/** A collection's slices, chosen by hand: listed, created, read, replaced, their products edited, deleted. */
export function sliceRoutes(
  list: ListSlices,
  create: CreateSlice,
  get: GetSlice,
  replace: ReplaceSlice,
  editProducts: EditSliceProducts,
  remove: DeleteSlice,
): RouteGroup {
  return {
    tag: BUILDER_TAG,
    schemas: {
      SliceInput: SliceBody,
      SliceFilters: SliceFiltersBody,
      Slice: SliceWrittenResponse,
      SliceDetails: SliceDetailsResponse,
      SliceList: SliceListResponse,
    },
    routes: [listing(list), creation(create), reading(get), replacing(replace), productEdits(editProducts), removal(remove)],
  };
}

function listing(list: ListSlices): RouteSpec {
  return route({
    method: 'GET',
    path: SLICES_PATH,
    operationId: 'listSlices',
    summary: 'A collection and a page of its slices with their status and colour',
    description:
      'By start, then id; 100 a page unless `limit` says (at most 200); `cursor` is the `nextCursor` of the page before.',
    scope: 'collections:read',
    params: CollectionParams,
    query: SliceListQuery,
    responses: [
      { status: 200, description: 'The collection and its slices.', body: SliceListResponse, headers: ['ETag', 'Cache-Control'] },
    ],
    problems: ['COLLECTION_NOT_FOUND'],
    examples: { params: { id: 1 }, query: { limit: '1' }, responses: { 200: SLICE_LIST_EXAMPLE } },
    handler: async ({ params, query }) => {
      const listed = await list.execute(params.id, {
        status: query.status,
        limit: query.limit ?? DEFAULT_SLICE_PAGE,
        after: query.cursor,
      });
      const { collection } = listed;
      return json(
        200,
        {
          collection: presentCollection(collection),
          slices: listed.slices.map(presentSliceListItem),
          nextCursor: listed.next === undefined ? null : sliceCursor(listed.next),
        },
        versionHeaders('collection', collection.id, collection.version),
      );
    },
  });
}

function creation(create: CreateSlice): RouteSpec {
  return route({
    method: 'POST',
    path: SLICES_PATH,
    operationId: 'createSlice',
    summary: 'Add a slice chosen by hand',
    scope: 'collections:write',
    params: CollectionParams,
    body: jsonBody(SliceBody),
    responses: [writtenResponse(201)],
    problems: ['COLLECTION_NOT_FOUND', 'CONFLICT'],
    examples: { params: { id: 1 }, body: SLICE_INPUT_EXAMPLE, responses: { 201: SLICE_WRITTEN_EXAMPLE } },
    handler: async ({ params, body, principal }) =>
      sliceWritten(201, await create.execute(params.id, { ...body, endsAt: body.endsAt ?? undefined }, actorOf(principal))),
  });
}

function reading(get: GetSlice): RouteSpec {
  return route({
    method: 'GET',
    path: SLICE_PATH,
    operationId: 'getSlice',
    summary: 'A slice with every product and its active flag',
    scope: 'collections:read',
    params: SliceParams,
    responses: [{ status: 200, description: 'The slice.', body: SliceDetailsResponse, headers: ['ETag', 'Cache-Control'] }],
    problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND'],
    examples: { params: { id: 1, sliceId: 3 }, responses: { 200: SLICE_DETAILS_EXAMPLE } },
    handler: async ({ params }) => {
      const details = await get.execute(params.id, params.sliceId);
      return json(200, presentSliceDetails(details), versionHeaders('slice', details.slice.id, details.slice.version));
    },
  });
}

function replacing(replace: ReplaceSlice): RouteSpec {
  return route({
    method: 'PUT',
    path: SLICE_PATH,
    operationId: 'replaceSlice',
    summary: 'Replace a slice',
    scope: 'collections:write',
    params: SliceParams,
    body: jsonBody(SliceBody),
    precondition: { of: 'slice', idParam: 'sliceId' },
    responses: [writtenResponse(200)],
    problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND', 'CONFLICT'],
    examples: {
      params: { id: 1, sliceId: 8 },
      body: { ...SLICE_INPUT_EXAMPLE, endsAt: '2026-12-01T03:00:00Z' },
      responses: {
        200: {
          ...SLICE_WRITTEN_EXAMPLE,
          endsAt: '2026-12-01T03:00:00.000Z',
          version: 2,
          warnings: [{ ...SLICE_WRITTEN_EXAMPLE.warnings[0], until: '2026-12-01T03:00:00.000Z' }],
        },
      },
    },
    handler: async ({ params, body, principal, precondition }) => {
      const input = { ...body, endsAt: body.endsAt ?? undefined };
      return sliceWritten(
        200,
        await replace.execute(params.id, params.sliceId, input, { actor: actorOf(principal), precondition }),
      );
    },
  });
}

function productEdits(editProducts: EditSliceProducts): RouteSpec {
  return route({
    method: 'PATCH',
    path: `${SLICE_PATH}/products`,
    operationId: 'editSliceProducts',
    summary: "Add, remove or move a slice's products",
    description: 'The operations apply in order, all or none.',
    scope: 'collections:write',
    params: SliceParams,
    body: jsonBody(ProductEditsBody),
    precondition: { of: 'slice', idParam: 'sliceId' },
    responses: [writtenResponse(200)],
    problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND', 'CONFLICT'],
    examples: {
      params: { id: 1, sliceId: 8 },
      body: {
        operations: [
          { op: 'add', productId: 'BOL-003', position: 1 },
          { op: 'remove', productId: 'ACE-005' },
        ],
      },
      responses: {
        200: {
          ...SLICE_WRITTEN_EXAMPLE,
          version: 2,
          products: [
            { productId: 'BOL-003', position: 1 },
            { productId: 'VES-001', position: 2 },
            { productId: 'SAN-002', position: 3 },
          ],
        },
      },
    },
    handler: async ({ params, body, principal, precondition }) =>
      sliceWritten(
        200,
        await editProducts.execute(params.id, params.sliceId, body.operations, { actor: actorOf(principal), precondition }),
      ),
  });
}

function removal(remove: DeleteSlice): RouteSpec {
  return route({
    method: 'DELETE',
    path: SLICE_PATH,
    operationId: 'deleteSlice',
    summary: 'Delete a slice',
    scope: 'collections:write',
    params: SliceParams,
    precondition: { of: 'slice', idParam: 'sliceId' },
    responses: [{ status: 204, description: 'Deleted.' }],
    problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND'],
    examples: { params: { id: 1, sliceId: 8 }, responses: {} },
    handler: async ({ params, precondition }) => {
      await remove.execute(params.id, params.sliceId, precondition);
      return noContent();
    },
  });
}
