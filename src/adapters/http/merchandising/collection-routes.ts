import type { CreateCollection } from '../../../application/merchandising/create-collection.js';
import type { DeleteCollection } from '../../../application/merchandising/delete-collection.js';
import type { ListCollections } from '../../../application/merchandising/list-collections.js';
import type { UpdateCollection } from '../../../application/merchandising/update-collection.js';
import { versionTag } from '../pipeline/entity-tags.js';
import { json, noContent } from '../pipeline/reply.js';
import { jsonBody, route, type RouteGroup, type RouteSpec } from '../pipeline/route-spec.js';
import { presentCollection, presentListedCollection } from './merchandising-presenter.js';
import {
  CollectionListQuery,
  CollectionPageResponse,
  CollectionParams,
  CollectionResponse,
  CreateCollectionBody,
  ListedCollectionResponse,
  LiveSliceResponse,
  UpdateCollectionBody,
} from './merchandising-schemas.js';
import { actorOf, BUILDER_TAG, COLLECTION_EXAMPLE, COLLECTION_PATH, COLLECTIONS_BASE } from './slice-answers.js';

const NEW_COLLECTION_EXAMPLE = {
  id: 5,
  name: 'Natal 2026',
  description: 'Presentes até R$ 200.',
  createdAt: '2026-11-21T12:00:00.000Z',
  sliceCount: 0,
  updatedAt: '2026-11-21T12:00:00.000Z',
  updatedBy: 'merchandiser',
  version: 1,
};

/** What the demo's collection 1 shows when the examples were taken (its active slice's example). */
const LIVE_SLICE_EXAMPLE = {
  id: 3,
  name: 'Verão — destaque do fim de semana',
  startsAt: '2026-11-19T19:00:00.000Z',
  endsAt: '2026-11-26T19:00:00.000Z',
};

/** The merchandiser's collections: created, listed a page at a time, renamed, deleted. */
export function collectionRoutes(
  create: CreateCollection,
  list: ListCollections,
  update: UpdateCollection,
  remove: DeleteCollection,
): RouteGroup {
  return {
    tag: BUILDER_TAG,
    schemas: {
      Collection: CollectionResponse,
      ListedCollection: ListedCollectionResponse,
      LiveSlice: LiveSliceResponse,
      CollectionPage: CollectionPageResponse,
    },
    routes: [creation(create), listing(list), renaming(update), removal(remove)],
  };
}

function creation(create: CreateCollection): RouteSpec {
  return route({
    method: 'POST',
    path: COLLECTIONS_BASE,
    operationId: 'createCollection',
    summary: 'Create a collection',
    scope: 'collections:write',
    body: jsonBody(CreateCollectionBody),
    responses: [{ status: 201, description: 'Created.', body: CollectionResponse, headers: ['ETag', 'Location'] }],
    examples: { body: { name: 'Natal 2026', description: 'Presentes até R$ 200.' }, responses: { 201: NEW_COLLECTION_EXAMPLE } },
    handler: async ({ body, principal }) => {
      const created = await create.execute(body, actorOf(principal));
      return json(201, presentCollection(created), {
        ETag: versionTag('collection', created.id, created.version),
        Location: `${COLLECTIONS_BASE}/${created.id}/slices`,
      });
    },
  });
}

function listing(list: ListCollections): RouteSpec {
  return route({
    method: 'GET',
    path: COLLECTIONS_BASE,
    operationId: 'listCollections',
    summary: 'List collections, a page at a time',
    scope: 'collections:read',
    query: CollectionListQuery,
    description:
      'Each collection comes with the slice it shows now (`activeSlice`, null when none), read for the whole page at once.',
    responses: [{ status: 200, description: 'A page of collections, oldest first.', body: CollectionPageResponse }],
    examples: {
      query: { limit: '1' },
      responses: { 200: { collections: [{ ...COLLECTION_EXAMPLE, activeSlice: LIVE_SLICE_EXAMPLE }], nextCursor: 'MQ' } },
    },
    handler: async ({ query }) => {
      const page = await list.execute({ limit: query.limit, afterId: query.cursor, name: query.name });
      return json(200, {
        collections: page.items.map(presentListedCollection),
        nextCursor: page.nextAfterId === undefined ? null : Buffer.from(String(page.nextAfterId)).toString('base64url'),
      });
    },
  });
}

function renaming(update: UpdateCollection): RouteSpec {
  return route({
    method: 'PATCH',
    path: COLLECTION_PATH,
    operationId: 'updateCollection',
    summary: 'Rename a collection or change its description',
    scope: 'collections:write',
    params: CollectionParams,
    body: jsonBody(UpdateCollectionBody),
    precondition: { of: 'collection', idParam: 'id' },
    responses: [{ status: 200, description: 'Saved.', body: CollectionResponse, headers: ['ETag'] }],
    problems: ['COLLECTION_NOT_FOUND'],
    examples: {
      params: { id: 5 },
      body: { name: 'Natal 2026: presentes' },
      responses: { 200: { ...NEW_COLLECTION_EXAMPLE, name: 'Natal 2026: presentes', version: 2 } },
    },
    handler: async ({ params, body, principal, precondition }) => {
      const updated = await update.execute(params.id, body, { actor: actorOf(principal), precondition });
      return json(200, presentCollection(updated), { ETag: versionTag('collection', updated.id, updated.version) });
    },
  });
}

function removal(remove: DeleteCollection): RouteSpec {
  return route({
    method: 'DELETE',
    path: COLLECTION_PATH,
    operationId: 'deleteCollection',
    summary: 'Delete a collection and its slices',
    scope: 'collections:write',
    params: CollectionParams,
    precondition: { of: 'collection', idParam: 'id' },
    responses: [{ status: 204, description: 'Deleted.' }],
    problems: ['COLLECTION_NOT_FOUND'],
    examples: { params: { id: 5 }, responses: {} },
    handler: async ({ params, precondition }) => {
      await remove.execute(params.id, precondition);
      return noContent();
    },
  });
}
