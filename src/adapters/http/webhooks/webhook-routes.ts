import type {
  CreateWebhook,
  DeleteWebhook,
  ListWebhookDeliveries,
  ListWebhooks,
} from '../../../application/webhooks/manage-webhooks.js';
import { json, noContent } from '../pipeline/reply.js';
import { jsonBody, route, type RouteGroup, type RouteSpec, type RouteTag } from '../pipeline/route-spec.js';
import {
  CreatedWebhookResponse,
  CreateWebhookBody,
  DeliveryListQuery,
  DeliveryListResponse,
  DeliveryResponse,
  deliveryCursor,
  presentDelivery,
  presentWebhook,
  webhookCursor,
  WebhookListQuery,
  WebhookListResponse,
  WebhookParams,
  WebhookResponse,
} from './webhook-schemas.js';

export const WEBHOOKS_BASE = '/api/v1/admin/protected/webhooks';

const WEBHOOKS_TAG: RouteTag = {
  name: 'Webhooks',
  description:
    'URLs told of slice transitions, edits that change what a collection shows, and product changes, signed as Standard Webhooks says.',
};

const WEBHOOK_EXAMPLE = {
  id: 'wh_019ac2d9e8000a1b2c3d4e5f6a7b8c9d',
  url: 'https://crm.loja.example.com.br/hooks/vitrine',
  events: ['slice.activated', 'slice.expired'],
  description: 'Campanhas do CRM',
  createdAt: '2026-11-21T12:00:00.000Z',
  createdBy: 'bootstrap-admin',
};

const DELIVERY_EXAMPLE = {
  id: 'msg_Jm3kQ0v9ZrT2bYw8XcN5pLd7Hf1Ae4Gs.wh_019ac2d9e8000a1b2c3d4e5f6a7b8c9d',
  messageId: 'msg_Jm3kQ0v9ZrT2bYw8XcN5pLd7Hf1Ae4Gs',
  type: 'slice.activated',
  timestamp: '2026-11-27T10:00:00.000Z',
  status: 'delivered',
  attempts: [
    { at: '2026-11-27T10:00:00.004Z', durationMs: 10_000, error: 'no answer within 10000 ms' },
    { at: '2026-11-27T10:00:15.010Z', durationMs: 42, status: 200 },
  ],
  nextAttemptAt: null,
  createdAt: '2026-11-27T10:00:00.002Z',
  finishedAt: '2026-11-27T10:00:15.010Z',
};

/** Webhook subscriptions and their delivery logs: managed by a token with `tokens:manage`. */
export function webhookRoutes(
  create: CreateWebhook,
  list: ListWebhooks,
  remove: DeleteWebhook,
  deliveries: ListWebhookDeliveries,
): RouteGroup {
  return {
    tag: WEBHOOKS_TAG,
    schemas: {
      Webhook: WebhookResponse,
      CreatedWebhook: CreatedWebhookResponse,
      WebhookList: WebhookListResponse,
      WebhookDelivery: DeliveryResponse,
      WebhookDeliveryList: DeliveryListResponse,
    },
    routes: [
      creating(create),
      route({
        method: 'GET',
        path: WEBHOOKS_BASE,
        operationId: 'listWebhooks',
        summary: 'List webhook subscriptions, without their secrets',
        description: 'By id; 50 a page unless `limit` says (at most 200); `cursor` is the `nextCursor` of the page before.',
        scope: 'tokens:manage',
        query: WebhookListQuery,
        responses: [{ status: 200, description: 'A page of subscriptions.', body: WebhookListResponse }],
        examples: { responses: { 200: { webhooks: [WEBHOOK_EXAMPLE], nextCursor: null } } },
        handler: async ({ query }) => {
          const page = await list.execute({ limit: query.limit, afterId: query.cursor });
          return json(200, {
            webhooks: page.items.map(presentWebhook),
            nextCursor: page.next === undefined ? null : webhookCursor(page.next),
          });
        },
      }),
      route({
        method: 'DELETE',
        path: `${WEBHOOKS_BASE}/:webhookId`,
        operationId: 'deleteWebhook',
        summary: 'End a webhook subscription',
        description: 'Nothing more is sent to it; its pending deliveries and its log go with it.',
        scope: 'tokens:manage',
        params: WebhookParams,
        responses: [{ status: 204, description: 'Deleted.' }],
        problems: ['WEBHOOK_NOT_FOUND'],
        examples: { params: { webhookId: WEBHOOK_EXAMPLE.id }, responses: {} },
        handler: async ({ params }) => {
          await remove.execute(params.webhookId);
          return noContent();
        },
      }),
      deliveryLog(deliveries),
    ],
  };
}

function creating(create: CreateWebhook): RouteSpec {
  return route({
    method: 'POST',
    path: WEBHOOKS_BASE,
    operationId: 'createWebhook',
    summary: 'Subscribe a URL to events',
    description:
      'Each event is posted as JSON `{ type, timestamp, data }` with the headers `webhook-id`, `webhook-timestamp` and ' +
      '`webhook-signature`; a 2xx answer within 10 s delivers it, anything else is tried again (after 5 s, 5 min, 30 min, ' +
      '2 h, 5 h, 10 h and 10 h). The secret is in this answer only. At most 100 subscriptions.',
    scope: 'tokens:manage',
    body: jsonBody(CreateWebhookBody),
    responses: [{ status: 201, description: 'Subscribed.', body: CreatedWebhookResponse, headers: ['Cache-Control'] }],
    problems: ['CONFLICT'],
    examples: {
      body: { url: WEBHOOK_EXAMPLE.url, events: WEBHOOK_EXAMPLE.events, description: WEBHOOK_EXAMPLE.description },
      responses: { 201: { ...WEBHOOK_EXAMPLE, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } },
    },
    handler: async ({ body, principal }) => {
      const subscription = await create.execute(body, principal!.name);
      return json(201, { ...presentWebhook(subscription), secret: subscription.secret }, { 'Cache-Control': 'no-store' });
    },
  });
}

function deliveryLog(deliveries: ListWebhookDeliveries): RouteSpec {
  return route({
    method: 'GET',
    path: `${WEBHOOKS_BASE}/deliveries`,
    operationId: 'listWebhookDeliveries',
    summary: 'The delivery log',
    description:
      "Newest first, each delivery with its attempts (status or error, duration); `webhookId`: one subscription's only. " +
      'Finished deliveries are kept 7 days. 50 a page unless `limit` says (at most 200); `cursor` is the `nextCursor` of ' +
      'the page before.',
    scope: 'tokens:manage',
    query: DeliveryListQuery,
    responses: [{ status: 200, description: 'A page of deliveries.', body: DeliveryListResponse }],
    problems: ['WEBHOOK_NOT_FOUND'],
    examples: { responses: { 200: { deliveries: [DELIVERY_EXAMPLE], nextCursor: null } } },
    handler: async ({ query }) => {
      const page = await deliveries.execute(query.webhookId, { limit: query.limit, after: query.cursor });
      return json(200, {
        deliveries: page.items.map(presentDelivery),
        nextCursor: page.next === undefined ? null : deliveryCursor(page.next),
      });
    },
  });
}
