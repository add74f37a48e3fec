/**
 * Shopper events in the formats shops already export, mapped to Vitrine's event (one line of a
 * file may give several: a GA4 purchase of three items is three purchases):
 *
 * - GA4's BigQuery export as JSON Lines (`event_name`, `event_timestamp` in microseconds,
 *   `user_pseudo_id`, `user_id`, `event_params` as `{ key, value: { string_value | int_value } }`,
 *   `items` with `item_id`): `view_item` → view, `add_to_cart` → add_to_cart, `purchase` →
 *   purchase, `select_item` → recommendation_click (its `item_list_id` must be the answer's
 *   X-Recommendation-Id). The session is `user_pseudo_id` with the `ga_session_id` parameter.
 * - Segment's e-commerce spec (`type: "track"`, `event`, `properties`, `userId`, `anonymousId`,
 *   `timestamp`, `messageId`): `Product Viewed` → view, `Product Added` → add_to_cart,
 *   `Order Completed` → purchase of each of `properties.products`, `Product Clicked` →
 *   recommendation_click (`properties.recommendation_id`, else `list_id`). The session is
 *   `properties.session_id`, else `context.session_id`, else `anonymousId`.
 *
 * Each mapped event gets an `eventId` made from the source's own ids, so importing a file again
 * records nothing twice. An event of another name is skipped (an export holds page views and the
 * rest); one that names an e-commerce event but lacks what Vitrine needs is refused, with why.
 */

/** What the importer reads lines as: `auto` looks at each line. */
export const EVENT_FORMATS = ['auto', 'vitrine', 'ga4', 'segment'] as const;
export type EventFormat = (typeof EVENT_FORMATS)[number];

/** What became of one line: the events it gives, or why it gives none. */
export type MappedLine =
  { readonly events: readonly Record<string, unknown>[] } | { readonly skipped: string } | { readonly error: string };

type Json = Record<string, unknown>;

const GA4_TYPES: Readonly<Record<string, string>> = {
  view_item: 'view',
  add_to_cart: 'add_to_cart',
  purchase: 'purchase',
  select_item: 'recommendation_click',
};

const SEGMENT_TYPES: Readonly<Record<string, string>> = {
  'Product Viewed': 'view',
  'Product Added': 'add_to_cart',
  'Order Completed': 'purchase',
  'Product Clicked': 'recommendation_click',
};

/** An event id stays within Vitrine's 128 characters: long source ids are cut and made unique by a hash of the whole. */
const MAX_EVENT_ID = 128;

export function mapEventLine(record: Json, format: EventFormat): MappedLine {
  const chosen = format === 'auto' ? detect(record) : format;
  if (chosen === 'ga4') return fromGa4(record);
  if (chosen === 'segment') return fromSegment(record);
  return { events: [record] };
}

function detect(record: Json): Exclude<EventFormat, 'auto'> {
  if (typeof record.event_name === 'string') return 'ga4';
  if (typeof record.event === 'string' && (record.type === 'track' || isObject(record.properties))) return 'segment';
  return 'vitrine';
}

/** One row of GA4's BigQuery export. */
export function fromGa4(row: Json): MappedLine {
  const name = row.event_name;
  if (typeof name !== 'string') return { error: 'event_name: must be a string (a GA4 export row)' };
  const type = GA4_TYPES[name];
  if (type === undefined) return { skipped: name };
  const micros = Number(row.event_timestamp);
  if (!Number.isFinite(micros) || micros <= 0) return { error: 'event_timestamp: must be the event time in microseconds' };
  const pseudoId = text(row.user_pseudo_id);
  if (pseudoId === undefined) return { error: 'user_pseudo_id: is required (it names the session with ga_session_id)' };
  const params = ga4Params(row.event_params);
  const session = params.get('ga_session_id');
  const items = Array.isArray(row.items) ? row.items.filter(isObject) : [];
  if (items.length === 0) return { error: `items: a ${name} event must name at least one item` };
  const events: Json[] = [];
  for (const [i, item] of items.entries()) {
    const productId = text(item.item_id);
    if (productId === undefined) return { error: `items.${i}.item_id: is required` };
    const event: Json = {
      eventId: eventId('ga4', `${pseudoId}.${String(row.event_timestamp)}.${name}.${i}`),
      type,
      productId,
      sessionId: session === undefined ? pseudoId : `${pseudoId}.${session}`,
      at: new Date(Math.floor(micros / 1000)).toISOString(),
    };
    const userId = text(row.user_id);
    if (userId !== undefined) event.userId = userId;
    if (type === 'recommendation_click') {
      const list = text(item.item_list_id) ?? params.get('item_list_id');
      if (list === undefined)
        return { error: `items.${i}.item_list_id: select_item needs the X-Recommendation-Id of the answer clicked` };
      event.recommendationId = list;
    }
    events.push(event);
  }
  return { events };
}

/** One message of Segment's e-commerce spec. */
export function fromSegment(message: Json): MappedLine {
  const name = message.event;
  if (typeof name !== 'string') return { error: 'event: must be a string (a Segment track call)' };
  const type = SEGMENT_TYPES[name];
  if (type === undefined) return { skipped: name };
  const properties = isObject(message.properties) ? message.properties : {};
  const context = isObject(message.context) ? message.context : {};
  const messageId = text(message.messageId);
  if (messageId === undefined) return { error: 'messageId: is required (it keeps a re-import from counting twice)' };
  const at = text(message.timestamp) ?? text(message.originalTimestamp);
  if (at === undefined || Number.isNaN(Date.parse(at))) return { error: 'timestamp: must be an ISO 8601 instant' };
  const sessionId = text(properties.session_id) ?? text(context.session_id) ?? text(message.anonymousId);
  if (sessionId === undefined) return { error: 'anonymousId: is required when no session_id is given' };
  const products =
    type === 'purchase' ? (Array.isArray(properties.products) ? properties.products.filter(isObject) : []) : [properties];
  if (products.length === 0) return { error: 'properties.products: an Order Completed must list its products' };
  const events: Json[] = [];
  for (const [i, product] of products.entries()) {
    const productId = text(product.product_id) ?? text(product.sku);
    if (productId === undefined) {
      return { error: `${type === 'purchase' ? `properties.products.${i}` : 'properties'}.product_id: is required` };
    }
    const event: Json = { eventId: eventId('segment', `${messageId}.${i}`), type, productId, sessionId, at };
    const userId = text(message.userId);
    if (userId !== undefined) event.userId = userId;
    if (type === 'recommendation_click') {
      const list = text(properties.recommendation_id) ?? text(properties.list_id);
      if (list === undefined)
        return { error: 'properties.recommendation_id: Product Clicked needs the X-Recommendation-Id of the answer clicked' };
      event.recommendationId = list;
    }
    events.push(event);
  }
  return { events };
}

/** GA4's `event_params` as a map of their string (or whole number) values. */
function ga4Params(value: unknown): Map<string, string> {
  const params = new Map<string, string>();
  if (!Array.isArray(value)) return params;
  for (const param of value) {
    if (!isObject(param) || typeof param.key !== 'string' || !isObject(param.value)) continue;
    const v = param.value.string_value ?? param.value.int_value;
    if (typeof v === 'string' || typeof v === 'number') params.set(param.key, String(v));
  }
  return params;
}

function eventId(source: string, id: string): string {
  const whole = `${source}:${id}`;
  if (whole.length <= MAX_EVENT_ID) return whole;
  return `${whole.slice(0, MAX_EVENT_ID - 17)}~${fnv64(whole)}`;
}

/** A 64-bit FNV-1a hash in 16 hex digits: distinct cut ids stay distinct. */
function fnv64(value: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < value.length; i++) {
    hash ^= BigInt(value.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
