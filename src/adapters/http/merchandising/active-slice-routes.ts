import type { GetActiveSlice } from '../../../application/merchandising/get-active-slice.js';
import type { ActiveSliceView } from '../../../application/merchandising/views.js';
import type { Clock } from '../../../domain/shared/clock.js';
import { maxAgeSeconds } from '../pipeline/entity-tags.js';
import { json, rendered } from '../pipeline/reply.js';
import { renderer } from '../pipeline/rendered-answers.js';
import { route, type RouteGroup, type RouteTag } from '../pipeline/route-spec.js';
import { presentActiveSlice } from './merchandising-presenter.js';
import { ActiveSliceResponse, CollectionParams, PreviewQuery } from './merchandising-schemas.js';
import { COLLECTION_PATH } from './slice-answers.js';

/** How long at most a client may reuse the contract answer without asking again. */
export const ACTIVE_SLICE_MAX_AGE_SECONDS = 60;

/** The demo's collection 1 now: its latest-starting active slice, two of whose products are out of stock. */
const ACTIVE_SLICE_EXAMPLE = {
  collectionId: 1,
  collectionName: 'Verão 2027',
  collectionDescription: 'Vitrine principal da estação: peças leves, linho e moda praia.',
  sliceId: 3,
  sliceName: 'Verão — destaque do fim de semana',
  startsAt: '2026-11-19T19:00:00.000Z',
  endsAt: '2026-11-26T19:00:00.000Z',
  products: [
    { productId: 'VES-001', position: 1, active: true },
    { productId: 'VES-007', position: 2, active: false },
    { productId: 'VES-004', position: 3, active: true },
    { productId: 'PRA-001', position: 4, active: true },
    { productId: 'PRA-007', position: 5, active: false },
  ],
};

const COLLECTIONS_TAG: RouteTag = { name: 'Collections', description: 'What a merchandising collection shows now.' };

/**
 * What does this collection show right now: the contract's read, cached and answered on the fast
 * lane; with `?at=`, the same answer at another instant (a merchandiser's preview), never cached.
 */
export function activeSliceRoutes(getActiveSlice: GetActiveSlice, clock: Clock): RouteGroup {
  const render = renderer(presentActiveSlice);
  /** A client may reuse the answer until the next slice transition, and for at most a minute. */
  const cacheControl = (view: ActiveSliceView) =>
    `private, max-age=${maxAgeSeconds(clock.now(), view.nextChange, ACTIVE_SLICE_MAX_AGE_SECONDS)}`;
  return {
    tag: COLLECTIONS_TAG,
    schemas: { ActiveSliceResponse },
    routes: [
      route({
        method: 'GET',
        path: COLLECTION_PATH,
        operationId: 'getActiveSlice',
        summary: 'What a collection shows now',
        description:
          'The one active slice: the latest start wins, then the highest slice id. Each product carries its active flag from the slice filters. `Cache-Control: max-age` never reaches past the next slice transition. With `?at=`, a preview of any instant: needs collections:write, never cached.',
        scope: 'collections:read',
        scopeOf: (query) => (query.at === undefined ? 'collections:read' : 'collections:write'),
        params: CollectionParams,
        query: PreviewQuery,
        conditional: true,
        responses: [
          { status: 200, description: 'The active slice.', body: ActiveSliceResponse, headers: ['ETag', 'Cache-Control'] },
          {
            status: 304,
            description: 'The copy the client holds (If-None-Match) is current.',
            headers: ['ETag', 'Cache-Control'],
          },
        ],
        problems: ['COLLECTION_NOT_FOUND', 'NO_ACTIVE_SLICE'],
        examples: { params: { id: 1 }, responses: { 200: ACTIVE_SLICE_EXAMPLE } },
        handler: async ({ params, query }) => {
          if (query.at !== undefined) {
            return json(200, presentActiveSlice(await getActiveSlice.execute(params.id, query.at)), {
              'Cache-Control': 'no-store',
            });
          }
          const view = await getActiveSlice.execute(params.id);
          return rendered(render(view), { 'Cache-Control': cacheControl(view) });
        },
        peek: (params, counted) => {
          const view = getActiveSlice.peek(params.id, counted);
          return view === undefined ? undefined : rendered(render(view), { 'Cache-Control': cacheControl(view) });
        },
      }),
    ],
  };
}
