import type { CreateAiSlice, RegenerateAiSlice } from '../../../application/merchandising/ai-slices.js';
import type {
  CreateSpreadsheetSlice,
  ReplaceSliceProductsFromSpreadsheet,
} from '../../../application/merchandising/spreadsheet-slices.js';
import type { SpreadsheetReader } from '../../spreadsheet/spreadsheet-workers.js';
import { jsonBody, route, SPREADSHEET_BODY, type RouteGroup, type RouteSpec } from '../pipeline/route-spec.js';
import { AiSliceBody, CollectionParams, SliceParams, SpreadsheetSliceQuery } from './merchandising-schemas.js';
import { actorOf, BUILDER_TAG, SLICE_PATH, SLICES_PATH, sliceWritten, writtenResponse } from './slice-answers.js';

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
    handler: async ({ params, principal, precondition }) =>
      sliceWritten(200, await regenerate.execute(params.id, params.sliceId, { actor: actorOf(principal), precondition })),
  });
}
