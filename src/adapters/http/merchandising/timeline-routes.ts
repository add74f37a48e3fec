import type { GetTimeline } from '../../../application/merchandising/get-timeline.js';
import { json } from '../pipeline/reply.js';
import { route, type RouteGroup } from '../pipeline/route-spec.js';
import { presentTimeline } from './merchandising-presenter.js';
import { CollectionParams, TimelineQuery, TimelineResponse } from './merchandising-schemas.js';
import { BUILDER_TAG, COLLECTION_PATH } from './slice-answers.js';

/**
 * The calendar as the shop will see it: which slice the collection shows when. (A preview of one
 * instant is the contract's read with `?at=`, in active-slice-routes.ts.)
 */
export function timelineRoutes(getTimeline: GetTimeline): RouteGroup {
  return {
    tag: BUILDER_TAG,
    schemas: { Timeline: TimelineResponse },
    routes: [
      route({
        method: 'GET',
        path: `${COLLECTION_PATH}/timeline`,
        operationId: 'getTimeline',
        summary: 'Which slice the collection shows when',
        description:
          'The instants from `from` to `to` (at most 400 days later) cut into segments, each with the slice shown then (or none).',
        scope: 'collections:read',
        params: CollectionParams,
        query: TimelineQuery,
        responses: [{ status: 200, description: 'The segments, in time order.', body: TimelineResponse }],
        problems: ['COLLECTION_NOT_FOUND'],
        examples: {
          params: { id: 1 },
          query: { from: '2026-12-01T00:00:00Z', to: '2026-12-31T00:00:00Z' },
          responses: {
            200: {
              collectionId: 1,
              from: '2026-12-01T00:00:00.000Z',
              to: '2026-12-31T00:00:00.000Z',
              segments: [
                {
                  from: '2026-12-01T00:00:00.000Z',
                  until: '2026-12-16T20:00:00.000Z',
                  sliceId: 2,
                  sliceName: 'Verão — seleção principal',
                },
                { from: '2026-12-16T20:00:00.000Z', until: '2026-12-31T00:00:00.000Z', sliceId: 4, sliceName: 'Réveillon' },
              ],
            },
          },
        },
        handler: async ({ params, query }) => {
          const { segments } = await getTimeline.execute(params.id, query.from, query.to);
          return json(200, presentTimeline(params.id, query.from, query.to, segments));
        },
      }),
    ],
  };
}
