import type { RecordEvents } from '../../../application/events/record-events.js';
import { MAX_BATCH_ITEMS } from '../../../application/shared/batch.js';
import { EVENT_CLOCK_SKEW_MS } from '../../../domain/events/shopper-event.js';
import { json } from '../pipeline/reply.js';
import { batchBody, route, type RouteGroup, type RouteSpec, type RouteTag } from '../pipeline/route-spec.js';
import { batchAnswerExample } from '../shared/batch-examples.js';
import { parseBatch } from '../shared/batch-schemas.js';
import { EventBatchBody, EventBatchQuery, EventBatchResponse, ShopperEventItem } from './event-schemas.js';
import { isPublishable } from '../../../domain/auth/api-token.js';

export const EVENTS_BASE = '/api/v1/events/protected';

const EVENTS_TAG: RouteTag = {
  name: 'Events',
  description: 'What shoppers do (views, carts, purchases, recommendation clicks), for answers that learn from them.',
};

/** What shoppers do, sent in batches by the shop's channels. */
export function eventRoutes(record: RecordEvents): RouteGroup {
  return {
    tag: EVENTS_TAG,
    schemas: { ShopperEvent: ShopperEventItem, EventBatchResult: EventBatchResponse },
    routes: [batch(record)],
  };
}

function batch(record: RecordEvents): RouteSpec {
  return route({
    method: 'POST',
    path: `${EVENTS_BASE}/batch`,
    operationId: 'recordEvents',
    summary: `Record up to ${MAX_BATCH_ITEMS.toLocaleString('en')} shopper events`,
    description:
      'Each event is checked on its own: a bad event is reported by its index with its errors and the others are recorded. ' +
      'An event whose `eventId` was recorded before (or given by an earlier event of the batch) is a `duplicate` and is not counted again, ' +
      'so sending a batch again changes nothing. `at` defaults to now; an `at` more than ' +
      `${EVENT_CLOCK_SKEW_MS / 60_000} minutes ahead of the server's clock, or older than the retention (EVENT_RETENTION_DAYS), is refused. ` +
      'The body may be up to 2 MB. From a web page, use a publishable key (`vtp_...`, in the header or the `key` parameter): CORS ' +
      'answers the origins the key lists, and the events are marked as sent from a browser (`source`).',
    scope: 'events:write',
    fromBrowsers: true,
    query: EventBatchQuery,
    body: batchBody(EventBatchBody, (raw) => parseBatch(raw, 'events', ShopperEventItem, (item) => item.eventId)),
    responses: [{ status: 200, description: 'What became of each event.', body: EventBatchResponse }],
    examples: {
      body: {
        events: [
          { eventId: 'evt-20261121-0001', type: 'view', productId: 'VES-002', sessionId: 'sess-7f3a', userId: 'up_ana_souza' },
          {
            eventId: 'evt-20261121-0002',
            type: 'add_to_cart',
            productId: 'SAN-005',
            sessionId: 'sess-7f3a',
            userId: 'up_ana_souza',
          },
        ],
      },
      responses: {
        200: batchAnswerExample(
          ['accepted', 'duplicate', 'invalid'],
          [
            ['evt-20261121-0001', 'accepted'],
            ['evt-20261121-0002', 'accepted'],
          ],
        ),
      },
    },
    handler: async ({ body, principal }) =>
      json(200, await record.execute(body, principal !== undefined && isPublishable(principal) ? 'browser' : undefined)),
  });
}
