import type { GetTimeline } from '../../../application/merchandising/get-timeline.js';
import { MAX_PREVIEW_DAYS, type PreviewScheduleChange } from '../../../application/merchandising/preview-schedule-change.js';
import type { ScheduleChange } from '../../../domain/merchandising/consequence.js';
import { noExpiry } from '../../../domain/merchandising/slice.js';
import { json } from '../pipeline/reply.js';
import { jsonBody, route, type RouteGroup, type RouteSpec } from '../pipeline/route-spec.js';
import { presentTimeline, presentTimelinePreview } from './merchandising-presenter.js';
import {
  CollectionParams,
  TimelinePreviewBody,
  TimelinePreviewResponse,
  TimelineQuery,
  TimelineResponse,
} from './merchandising-schemas.js';
import { BUILDER_TAG, COLLECTION_PATH } from './slice-answers.js';

/**
 * The calendar as the shop will see it: which slice the collection shows when. (A preview of one
 * instant is the contract's read with `?at=`, in active-slice-routes.ts.)
 */
export function timelineRoutes(getTimeline: GetTimeline, preview: PreviewScheduleChange): RouteGroup {
  return {
    tag: BUILDER_TAG,
    schemas: { Timeline: TimelineResponse, TimelinePreviewInput: TimelinePreviewBody, TimelinePreview: TimelinePreviewResponse },
    routes: [timelineRoute(getTimeline), previewRoute(preview)],
  };
}

function timelineRoute(getTimeline: GetTimeline): RouteSpec {
  return route({
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
  });
}

/** A new slice's consequence in the demo's collection 1, whose live slice it replaces for nine days. */
const PREVIEW_EXAMPLES = {
  params: { id: 1 },
  body: {
    from: '2027-05-01T00:00:00Z',
    to: '2027-05-31T00:00:00Z',
    change: { kind: 'save', name: 'Dia das Mães', startsAt: '2027-05-01T03:00:00Z', endsAt: '2027-05-10T03:00:00Z' },
  },
  responses: {
    200: {
      collectionId: 1,
      from: '2027-05-01T00:00:00.000Z',
      to: '2027-05-31T00:00:00.000Z',
      before: [
        {
          from: '2027-05-01T00:00:00.000Z',
          until: '2027-05-31T00:00:00.000Z',
          sliceId: 3,
          sliceName: 'Presentes para mães',
          draft: false,
        },
      ],
      after: [
        {
          from: '2027-05-01T00:00:00.000Z',
          until: '2027-05-01T03:00:00.000Z',
          sliceId: 3,
          sliceName: 'Presentes para mães',
          draft: false,
        },
        {
          from: '2027-05-01T03:00:00.000Z',
          until: '2027-05-10T03:00:00.000Z',
          sliceId: null,
          sliceName: 'Dia das Mães',
          draft: true,
        },
        {
          from: '2027-05-10T03:00:00.000Z',
          until: '2027-05-31T00:00:00.000Z',
          sliceId: 3,
          sliceName: 'Presentes para mães',
          draft: false,
        },
      ],
      changes: [
        {
          from: '2027-05-01T03:00:00.000Z',
          until: '2027-05-10T03:00:00.000Z',
          sliceBefore: { sliceId: 3, sliceName: 'Presentes para mães', draft: false },
          sliceAfter: { sliceId: null, sliceName: 'Dia das Mães', draft: true },
        },
      ],
      needsConfirmation: false,
    },
  },
};

/** What a save or delete would change, asked before it is made: the builder's consequence dialog. */
function previewRoute(preview: PreviewScheduleChange): RouteSpec {
  return route({
    method: 'POST',
    path: `${COLLECTION_PATH}/timeline/preview`,
    operationId: 'previewTimelineChange',
    summary: 'What a save or delete would change in what the collection serves (nothing is changed)',
    description:
      `The timeline from \`from\` to \`to\` (at most ${MAX_PREVIEW_DAYS} days later) before and after the change, ` +
      'every period in which the slice served differs, and whether the builder must ask for a confirmation: when a ' +
      'changed period is served within the next 24 hours or never ends. A new slice (no `sliceId`) ranks as the newest, ' +
      'as it will when created; `endsAt` null or left out means no end.',
    scope: 'collections:read',
    params: CollectionParams,
    body: jsonBody(TimelinePreviewBody),
    responses: [{ status: 200, description: 'The consequence of the change.', body: TimelinePreviewResponse }],
    problems: ['COLLECTION_NOT_FOUND', 'SLICE_NOT_FOUND'],
    examples: PREVIEW_EXAMPLES,
    handler: async ({ params, body }) => {
      const c = body.change;
      const change: ScheduleChange =
        c.kind === 'delete'
          ? { kind: 'delete', sliceId: c.sliceId }
          : { kind: 'save', sliceId: c.sliceId, name: c.name, startsAt: c.startsAt, endsAt: c.endsAt ?? noExpiry() };
      const answer = await preview.execute(params.id, change, body.from, body.to);
      return json(200, presentTimelinePreview(params.id, body.from, body.to, answer));
    },
  });
}
