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
import { ClockToken, type Clock } from '../../../domain/shared/clock.js';
import { readSpreadsheet } from '../../spreadsheet/read-spreadsheet.js';
import { sendJson, sendNoContent, type VitrineContext } from '../context.js';
import { contentTag, ifMatch, maxAgeSeconds, noneMatchHits, versionTag } from '../entity-tags.js';
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
  AiSliceBody,
  CollectionListQuery,
  CollectionParams,
  CreateCollectionBody,
  PreviewQuery,
  ProductEditsBody,
  SliceBody,
  SliceListQuery,
  SliceParams,
  SpreadsheetSliceQuery,
  TimelineQuery,
  UpdateCollectionBody,
} from '../schemas/merchandising-schemas.js';
import { parseBody, parseInput } from '../validation.js';
import type { RouteKit } from './route-kit.js';

export const COLLECTIONS_BASE = '/api/v1/merchandising-collections/protected';

/** How long at most a client may reuse the contract answer without asking again. */
export const ACTIVE_SLICE_MAX_AGE_SECONDS = 60;

/** The name of the token making a change: what `updatedBy` records. */
function actorOf(ctx: VitrineContext): string {
  return ctx.state.principal?.name ?? 'unknown';
}

export function collectionRoutes({ router, container, requireScope, jsonBody }: RouteKit): void {
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

  const read = requireScope('collections:read');
  const write = requireScope('collections:write');
  const collection = `${COLLECTIONS_BASE}/:id`;
  const slices = `${collection}/slices`;
  const slice = `${slices}/:sliceId`;

  /** A written slice: 201 or 200, its entity tag, its body with warnings. */
  const sendSlice = (ctx: VitrineContext, status: number, change: Parameters<typeof presentSlice>[0]) => {
    ctx.set('ETag', versionTag('slice', change.slice.id, change.slice.version));
    if (status === 201) ctx.set('Location', `${COLLECTIONS_BASE}/${change.slice.collectionId}/slices/${change.slice.id}`);
    sendJson(ctx, status, presentSlice(change));
  };

  /**
   * The contract's read: what the collection shows now, with a strong ETag of the answer and a
   * max-age that never reaches past the next slice transition. With `?at=`, a merchandiser's
   * preview of any instant: collections:write instead of collections:read, never cached.
   */
  const readOrPreview: typeof read = (ctx, next) => (ctx.query.at === undefined ? read(ctx, next) : write(ctx, next));
  router.get(collection, readOrPreview, async (ctx) => {
    const { id } = parseInput(CollectionParams, ctx.params);
    const { at } = parseInput(PreviewQuery, ctx.query);
    if (at !== undefined) {
      ctx.set('Cache-Control', 'no-store');
      sendJson(ctx, 200, presentActiveSlice(await use.previewActiveSlice.execute(id, at)));
      return;
    }
    sendCacheable(ctx, clock, await use.getActiveSlice.execute(id));
  });

  router.post(COLLECTIONS_BASE, write, jsonBody, async (ctx) => {
    const body = parseBody(CreateCollectionBody, ctx.request.body);
    const created = await use.createCollection.execute(body, actorOf(ctx));
    ctx.set('ETag', versionTag('collection', created.id, created.version));
    ctx.set('Location', `${COLLECTIONS_BASE}/${created.id}/slices`);
    sendJson(ctx, 201, presentCollection(created));
  });

  router.get(COLLECTIONS_BASE, read, async (ctx) => {
    const query = parseInput(CollectionListQuery, ctx.query);
    const page = await use.listCollections.execute({ limit: query.limit, afterId: query.cursor, name: query.name });
    sendJson(ctx, 200, {
      collections: page.items.map(presentCollection),
      nextCursor: page.nextAfterId === undefined ? null : Buffer.from(String(page.nextAfterId)).toString('base64url'),
    });
  });

  router.patch(collection, write, jsonBody, async (ctx) => {
    const { id } = parseInput(CollectionParams, ctx.params);
    const body = parseBody(UpdateCollectionBody, ctx.request.body);
    const updated = await use.updateCollection.execute(id, body, {
      actor: actorOf(ctx),
      ifMatch: ifMatch(ctx, 'collection', id),
    });
    ctx.set('ETag', versionTag('collection', updated.id, updated.version));
    sendJson(ctx, 200, presentCollection(updated));
  });

  router.delete(collection, write, async (ctx) => {
    const { id } = parseInput(CollectionParams, ctx.params);
    await use.deleteCollection.execute(id, { ifMatch: ifMatch(ctx, 'collection', id) });
    sendNoContent(ctx);
  });

  router.get(`${collection}/timeline`, read, async (ctx) => {
    const { id } = parseInput(CollectionParams, ctx.params);
    const { from, to } = parseInput(TimelineQuery, ctx.query);
    const { segments } = await use.getTimeline.execute(id, from, to);
    sendJson(ctx, 200, presentTimeline(id, from, to, segments));
  });

  router.get(slices, read, async (ctx) => {
    const { id } = parseInput(CollectionParams, ctx.params);
    const { status } = parseInput(SliceListQuery, ctx.query);
    const listed = await use.listSlices.execute(id, { status });
    setVersionTag(ctx, versionTag('collection', listed.collection.id, listed.collection.version));
    sendJson(ctx, 200, { collection: presentCollection(listed.collection), slices: listed.slices.map(presentSliceListItem) });
  });

  router.post(slices, write, jsonBody, async (ctx) => {
    const { id } = parseInput(CollectionParams, ctx.params);
    const body = parseBody(SliceBody, ctx.request.body);
    sendSlice(ctx, 201, await use.createSlice.execute(id, { ...body, endsAt: body.endsAt ?? undefined }, actorOf(ctx)));
  });

  router.post(`${slices}/spreadsheet`, write, async (ctx) => {
    const { id } = parseInput(CollectionParams, ctx.params);
    const slice = parseInput(SpreadsheetSliceQuery, ctx.query);
    const upload = await readUpload(ctx);
    const sheet = await readSpreadsheet(upload.bytes, upload.format);
    sendSlice(ctx, 201, await use.createSpreadsheetSlice.execute(id, slice, sheet, actorOf(ctx)));
  });

  router.post(`${slices}/ai`, write, jsonBody, async (ctx) => {
    const { id } = parseInput(CollectionParams, ctx.params);
    const body = parseBody(AiSliceBody, ctx.request.body);
    sendSlice(ctx, 201, await use.createAiSlice.execute(id, { ...body, endsAt: body.endsAt ?? undefined }, actorOf(ctx)));
  });

  router.get(slice, read, async (ctx) => {
    const { id, sliceId } = parseInput(SliceParams, ctx.params);
    const details = await use.getSlice.execute(id, sliceId);
    setVersionTag(ctx, versionTag('slice', details.slice.id, details.slice.version));
    sendJson(ctx, 200, presentSliceDetails(details));
  });

  router.put(slice, write, jsonBody, async (ctx) => {
    const { id, sliceId } = parseInput(SliceParams, ctx.params);
    const body = parseBody(SliceBody, ctx.request.body);
    const options = { actor: actorOf(ctx), ifMatch: ifMatch(ctx, 'slice', sliceId) };
    sendSlice(ctx, 200, await use.replaceSlice.execute(id, sliceId, { ...body, endsAt: body.endsAt ?? undefined }, options));
  });

  router.patch(`${slice}/products`, write, jsonBody, async (ctx) => {
    const { id, sliceId } = parseInput(SliceParams, ctx.params);
    const { operations } = parseBody(ProductEditsBody, ctx.request.body);
    const options = { actor: actorOf(ctx), ifMatch: ifMatch(ctx, 'slice', sliceId) };
    sendSlice(ctx, 200, await use.editSliceProducts.execute(id, sliceId, operations, options));
  });

  router.put(`${slice}/products/spreadsheet`, write, async (ctx) => {
    const { id, sliceId } = parseInput(SliceParams, ctx.params);
    const upload = await readUpload(ctx);
    const sheet = await readSpreadsheet(upload.bytes, upload.format);
    const options = { actor: actorOf(ctx), ifMatch: ifMatch(ctx, 'slice', sliceId) };
    sendSlice(ctx, 200, await use.replaceProductsFromSpreadsheet.execute(id, sliceId, sheet, options));
  });

  router.post(`${slice}/regenerate`, write, async (ctx) => {
    const { id, sliceId } = parseInput(SliceParams, ctx.params);
    const options = { actor: actorOf(ctx), ifMatch: ifMatch(ctx, 'slice', sliceId) };
    sendSlice(ctx, 200, await use.regenerateAiSlice.execute(id, sliceId, options));
  });

  router.delete(slice, write, async (ctx) => {
    const { id, sliceId } = parseInput(SliceParams, ctx.params);
    await use.deleteSlice.execute(id, sliceId, { ifMatch: ifMatch(ctx, 'slice', sliceId) });
    sendNoContent(ctx);
  });
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

/** The contract answer with HTTP caching: 304 when the client's copy is current. */
function sendCacheable(ctx: VitrineContext, clock: Clock, view: ActiveSliceView): void {
  const body = JSON.stringify(presentActiveSlice(view));
  const tag = contentTag(body);
  ctx.set('ETag', tag);
  ctx.set('Cache-Control', `private, max-age=${maxAgeSeconds(clock.now(), view.nextChange, ACTIVE_SLICE_MAX_AGE_SECONDS)}`);
  if (noneMatchHits(ctx, tag)) {
    ctx.status = 304;
    return;
  }
  ctx.status = 200;
  ctx.type = 'application/json';
  ctx.body = body;
}
