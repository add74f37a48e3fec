import * as v from 'valibot';
import type { GetPlanner, PlannerLane, PlannerPage } from '../../../application/merchandising/get-planner.js';
import {
  DEFAULT_PLANNER_COLLECTIONS,
  MAX_PLANNER_COLLECTIONS,
  MAX_PLANNER_DAYS,
  MAX_PLANNER_SLICES_PER_COLLECTION,
} from '../../../domain/merchandising/planner.js';
import { SLICE_TYPES } from '../../../domain/merchandising/slice.js';
import { json } from '../pipeline/reply.js';
import { route, type RouteGroup, type RouteSpec } from '../pipeline/route-spec.js';
import { cursorText, Instant, queryObject, Timestamp, wholeNumberText } from '../shared/common-schemas.js';
import { BUILDER_TAG, COLLECTIONS_BASE } from './slice-answers.js';

const integer = v.pipe(v.number(), v.integer());
const limitMessage = `must be a whole number from 1 to ${MAX_PLANNER_COLLECTIONS}`;

/** `GET .../planner`: a window of time, and a page of collections (the cursor is the previous page's `nextCursor`). */
export const PlannerQuery = queryObject({
  from: Instant,
  to: Instant,
  limit: v.optional(wholeNumberText(1, MAX_PLANNER_COLLECTIONS, limitMessage)),
  cursor: v.optional(cursorText(/^\d{1,16}$/, Number)),
});

const PlannerSlice = v.object({
  id: integer,
  name: v.string(),
  type: v.picklist(SLICE_TYPES),
  status: v.picklist(['SCHEDULED', 'ACTIVE', 'EXPIRED']),
  startsAt: Timestamp,
  endsAt: Timestamp,
  version: integer,
  productCount: integer,
});

const PlannerLaneResponse = v.object({
  id: integer,
  name: v.string(),
  activeSlice: v.pipe(
    v.nullable(v.object({ id: integer, name: v.string() })),
    v.description('The slice the collection shows at `now` (the latest start wins, then the highest id); null when none.'),
  ),
  slices: v.pipe(
    v.array(PlannerSlice),
    v.description(
      `The slices active at some instant of [from, to), by start then id, without their products: at most ${MAX_PLANNER_SLICES_PER_COLLECTION}.`,
    ),
  ),
  slicesTruncated: v.pipe(
    v.boolean(),
    v.description(
      `True when the collection has more than ${MAX_PLANNER_SLICES_PER_COLLECTION} slices in the window: the latest-starting are left out (its own slice list has them all).`,
    ),
  ),
});

export const PlannerResponse = v.object({
  now: v.pipe(Timestamp, v.description('The instant `activeSlice` and `status` are read at.')),
  from: Timestamp,
  to: Timestamp,
  collections: v.array(PlannerLaneResponse),
  nextCursor: v.pipe(v.nullable(v.string()), v.description('Pass as `cursor` for the next page; null on the last page.')),
});

function presentLane({ collection, activeSlice, slices, slicesTruncated }: PlannerLane) {
  return {
    id: collection.id,
    name: collection.name,
    activeSlice: activeSlice === undefined ? null : { id: activeSlice.id, name: activeSlice.name },
    slices: slices.map((s) => ({
      id: s.id,
      name: s.name,
      type: s.type,
      status: s.status,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      version: s.version,
      productCount: s.productCount,
    })),
    slicesTruncated,
  };
}

function presentPlanner(from: Date, to: Date, page: PlannerPage) {
  return {
    now: page.now.toISOString(),
    from: from.toISOString(),
    to: to.toISOString(),
    collections: page.lanes.map(presentLane),
    nextCursor: page.nextAfterId === undefined ? null : Buffer.from(String(page.nextAfterId)).toString('base64url'),
  };
}

/** The demo's collection 1 in November 2026, as the examples were taken. */
const PLANNER_EXAMPLE = {
  now: '2026-11-21T12:00:00.000Z',
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-12-01T00:00:00.000Z',
  collections: [
    {
      id: 1,
      name: 'Verão 2026',
      activeSlice: { id: 3, name: 'Verão — destaque do fim de semana' },
      slices: [
        {
          id: 3,
          name: 'Verão — destaque do fim de semana',
          type: 'MANUAL',
          status: 'ACTIVE',
          startsAt: '2026-11-19T19:00:00.000Z',
          endsAt: '2026-11-26T19:00:00.000Z',
          version: 1,
          productCount: 4,
        },
      ],
      slicesTruncated: false,
    },
  ],
  nextCursor: 'MQ',
};

/** The season planner: every collection's slices over a window of time, a page of collections at a time. */
export function plannerRoutes(getPlanner: GetPlanner): RouteGroup {
  return { tag: BUILDER_TAG, schemas: { Planner: PlannerResponse }, routes: [plannerRoute(getPlanner)] };
}

function plannerRoute(getPlanner: GetPlanner): RouteSpec {
  return route({
    method: 'GET',
    path: `${COLLECTIONS_BASE}/planner`,
    operationId: 'getPlanner',
    summary: 'The season planner: collections and their slices over a window of time',
    description:
      `A page of collections by id (\`limit\`, ${DEFAULT_PLANNER_COLLECTIONS} when left out, at most ${MAX_PLANNER_COLLECTIONS}), ` +
      `each with the slice it shows now and its slices active at some instant from \`from\` to \`to\` (at most ${MAX_PLANNER_DAYS} days later), ` +
      'without their products.',
    scope: 'collections:read',
    query: PlannerQuery,
    responses: [{ status: 200, description: 'A page of lanes, oldest collection first.', body: PlannerResponse }],
    examples: {
      query: { from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z', limit: '1' },
      responses: { 200: PLANNER_EXAMPLE },
    },
    handler: async ({ query }) => {
      const page = await getPlanner.execute({ from: query.from, to: query.to, limit: query.limit, afterId: query.cursor });
      return json(200, presentPlanner(query.from, query.to, page));
    },
  });
}
