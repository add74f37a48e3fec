import * as v from 'valibot';
import {
  EVENT_TYPES,
  MAX_EVENT_ID_LENGTH,
  MAX_EVENT_PRODUCT_ID_LENGTH,
  MAX_EVENT_USER_ID_LENGTH,
  MAX_RECOMMENDATION_ID_LENGTH,
  MAX_SESSION_ID_LENGTH,
} from '../../../domain/events/shopper-event.js';
import { batchItems } from '../shared/batch-schemas.js';
import { Instant, jsonObject, queryObject } from '../shared/common-schemas.js';

/** A string of at most `max` characters (what else an id must be, the domain's rules say). */
function idText(max: number, description: string, typeMessage = 'must be a string') {
  return v.pipe(v.string(typeMessage), v.maxLength(max, `must be at most ${max} characters`), v.description(description));
}

/**
 * One shopper event. Fields other than these are dropped, never stored: an event holds no
 * personal data but `userId`.
 */
export const ShopperEventItem = jsonObject(
  {
    eventId: v.optional(
      idText(MAX_EVENT_ID_LENGTH, "The sender's id of the event: an event whose id was seen before is a `duplicate`."),
    ),
    type: v.picklist(EVENT_TYPES, `must be one of ${EVENT_TYPES.join(', ')}`),
    productId: idText(MAX_EVENT_PRODUCT_ID_LENGTH, 'The catalog id of the product (trimmed).'),
    sessionId: idText(MAX_SESSION_ID_LENGTH, "The shopper's session, as the similar-products request gives it."),
    userId: v.optional(
      v.nullable(
        idText(
          MAX_EVENT_USER_ID_LENGTH,
          'The shopper (their `userProfileId`), when known; null, empty or absent: an anonymous shopper.',
          'must be a string or null',
        ),
      ),
    ),
    at: v.optional(Instant),
    recommendationId: v.optional(
      idText(
        MAX_RECOMMENDATION_ID_LENGTH,
        'Required for (and only allowed with) `recommendation_click`: the `X-Recommendation-Id` of the answer clicked.',
      ),
    ),
  },
  'must be a JSON object',
);

/** A batch of events, as documented (each event is checked on its own: see parseBatch). */
export const EventBatchBody = jsonObject({ events: batchItems(ShopperEventItem) }, 'must be a JSON object');

/** What a batch of events answers: each event's outcome by its index (`id`: its eventId), and the counts. */
export const EventBatchResponse = v.object({
  results: v.array(
    v.object({
      index: v.number(),
      id: v.optional(v.string()),
      status: v.picklist(['accepted', 'duplicate', 'invalid']),
      errors: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
    }),
  ),
  accepted: v.number(),
  duplicate: v.number(),
  invalid: v.number(),
});

/**
 * `key`: a publishable key, for web pages that cannot send the header (a beacon). Only a
 * publishable key may travel in a URL; a secret token there is no token (401).
 */
export const EventBatchQuery = queryObject({
  key: v.pipe(
    v.optional(v.pipe(v.string(), v.regex(/^vtp_[\w-]{16,200}$/, 'must be a publishable key (vtp_...)'))),
    v.description('A publishable key (`vtp_...`), when the page cannot send X-Service-APP-Token (navigator.sendBeacon).'),
  ),
});
