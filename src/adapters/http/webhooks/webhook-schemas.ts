import * as v from 'valibot';
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENT_TYPES } from '../../../domain/webhooks/webhook.js';
import type { WebhookDelivery } from '../../../domain/webhooks/webhook-store.js';
import type { WebhookSubscription } from '../../../domain/webhooks/webhook.js';
import { cursorText, jsonObject, queryObject, stringList, Timestamp, wholeNumberText } from '../shared/common-schemas.js';

export const CreateWebhookBody = jsonObject(
  {
    url: v.pipe(
      v.string('must be a string'),
      v.maxLength(MAX_WEBHOOK_URL_LENGTH, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`),
      v.description('Where events are posted: an http(s) URL, without user name or password.'),
    ),
    events: v.pipe(
      stringList(WEBHOOK_EVENT_TYPES.length),
      v.description(`The event types to receive: ${WEBHOOK_EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}.`),
    ),
    description: v.optional(
      v.pipe(
        v.string('must be a string'),
        v.maxLength(MAX_WEBHOOK_DESCRIPTION_LENGTH, `must be at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters`),
      ),
    ),
  },
  'must be a JSON object',
);

export const WebhookResponse = v.object({
  id: v.string(),
  url: v.string(),
  events: v.array(v.picklist(WEBHOOK_EVENT_TYPES)),
  description: v.string(),
  createdAt: Timestamp,
  createdBy: v.pipe(v.string(), v.description('The name of the token that made it.')),
});

export const CreatedWebhookResponse = v.object({
  ...WebhookResponse.entries,
  secret: v.pipe(
    v.string(),
    v.description(
      'The signing secret (`whsec_` and the base64 of the key), shown this once: `webhook-signature` is `v1,` and the base64 ' +
        'HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the key (Standard Webhooks).',
    ),
  ),
});

export const WebhookListResponse = v.object({
  webhooks: v.array(WebhookResponse),
  nextCursor: v.pipe(v.nullable(v.string()), v.description('The cursor of the next page; null on the last page.')),
});

const Attempt = v.object({
  at: Timestamp,
  durationMs: v.pipe(v.number(), v.integer()),
  status: v.pipe(v.optional(v.pipe(v.number(), v.integer())), v.description("The receiver's answer; absent when none came.")),
  error: v.pipe(v.optional(v.string()), v.description('Why no answer came (unreachable, refused, timed out).')),
});

export const DeliveryResponse = v.object({
  id: v.string(),
  messageId: v.pipe(v.string(), v.description('What `webhook-id` carries: the same on every attempt.')),
  type: v.picklist(WEBHOOK_EVENT_TYPES),
  timestamp: Timestamp,
  status: v.picklist(['pending', 'delivered', 'failed']),
  attempts: v.array(Attempt),
  nextAttemptAt: v.pipe(v.nullable(Timestamp), v.description('While pending: when it is tried next.')),
  createdAt: Timestamp,
  finishedAt: v.nullable(Timestamp),
});

export const DeliveryListResponse = v.object({
  deliveries: v.array(DeliveryResponse),
  nextCursor: v.pipe(v.nullable(v.string()), v.description('The cursor of the next page; null on the last page.')),
});

const pageLimit = v.optional(wholeNumberText(1, 200, 'must be a whole number from 1 to 200'));

export const WebhookListQuery = queryObject({
  limit: pageLimit,
  cursor: v.optional(cursorText(/^wh_[\w-]{1,64}$/, (text) => text)),
});

export const DeliveryListQuery = queryObject({
  webhookId: v.pipe(
    v.optional(v.pipe(v.string(), v.maxLength(100, 'must be a webhook id'))),
    v.description("Only this subscription's deliveries."),
  ),
  limit: pageLimit,
  cursor: v.optional(
    cursorText(/^\d{1,16}:msg_[\w-]{1,64}\.wh_[\w-]{1,64}$/, (text) => {
      const at = text.indexOf(':');
      return { createdAt: new Date(Number(text.slice(0, at))), id: text.slice(at + 1) };
    }),
  ),
});

export const WebhookParams = v.object({ webhookId: v.pipe(v.string(), v.maxLength(100, 'must be a webhook id')) });

export function webhookCursor(id: string): string {
  return Buffer.from(id).toString('base64url');
}

export function deliveryCursor(position: { readonly createdAt: Date; readonly id: string }): string {
  return Buffer.from(`${position.createdAt.getTime()}:${position.id}`).toString('base64url');
}

/** A subscription as listed: never its secret. */
export function presentWebhook(subscription: WebhookSubscription) {
  return {
    id: subscription.id,
    url: subscription.url,
    events: [...subscription.events],
    description: subscription.description,
    createdAt: subscription.createdAt.toISOString(),
    createdBy: subscription.createdBy,
  };
}

export function presentDelivery(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    messageId: delivery.messageId,
    type: delivery.type,
    timestamp: delivery.timestamp.toISOString(),
    status: delivery.status,
    attempts: delivery.attempts.map((a) => ({
      at: a.at.toISOString(),
      durationMs: a.durationMs,
      ...(a.status === undefined ? {} : { status: a.status }),
      ...(a.error === undefined ? {} : { error: a.error }),
    })),
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
    finishedAt: delivery.finishedAt?.toISOString() ?? null,
  };
}
