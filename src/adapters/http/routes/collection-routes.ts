import { CreateCollection } from '../../../application/merchandising/create-collection.js';
import { CreateSlice } from '../../../application/merchandising/create-slice.js';
import { DeleteCollection } from '../../../application/merchandising/delete-collection.js';
import { DeleteSlice } from '../../../application/merchandising/delete-slice.js';
import { GetActiveSlice } from '../../../application/merchandising/get-active-slice.js';
import { GetSlice } from '../../../application/merchandising/get-slice.js';
import { ListCollections } from '../../../application/merchandising/list-collections.js';
import { ListSlices } from '../../../application/merchandising/list-slices.js';
import { ReplaceSlice } from '../../../application/merchandising/replace-slice.js';
import { UpdateCollection } from '../../../application/merchandising/update-collection.js';
import { sendJson, sendNoContent } from '../context.js';
import {
  presentActiveSlice,
  presentCollection,
  presentSlice,
  presentSliceDetails,
  presentSliceListItem,
} from '../presenters/merchandising-presenter.js';
import {
  CollectionParams,
  CreateCollectionBody,
  SliceBody,
  SliceParams,
  UpdateCollectionBody,
} from '../schemas/merchandising-schemas.js';
import { parseBody, parseInput } from '../validation.js';
import type { RouteKit } from './route-kit.js';

export const COLLECTIONS_BASE = '/api/v1/merchandising-collections/protected';

export function collectionRoutes({ router, container, requireScope, jsonBody }: RouteKit): void {
  const createCollection = container.get(CreateCollection);
  const listCollections = container.get(ListCollections);
  const updateCollection = container.get(UpdateCollection);
  const deleteCollection = container.get(DeleteCollection);
  const getActiveSlice = container.get(GetActiveSlice);
  const listSlices = container.get(ListSlices);
  const createSlice = container.get(CreateSlice);
  const getSlice = container.get(GetSlice);
  const replaceSlice = container.get(ReplaceSlice);
  const deleteSlice = container.get(DeleteSlice);

  const read = requireScope('collections:read');
  const write = requireScope('collections:write');
  const collection = `${COLLECTIONS_BASE}/:id`;
  const slices = `${collection}/slices`;
  const slice = `${slices}/:sliceId`;

  // The contract's read: what the collection shows now.
  router.get(collection, read, async (ctx) => {
    const { id } = parseInput(CollectionParams, ctx.params);
    sendJson(ctx, 200, presentActiveSlice(await getActiveSlice.execute(id)));
  });

  router.post(COLLECTIONS_BASE, write, jsonBody, async (ctx) => {
    const body = parseBody(CreateCollectionBody, ctx.request.body);
    sendJson(ctx, 201, presentCollection(await createCollection.execute(body)));
  });

  router.get(COLLECTIONS_BASE, read, async (ctx) => {
    const collections = await listCollections.execute();
    sendJson(ctx, 200, { collections: collections.map(presentCollection) });
  });

  router.patch(collection, write, jsonBody, async (ctx) => {
    const { id } = parseInput(CollectionParams, ctx.params);
    const body = parseBody(UpdateCollectionBody, ctx.request.body);
    sendJson(ctx, 200, presentCollection(await updateCollection.execute(id, body)));
  });

  router.delete(collection, write, async (ctx) => {
    const { id } = parseInput(CollectionParams, ctx.params);
    await deleteCollection.execute(id);
    sendNoContent(ctx);
  });

  router.get(slices, read, async (ctx) => {
    const { id } = parseInput(CollectionParams, ctx.params);
    const listed = await listSlices.execute(id);
    sendJson(ctx, 200, { collection: presentCollection(listed.collection), slices: listed.slices.map(presentSliceListItem) });
  });

  router.post(slices, write, jsonBody, async (ctx) => {
    const { id } = parseInput(CollectionParams, ctx.params);
    const body = parseBody(SliceBody, ctx.request.body);
    sendJson(ctx, 201, presentSlice(await createSlice.execute(id, { ...body, endsAt: body.endsAt ?? undefined })));
  });

  router.get(slice, read, async (ctx) => {
    const { id, sliceId } = parseInput(SliceParams, ctx.params);
    sendJson(ctx, 200, presentSliceDetails(await getSlice.execute(id, sliceId)));
  });

  router.put(slice, write, jsonBody, async (ctx) => {
    const { id, sliceId } = parseInput(SliceParams, ctx.params);
    const body = parseBody(SliceBody, ctx.request.body);
    sendJson(ctx, 200, presentSlice(await replaceSlice.execute(id, sliceId, { ...body, endsAt: body.endsAt ?? undefined })));
  });

  router.delete(slice, write, async (ctx) => {
    const { id, sliceId } = parseInput(SliceParams, ctx.params);
    await deleteSlice.execute(id, sliceId);
    sendNoContent(ctx);
  });
}
