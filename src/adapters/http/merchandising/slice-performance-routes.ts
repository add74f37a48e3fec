import * as v from 'valibot';
import {
  MAX_EVENTS_COUNTED,
  PERFORMANCE_KEPT_MS,
  type CountedFigures,
  type GetSlicePerformance,
  type SlicePerformance,
} from '../../../application/merchandising/slice-performance.js';
import { PERFORMERS_LISTED, type ProductPerformance } from '../../../domain/merchandising/slice-performance.js';
import { json } from '../pipeline/reply.js';
import { route, type RouteGroup, type RouteSpec } from '../pipeline/route-spec.js';
import { Instant, queryObject, Timestamp } from '../shared/common-schemas.js';
import { SliceParams } from './merchandising-schemas.js';
import { BUILDER_TAG, SLICE_PATH } from './slice-answers.js';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const SlicePerformanceQuery = queryObject({ from: v.optional(Instant), to: v.optional(Instant) });

const Counts = { views: count, addToCarts: count, purchases: count };

const ProductFigures = v.object({ productId: v.string(), position: v.pipe(v.number(), v.integer(), v.minValue(1)), ...Counts });

const Figures = v.object({
  from: Timestamp,
  until: Timestamp,
  totals: v.object(Counts),
  products: v.pipe(v.array(ProductFigures), v.description("Every product of the slice, in the slice's order.")),
  best: v.pipe(
    v.array(ProductFigures),
    v.description(
      `The ${PERFORMERS_LISTED} best, best first: most purchases, then add-to-carts, then views; a tie goes to the higher place.`,
    ),
  ),
  worst: v.pipe(v.array(ProductFigures), v.description(`The ${PERFORMERS_LISTED} worst, worst first (the ranking's end).`)),
  notViewed: v.pipe(v.array(v.string()), v.description("The products nobody viewed, in the slice's order.")),
  eventsRead: v.pipe(count, v.description('Events of the stretch read (of every product) to count these.')),
  complete: v.pipe(
    v.boolean(),
    v.description(
      `False when the stretch held more than ${MAX_EVENTS_COUNTED} events: the figures count until \`countedUntil\`.`,
    ),
  ),
  countedUntil: Timestamp,
});

export const SlicePerformanceResponse = v.object({
  collectionId: count,
  sliceId: count,
  sliceName: v.string(),
  version: count,
  countedAt: Timestamp,
  ...Figures.entries,
  before: v.pipe(
    v.nullable(v.object({ sliceId: count, sliceName: v.string(), ...Figures.entries })),
    v.description('The slice the collection showed just before this one started, over the stretch it showed it; null when none.'),
  ),
});

function presentFigures(figures: CountedFigures) {
  const product = (p: ProductPerformance) => ({
    productId: p.productId,
    position: p.position,
    views: p.views,
    addToCarts: p.addToCarts,
    purchases: p.purchases,
  });
  return {
    from: figures.window.from.toISOString(),
    until: figures.window.until.toISOString(),
    totals: figures.totals,
    products: figures.products.map(product),
    best: figures.best.map(product),
    worst: figures.worst.map(product),
    notViewed: figures.notViewed,
    eventsRead: figures.eventsRead,
    complete: figures.complete,
    countedUntil: figures.countedUntil.toISOString(),
  };
}

function presentPerformance({ slice, figures, before, countedAt }: SlicePerformance) {
  return {
    collectionId: slice.collectionId,
    sliceId: slice.id,
    sliceName: slice.name,
    version: slice.version,
    countedAt: countedAt.toISOString(),
    ...presentFigures(figures),
    before:
      before === undefined ? null : { sliceId: before.slice.id, sliceName: before.slice.name, ...presentFigures(before.figures) },
  };
}

const figure = (productId: string, position: number, views: number, addToCarts: number, purchases: number) => ({
  productId,
  position,
  views,
  addToCarts,
  purchases,
});

/** The demo's slice 3 after a weekend: one product bought, one nobody looked at. */
const PERFORMANCE_EXAMPLE = {
  collectionId: 1,
  sliceId: 3,
  sliceName: 'Verão — destaque do fim de semana',
  version: 1,
  countedAt: '2026-11-22T09:00:00.000Z',
  from: '2026-11-19T19:00:00.000Z',
  until: '2026-11-22T09:00:00.000Z',
  totals: { views: 9, addToCarts: 3, purchases: 1 },
  products: [figure('VES-001', 1, 6, 2, 1), figure('VES-007', 2, 3, 1, 0), figure('VES-004', 3, 0, 0, 0)],
  best: [figure('VES-001', 1, 6, 2, 1), figure('VES-007', 2, 3, 1, 0), figure('VES-004', 3, 0, 0, 0)],
  worst: [figure('VES-004', 3, 0, 0, 0), figure('VES-007', 2, 3, 1, 0), figure('VES-001', 1, 6, 2, 1)],
  notViewed: ['VES-004'],
  eventsRead: 41,
  complete: true,
  countedUntil: '2026-11-22T09:00:00.000Z',
  before: {
    sliceId: 2,
    sliceName: 'Verão — seleção principal',
    from: '2026-11-12T03:00:00.000Z',
    until: '2026-11-19T19:00:00.000Z',
    totals: { views: 4, addToCarts: 1, purchases: 0 },
    products: [figure('VES-002', 1, 4, 1, 0)],
    best: [figure('VES-002', 1, 4, 1, 0)],
    worst: [figure('VES-002', 1, 4, 1, 0)],
    notViewed: [],
    eventsRead: 17,
    complete: true,
    countedUntil: '2026-11-19T19:00:00.000Z',
  },
};

/** What a slice did: its products' views, add-to-carts and purchases while it was live, and the slice's before it. */
export function slicePerformanceRoutes(get: GetSlicePerformance): RouteGroup {
  return { tag: BUILDER_TAG, schemas: { SlicePerformance: SlicePerformanceResponse }, routes: [performanceRoute(get)] };
}

function performanceRoute(get: GetSlicePerformance): RouteSpec {
  return route({
    method: 'GET',
    path: `${SLICE_PATH}/performance`,
    operationId: 'getSlicePerformance',
    summary: "What a slice's products did while it was live: views, add-to-carts, purchases",
    description:
      "Counted from the recorded events over the slice's window up to now, or the part of it from `from` to `to`; " +
      'with the same figures for the slice the collection showed just before this one started (over the stretch it showed ' +
      `it). Events older than the retention are gone and not counted. The events are read a page at a time, at most ` +
      `${MAX_EVENTS_COUNTED} of them (then \`complete\` is false). An answer is kept ${PERFORMANCE_KEPT_MS / 1000} s ` +
      'per slice version and window asked for.',
    scope: 'collections:read',
    params: SliceParams,
    query: SlicePerformanceQuery,
    responses: [{ status: 200, description: 'The figures.', body: SlicePerformanceResponse, headers: ['Cache-Control'] }],
    problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND'],
    examples: { params: { id: 1, sliceId: 3 }, responses: { 200: PERFORMANCE_EXAMPLE } },
    handler: async ({ params, query }) =>
      json(200, presentPerformance(await get.execute(params.id, params.sliceId, query)), {
        'Cache-Control': `private, max-age=${PERFORMANCE_KEPT_MS / 1000}`,
      }),
  });
}
