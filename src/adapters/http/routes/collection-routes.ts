import { CreateAiSlice, RegenerateAiSlice } from '../../../application/merchandising/ai-slices.js';
import { CreateCollection } from '../../../application/merchandising/create-collection.js';
import { CreateSlice } from '../../../application/merchandising/create-slice.js';
import { DeleteCollection } from '../../../application/merchandising/delete-collection.js';
import { DeleteSlice } from '../../../application/merchandising/delete-slice.js';
import { EditSliceProducts } from '../../../application/merchandising/edit-slice-products.js';
import { GetActiveSlice } from '../../../application/merchandising/get-active-slice.js';
import { GetSlice } from '../../../application/merchandising/get-slice.js';
import { GetTimeline } from '../../../application/merchandising/get-timeline.js';
import { ListCollections } from '../../../application/merchandising/list-collections.js';
import { ListSlices } from '../../../application/merchandising/list-slices.js';
import { PreviewActiveSlice } from '../../../application/merchandising/preview-active-slice.js';
import { ReplaceSlice } from '../../../application/merchandising/replace-slice.js';
import {
  CreateSpreadsheetSlice,
  ReplaceSliceProductsFromSpreadsheet,
} from '../../../application/merchandising/spreadsheet-slices.js';
import { UpdateCollection } from '../../../application/merchandising/update-collection.js';
import type { ActiveSliceView } from '../../../application/merchandising/views.js';
import type { Container } from 'inversify';
import { ClockToken, type Clock } from '../../../domain/shared/clock.js';
import { readSpreadsheet } from '../../spreadsheet/read-spreadsheet.js';
import { sendJson, sendNoContent, type VitrineContext } from '../context.js';
import { ifMatch, maxAgeSeconds, versionTag } from '../entity-tags.js';
import { renderer, sendRendered, type RenderedAnswer } from '../rendered-answers.js';
import { readUpload } from '../middleware/upload.js';
import {
  presentActiveSlice,
  presentCollection,
  presentSlice,
  presentSliceDetails,
  presentSliceListItem,
  presentTimeline,
} from '../presenters/merchandising-presenter.js';
import {
  ActiveSliceResponse,
  AiSliceBody,
  CollectionListQuery,
  CollectionPageResponse,
  CollectionResponse,
  CollectionParams,
  CreateCollectionBody,
  PreviewQuery,
  ProductEditsBody,
  SliceBody,
  SliceDetailsResponse,
  SliceListQuery,
  SliceListResponse,
  SliceParams,
  SliceWrittenResponse,
  SpreadsheetSliceQuery,
  TimelineQuery,
  TimelineResponse,
  UpdateCollectionBody,
} from '../schemas/merchandising-schemas.js';
import { parseBody, parseInput } from '../validation.js';
import type { RouteSpec, SuccessResponse } from './route-spec.js';

export const COLLECTIONS_BASE = '/api/v1/merchandising-collections/protected';

/** How long at most a client may reuse the contract answer without asking again. */
export const ACTIVE_SLICE_MAX_AGE_SECONDS = 60;

/** The name of the token making a change: what `updatedBy` records. */
function actorOf(ctx: VitrineContext): string {
  return ctx.state.principal?.name ?? 'unknown';
}

export function collectionRoutes(container: Container): RouteSpec[] {
  const use = {
    createCollection: container.get(CreateCollection),
    listCollections: container.get(ListCollections),
    updateCollection: container.get(UpdateCollection),
    deleteCollection: container.get(DeleteCollection),
    getActiveSlice: container.get(GetActiveSlice),
    previewActiveSlice: container.get(PreviewActiveSlice),
    getTimeline: container.get(GetTimeline),
    listSlices: container.get(ListSlices),
    createSlice: container.get(CreateSlice),
    createSpreadsheetSlice: container.get(CreateSpreadsheetSlice),
    createAiSlice: container.get(CreateAiSlice),
    getSlice: container.get(GetSlice),
    replaceSlice: container.get(ReplaceSlice),
    editSliceProducts: container.get(EditSliceProducts),
    replaceProductsFromSpreadsheet: container.get(ReplaceSliceProductsFromSpreadsheet),
    regenerateAiSlice: container.get(RegenerateAiSlice),
    deleteSlice: container.get(DeleteSlice),
  };
  const clock = container.get<Clock>(ClockToken);
  const renderActiveSlice = renderer(presentActiveSlice);

  const collection = `${COLLECTIONS_BASE}/:id`;
  const slices = `${collection}/slices`;
  const slice = `${slices}/:sliceId`;

  /** A written slice: 201 or 200, its entity tag, its body with warnings. */
  const sendSlice = (ctx: VitrineContext, status: number, change: Parameters<typeof presentSlice>[0]) => {
    ctx.set('ETag', versionTag('slice', change.slice.id, change.slice.version));
    if (status === 201) ctx.set('Location', `${COLLECTIONS_BASE}/${change.slice.collectionId}/slices/${change.slice.id}`);
    sendJson(ctx, status, presentSlice(change));
  };

  const written = (status: 200 | 201): SuccessResponse => ({
    status,
    description:
      status === 201
        ? 'Created: the slice, and warnings about overlapping slices.'
        : 'Saved: the slice, and warnings about overlapping slices.',
    body: SliceWrittenResponse,
    headers: status === 201 ? ['ETag', 'Location'] : ['ETag'],
  });

  /** The routes that change one slice: same parameters, same precondition, same answers. */
  const sliceChange = (
    spec: Pick<RouteSpec, 'method' | 'path' | 'operationId' | 'summary' | 'description' | 'body'>,
    change: (
      ctx: VitrineContext,
      id: number,
      sliceId: number,
      options: { actor: string; ifMatch: number[] | undefined },
    ) => Promise<Parameters<typeof presentSlice>[0]>,
  ): RouteSpec => ({
    ...spec,
    tag: 'Builder',
    scope: 'collections:write',
    params: SliceParams,
    conditional: 'If-Match',
    responses: [written(200)],
    problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND', 'CONFLICT'],
    handler: async (ctx) => {
      const { id, sliceId } = parseInput(SliceParams, ctx.params);
      sendSlice(ctx, 200, await change(ctx, id, sliceId, { actor: actorOf(ctx), ifMatch: ifMatch(ctx, 'slice', sliceId) }));
    },
  });

  return [
    {
      method: 'GET',
      path: collection,
      operationId: 'getActiveSlice',
      tag: 'Collections',
      summary: 'What a collection shows now',
      description:
        'The one active slice: the latest start wins, then the highest slice id. Each product carries its active flag from the slice filters. `Cache-Control: max-age` never reaches past the next slice transition. With `?at=`, a preview of any instant: needs collections:write, never cached.',
      scope: 'collections:read',
      scopeOf: (ctx) => (ctx.query.at === undefined ? 'collections:read' : 'collections:write'),
      params: CollectionParams,
      query: PreviewQuery,
      conditional: 'If-None-Match',
      responses: [
        { status: 200, description: 'The active slice.', body: ActiveSliceResponse, headers: ['ETag', 'Cache-Control'] },
        { status: 304, description: 'The copy the client holds (If-None-Match) is current.', headers: ['ETag', 'Cache-Control'] },
      ],
      problems: ['COLLECTION_NOT_FOUND', 'NO_ACTIVE_SLICE'],
      handler: async (ctx) => {
        const { id } = parseInput(CollectionParams, ctx.params);
        const { at } = parseInput(PreviewQuery, ctx.query);
        if (at !== undefined) {
          ctx.set('Cache-Control', 'no-store');
          sendJson(ctx, 200, presentActiveSlice(await use.previewActiveSlice.execute(id, at)));
          return;
        }
        sendCacheable(ctx, clock, await use.getActiveSlice.execute(id), renderActiveSlice);
      },
      hot: ({ params }) => {
        const { id } = parseInput(CollectionParams, params);
        const view = use.getActiveSlice.peek(id);
        if (view === undefined) return undefined;
        return { rendered: renderActiveSlice(view), tagged: true, headers: { 'Cache-Control': cacheControl(clock, view) } };
      },
    },
    {
      method: 'POST',
      path: COLLECTIONS_BASE,
      operationId: 'createCollection',
      tag: 'Builder',
      summary: 'Create a collection',
      scope: 'collections:write',
      body: { json: CreateCollectionBody },
      responses: [{ status: 201, description: 'Created.', body: CollectionResponse, headers: ['ETag', 'Location'] }],
      handler: async (ctx) => {
        const body = parseBody(CreateCollectionBody, ctx.request.body);
        const created = await use.createCollection.execute(body, actorOf(ctx));
        ctx.set('ETag', versionTag('collection', created.id, created.version));
        ctx.set('Location', `${COLLECTIONS_BASE}/${created.id}/slices`);
        sendJson(ctx, 201, presentCollection(created));
      },
    },
    {
      method: 'GET',
      path: COLLECTIONS_BASE,
      operationId: 'listCollections',
      tag: 'Builder',
      summary: 'List collections, a page at a time',
      scope: 'collections:read',
      query: CollectionListQuery,
      responses: [{ status: 200, description: 'A page of collections, oldest first.', body: CollectionPageResponse }],
      handler: async (ctx) => {
        const query = parseInput(CollectionListQuery, ctx.query);
        const page = await use.listCollections.execute({ limit: query.limit, afterId: query.cursor, name: query.name });
        sendJson(ctx, 200, {
          collections: page.items.map(presentCollection),
          nextCursor: page.nextAfterId === undefined ? null : Buffer.from(String(page.nextAfterId)).toString('base64url'),
        });
      },
    },
    {
      method: 'PATCH',
      path: collection,
      operationId: 'updateCollection',
      tag: 'Builder',
      summary: 'Rename a collection or change its description',
      scope: 'collections:write',
      params: CollectionParams,
      body: { json: UpdateCollectionBody },
      conditional: 'If-Match',
      responses: [{ status: 200, description: 'Saved.', body: CollectionResponse, headers: ['ETag'] }],
      problems: ['COLLECTION_NOT_FOUND'],
      handler: async (ctx) => {
        const { id } = parseInput(CollectionParams, ctx.params);
        const body = parseBody(UpdateCollectionBody, ctx.request.body);
        const updated = await use.updateCollection.execute(id, body, {
          actor: actorOf(ctx),
          ifMatch: ifMatch(ctx, 'collection', id),
        });
        ctx.set('ETag', versionTag('collection', updated.id, updated.version));
        sendJson(ctx, 200, presentCollection(updated));
      },
    },
    {
      method: 'DELETE',
      path: collection,
      operationId: 'deleteCollection',
      tag: 'Builder',
      summary: 'Delete a collection and its slices',
      scope: 'collections:write',
      params: CollectionParams,
      conditional: 'If-Match',
      responses: [{ status: 204, description: 'Deleted.' }],
      problems: ['COLLECTION_NOT_FOUND'],
      handler: async (ctx) => {
        const { id } = parseInput(CollectionParams, ctx.params);
        await use.deleteCollection.execute(id, { ifMatch: ifMatch(ctx, 'collection', id) });
        sendNoContent(ctx);
      },
    },
    {
      method: 'GET',
      path: `${collection}/timeline`,
      operationId: 'getTimeline',
      tag: 'Builder',
      summary: 'Which slice the collection shows when',
      description: 'The instants from `from` to `to` cut into segments, each with the slice shown then (or none).',
      scope: 'collections:read',
      params: CollectionParams,
      query: TimelineQuery,
      responses: [{ status: 200, description: 'The segments, in time order.', body: TimelineResponse }],
      problems: ['COLLECTION_NOT_FOUND'],
      handler: async (ctx) => {
        const { id } = parseInput(CollectionParams, ctx.params);
        const { from, to } = parseInput(TimelineQuery, ctx.query);
        const { segments } = await use.getTimeline.execute(id, from, to);
        sendJson(ctx, 200, presentTimeline(id, from, to, segments));
      },
    },
    {
      method: 'GET',
      path: slices,
      operationId: 'listSlices',
      tag: 'Builder',
      summary: 'A collection and its slices with their status and colour',
      scope: 'collections:read',
      params: CollectionParams,
      query: SliceListQuery,
      responses: [
        {
          status: 200,
          description: 'The collection and its slices.',
          body: SliceListResponse,
          headers: ['ETag', 'Cache-Control'],
        },
      ],
      problems: ['COLLECTION_NOT_FOUND'],
      handler: async (ctx) => {
        const { id } = parseInput(CollectionParams, ctx.params);
        const { status } = parseInput(SliceListQuery, ctx.query);
        const listed = await use.listSlices.execute(id, { status });
        setVersionTag(ctx, versionTag('collection', listed.collection.id, listed.collection.version));
        sendJson(ctx, 200, { collection: presentCollection(listed.collection), slices: listed.slices.map(presentSliceListItem) });
      },
    },
    {
      method: 'POST',
      path: slices,
      operationId: 'createSlice',
      tag: 'Builder',
      summary: 'Add a slice chosen by hand',
      scope: 'collections:write',
      params: CollectionParams,
      body: { json: SliceBody },
      responses: [written(201)],
      problems: ['COLLECTION_NOT_FOUND', 'CONFLICT'],
      handler: async (ctx) => {
        const { id } = parseInput(CollectionParams, ctx.params);
        const body = parseBody(SliceBody, ctx.request.body);
        sendSlice(ctx, 201, await use.createSlice.execute(id, { ...body, endsAt: body.endsAt ?? undefined }, actorOf(ctx)));
      },
    },
    {
      method: 'POST',
      path: `${slices}/spreadsheet`,
      operationId: 'createSpreadsheetSlice',
      tag: 'Builder',
      summary: 'Add a slice from a spreadsheet (CSV or .xlsx)',
      description: 'The body is the file; the slice is described in the query string. Every cell problem is listed at once.',
      scope: 'collections:write',
      params: CollectionParams,
      query: SpreadsheetSliceQuery,
      body: { spreadsheet: true },
      responses: [written(201)],
      problems: ['COLLECTION_NOT_FOUND', 'CONFLICT'],
      handler: async (ctx) => {
        const { id } = parseInput(CollectionParams, ctx.params);
        const slice = parseInput(SpreadsheetSliceQuery, ctx.query);
        const upload = await readUpload(ctx);
        const sheet = await readSpreadsheet(upload.bytes, upload.format);
        sendSlice(ctx, 201, await use.createSpreadsheetSlice.execute(id, slice, sheet, actorOf(ctx)));
      },
    },
    {
      method: 'POST',
      path: `${slices}/ai`,
      operationId: 'createAiSlice',
      tag: 'Builder',
      summary: 'Add a slice the similarity engine fills from seed products',
      scope: 'collections:write',
      params: CollectionParams,
      body: { json: AiSliceBody },
      responses: [written(201)],
      problems: ['COLLECTION_NOT_FOUND', 'CONFLICT'],
      handler: async (ctx) => {
        const { id } = parseInput(CollectionParams, ctx.params);
        const body = parseBody(AiSliceBody, ctx.request.body);
        sendSlice(ctx, 201, await use.createAiSlice.execute(id, { ...body, endsAt: body.endsAt ?? undefined }, actorOf(ctx)));
      },
    },
    {
      method: 'GET',
      path: slice,
      operationId: 'getSlice',
      tag: 'Builder',
      summary: 'A slice with every product and its active flag',
      scope: 'collections:read',
      params: SliceParams,
      responses: [{ status: 200, description: 'The slice.', body: SliceDetailsResponse, headers: ['ETag', 'Cache-Control'] }],
      problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND'],
      handler: async (ctx) => {
        const { id, sliceId } = parseInput(SliceParams, ctx.params);
        const details = await use.getSlice.execute(id, sliceId);
        setVersionTag(ctx, versionTag('slice', details.slice.id, details.slice.version));
        sendJson(ctx, 200, presentSliceDetails(details));
      },
    },
    sliceChange(
      { method: 'PUT', path: slice, operationId: 'replaceSlice', summary: 'Replace a slice', body: { json: SliceBody } },
      (ctx, id, sliceId, options) => {
        const body = parseBody(SliceBody, ctx.request.body);
        return use.replaceSlice.execute(id, sliceId, { ...body, endsAt: body.endsAt ?? undefined }, options);
      },
    ),
    sliceChange(
      {
        method: 'PATCH',
        path: `${slice}/products`,
        operationId: 'editSliceProducts',
        summary: "Add, remove or move a slice's products",
        description: 'The operations apply in order, all or none.',
        body: { json: ProductEditsBody },
      },
      (ctx, id, sliceId, options) => {
        const { operations } = parseBody(ProductEditsBody, ctx.request.body);
        return use.editSliceProducts.execute(id, sliceId, operations, options);
      },
    ),
    sliceChange(
      {
        method: 'PUT',
        path: `${slice}/products/spreadsheet`,
        operationId: 'replaceSliceProductsFromSpreadsheet',
        summary: "Replace a slice's products from a spreadsheet",
        body: { spreadsheet: true },
      },
      async (ctx, id, sliceId, options) => {
        const upload = await readUpload(ctx);
        const sheet = await readSpreadsheet(upload.bytes, upload.format);
        return use.replaceProductsFromSpreadsheet.execute(id, sliceId, sheet, options);
      },
    ),
    sliceChange(
      {
        method: 'POST',
        path: `${slice}/regenerate`,
        operationId: 'regenerateAiSlice',
        summary: 'Fill an AI slice again from its seeds and the current catalog',
      },
      (_ctx, id, sliceId, options) => use.regenerateAiSlice.execute(id, sliceId, options),
    ),
    {
      method: 'DELETE',
      path: slice,
      operationId: 'deleteSlice',
      tag: 'Builder',
      summary: 'Delete a slice',
      scope: 'collections:write',
      params: SliceParams,
      conditional: 'If-Match',
      responses: [{ status: 204, description: 'Deleted.' }],
      problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND'],
      handler: async (ctx) => {
        const { id, sliceId } = parseInput(SliceParams, ctx.params);
        await use.deleteSlice.execute(id, sliceId, { ifMatch: ifMatch(ctx, 'slice', sliceId) });
        sendNoContent(ctx);
      },
    },
  ];
}

/**
 * A builder read's entity tag names the stored version, for `If-Match` on the next write. What
 * the body also shows (a status, active flags) changes with the clock and the catalog, so these
 * answers are not for caches to keep.
 */
function setVersionTag(ctx: VitrineContext, tag: string): void {
  ctx.set('ETag', tag);
  ctx.set('Cache-Control', 'no-store');
}

/** The contract answer with HTTP caching: never reused past the next slice transition, 304 when the client's copy is current. */
function sendCacheable(
  ctx: VitrineContext,
  clock: Clock,
  view: ActiveSliceView,
  render: (view: ActiveSliceView) => RenderedAnswer,
): void {
  ctx.set('Cache-Control', cacheControl(clock, view));
  sendRendered(ctx, render(view));
}

/** A client may reuse the answer until the next slice transition, and for at most a minute. */
function cacheControl(clock: Clock, view: ActiveSliceView): string {
  return `private, max-age=${maxAgeSeconds(clock.now(), view.nextChange, ACTIVE_SLICE_MAX_AGE_SECONDS)}`;
}
