import type { CreateAiSlice, RegenerateAiSlice } from '../../../application/merchandising/ai-slices.js';
import type {
  CreateSpreadsheetSlice,
  ReplaceSliceProductsFromSpreadsheet,
} from '../../../application/merchandising/spreadsheet-slices.js';
import type { SpreadsheetReader } from '../../spreadsheet/spreadsheet-workers.js';
import { jsonBody, route, SPREADSHEET_BODY, type RouteGroup, type RouteSpec } from '../pipeline/route-spec.js';
import { AiSliceBody, CollectionParams, SliceParams, SpreadsheetSliceQuery } from './merchandising-schemas.js';
import {
  actorOf,
  BUILDER_TAG,
  SLICE_PATH,
  SLICE_WRITTEN_EXAMPLE,
  SLICES_PATH,
  sliceWritten,
  writtenResponse,
} from './slice-answers.js';

/** A spreadsheet as CSV: its header row, then a product a row. */
const SHEET_EXAMPLE = 'productId,position\nVES-002,1\nSAN-005,2\nBOL-006,3\n';

const SHEET_PRODUCTS_EXAMPLE = [
  { productId: 'VES-002', position: 1 },
  { productId: 'SAN-005', position: 2 },
  { productId: 'BOL-006', position: 3 },
];

const AI_SLICE_EXAMPLE = {
  ...SLICE_WRITTEN_EXAMPLE,
  id: 9,
  name: 'Parecidos com o vestido midi',
  type: 'AI',
  startsAt: '2026-12-20T03:00:00.000Z',
  endsAt: '9999-12-31T23:59:59.999Z',
  productCount: 4,
  filters: {},
  generator: { seeds: ['VES-001'], size: 4, includeSeeds: false },
  products: [
    { productId: 'VES-004', position: 1 },
    { productId: 'SAN-002', position: 2 },
    { productId: 'BOL-003', position: 3 },
    { productId: 'ACE-005', position: 4 },
  ],
  warnings: [],
};

/** Slices whose products come from a spreadsheet, or from the similarity engine given seed products. */
export function spreadsheetAndAiRoutes(
  fromSpreadsheet: CreateSpreadsheetSlice,
  productsFromSpreadsheet: ReplaceSliceProductsFromSpreadsheet,
  fromSeeds: CreateAiSlice,
  regenerate: RegenerateAiSlice,
  spreadsheets: SpreadsheetReader,
): RouteGroup {
  return {
    tag: BUILDER_TAG,
    schemas: { AiSliceInput: AiSliceBody },
    routes: [
      spreadsheetSlice(fromSpreadsheet, spreadsheets),
      spreadsheetProducts(productsFromSpreadsheet, spreadsheets),
      aiSlice(fromSeeds),
      regeneration(regenerate),
    ],
  };
}

function spreadsheetSlice(fromSpreadsheet: CreateSpreadsheetSlice, spreadsheets: SpreadsheetReader): RouteSpec {
  return route({
    method: 'POST',
    path: `${SLICES_PATH}/spreadsheet`,
    operationId: 'createSpreadsheetSlice',
    summary: 'Add a slice from a spreadsheet (CSV or .xlsx)',
    description: 'The body is the file; the slice is described in the query string. Every cell problem is listed at once.',
    scope: 'collections:write',
    params: CollectionParams,
    query: SpreadsheetSliceQuery,
    body: SPREADSHEET_BODY,
    responses: [writtenResponse(201)],
    problems: ['COLLECTION_NOT_FOUND', 'CONFLICT'],
    examples: {
      params: { id: 1 },
      query: { name: 'Black Friday (planilha)', startsAt: '2026-11-27T03:00:00Z', filters: '{"availableOnly":true}' },
      body: SHEET_EXAMPLE,
      responses: {
        201: {
          ...SLICE_WRITTEN_EXAMPLE,
          name: 'Black Friday (planilha)',
          type: 'SPREADSHEET',
          endsAt: '9999-12-31T23:59:59.999Z',
          products: SHEET_PRODUCTS_EXAMPLE,
          warnings: [],
        },
      },
    },
    handler: async ({ params, query, body, principal }) => {
      const sheet = await spreadsheets.read(body.bytes, body.format);
      return sliceWritten(201, await fromSpreadsheet.execute(params.id, query, sheet, actorOf(principal)));
    },
  });
}

function spreadsheetProducts(
  productsFromSpreadsheet: ReplaceSliceProductsFromSpreadsheet,
  spreadsheets: SpreadsheetReader,
): RouteSpec {
  return route({
    method: 'PUT',
    path: `${SLICE_PATH}/products/spreadsheet`,
    operationId: 'replaceSliceProductsFromSpreadsheet',
    summary: "Replace a slice's products from a spreadsheet",
    scope: 'collections:write',
    params: SliceParams,
    body: SPREADSHEET_BODY,
    precondition: { of: 'slice', idParam: 'sliceId' },
    responses: [writtenResponse(200)],
    problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND', 'CONFLICT'],
    examples: {
      params: { id: 1, sliceId: 8 },
      body: SHEET_EXAMPLE,
      responses: { 200: { ...SLICE_WRITTEN_EXAMPLE, version: 2, products: SHEET_PRODUCTS_EXAMPLE } },
    },
    handler: async ({ params, body, principal, precondition }) => {
      const sheet = await spreadsheets.read(body.bytes, body.format);
      const options = { actor: actorOf(principal), precondition };
      return sliceWritten(200, await productsFromSpreadsheet.execute(params.id, params.sliceId, sheet, options));
    },
  });
}

function aiSlice(fromSeeds: CreateAiSlice): RouteSpec {
  return route({
    method: 'POST',
    path: `${SLICES_PATH}/ai`,
    operationId: 'createAiSlice',
    summary: 'Add a slice the similarity engine fills from seed products',
    scope: 'collections:write',
    params: CollectionParams,
    body: jsonBody(AiSliceBody),
    responses: [writtenResponse(201)],
    problems: ['COLLECTION_NOT_FOUND', 'CONFLICT'],
    examples: {
      params: { id: 1 },
      body: { name: 'Parecidos com o vestido midi', startsAt: '2026-12-20T03:00:00Z', seeds: ['VES-001'], size: 4 },
      responses: { 201: AI_SLICE_EXAMPLE },
    },
    handler: async ({ params, body, principal }) =>
      sliceWritten(201, await fromSeeds.execute(params.id, { ...body, endsAt: body.endsAt ?? undefined }, actorOf(principal))),
  });
}

function regeneration(regenerate: RegenerateAiSlice): RouteSpec {
  return route({
    method: 'POST',
    path: `${SLICE_PATH}/regenerate`,
    operationId: 'regenerateAiSlice',
    summary: 'Fill an AI slice again from its seeds and the current catalog',
    scope: 'collections:write',
    params: SliceParams,
    precondition: { of: 'slice', idParam: 'sliceId' },
    responses: [writtenResponse(200)],
    problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND', 'CONFLICT'],
    examples: { params: { id: 1, sliceId: 9 }, responses: { 200: { ...AI_SLICE_EXAMPLE, version: 2 } } },
    handler: async ({ params, principal, precondition }) =>
      sliceWritten(200, await regenerate.execute(params.id, params.sliceId, { actor: actorOf(principal), precondition })),
  });
}
