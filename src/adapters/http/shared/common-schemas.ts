import * as v from 'valibot';
import { parseInstant } from '../../../domain/shared/instant.js';

/**
 * An object with these entries, and an object only: valibot's `object` also accepts arrays, which
 * JSON clients must not be able to send where an object belongs. A field it does not have is
 * refused, each one named with the fields it takes (`"limt": 2` is a typo, not a wish to be
 * ignored); `unknown: 'ignore'` drops them instead, for the contract's similar-products request,
 * which ignores unknown fields as decided, and for a query, whose unknown names the route refuses
 * before its schema reads them.
 */
export function jsonObject<const E extends v.ObjectEntries>(
  entries: E,
  message = 'must be an object',
  unknown: 'refuse' | 'ignore' = 'refuse',
) {
  const isObject = v.custom<Record<string, unknown>>(
    (input) => input !== null && typeof input === 'object' && !Array.isArray(input),
    message,
  );
  if (unknown === 'ignore') return v.pipe(isObject, v.object(entries, message));
  const takes = Object.keys(entries).join(', ');
  const notAField = v.never(`is not a field of this object (${takes === '' ? 'it takes none' : `it takes: ${takes}`})`);
  return v.pipe(isObject, v.objectWithRest(entries, notAField, message));
}

/** A route's query: its unknown names are refused by the route, before the schema reads them. */
export function queryObject<const E extends v.ObjectEntries>(entries: E) {
  return jsonObject(entries, 'must be an object', 'ignore');
}

/** The schema of what each JSON text parameter holds once parsed: how the API description tells it. */
export const JSON_TEXT_CONTENT = new WeakMap<v.GenericSchema, v.GenericSchema>();

/**
 * A query parameter that holds a JSON text (`?filters={"availableOnly":true}`): parsed, then
 * checked against `content`. Described in OpenAPI as the string it is, with the JSON it holds.
 */
export function jsonText<const S extends v.GenericSchema>(content: S, message: string) {
  const schema = v.pipe(
    v.string(message),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return JSON.parse(dataset.value) as unknown;
      } catch {
        addIssue({ message });
        return NEVER;
      }
    }),
    content,
  );
  JSON_TEXT_CONTENT.set(schema, content);
  return schema;
}

/**
 * A page's cursor in the query string: the opaque `nextCursor` of the page before (base64url of a
 * text `pattern` matches), read into where the page starts.
 */
export function cursorText<T>(pattern: RegExp, read: (text: string) => T) {
  const message = 'must be the nextCursor of a previous page';
  return v.pipe(
    v.string(message),
    v.transform((text) => Buffer.from(text, 'base64url').toString('utf8')),
    v.regex(pattern, message),
    v.transform(read),
  );
}

/** A whole number in the query string, from `min` to `max`. */
export function wholeNumberText(min: number, max: number, message: string) {
  return v.pipe(
    v.string(message),
    v.regex(/^\d{1,9}$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
}

/** A text field: must be a string, surrounding spaces dropped, then not empty. */
export function requiredText(max: number) {
  return v.pipe(
    v.string('must be a string'),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(max, `must be at most ${max} characters`),
  );
}

export function stringList(maxItems: number) {
  return v.pipe(
    v.array(v.string('must be a string'), 'must be an array of strings'),
    v.maxLength(maxItems, `must hold at most ${maxItems} entries`),
  );
}

/** An id in a path: a positive integer written in decimal digits. */
export const PositiveId = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,15}$/, 'must be a positive integer'),
  v.transform(Number),
  v.safeInteger('must be a positive integer'),
);

/** An ISO 8601 instant with an explicit offset, as a Date. */
export const Instant = v.pipe(
  v.string('must be an ISO 8601 instant such as 2026-11-21T18:04:05.123Z'),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const instant = parseInstant(dataset.value);
    if (instant === undefined) {
      addIssue({ message: 'must be an ISO 8601 instant with an offset (Z or ±hh:mm), such as 2026-11-21T18:04:05.123Z' });
      return NEVER;
    }
    return instant;
  }),
);

/** An instant as the API answers it: UTC ISO 8601 with milliseconds. */
export const Timestamp = v.pipe(v.string(), v.isoTimestamp(), v.examples(['2026-11-21T18:04:05.123Z']));

const integer = v.pipe(v.number(), v.integer());

/** One problem with the request, as validation answers list them. */
const ValidationIssueBody = v.object({
  path: v.pipe(v.string(), v.description('Where in the request: `data.id`, `products.3`, `body`.')),
  message: v.string(),
});

/** An RFC 9457 problem details body, with the stable `code` and, for validation, `errors`. */
export const ProblemResponse = v.looseObject({
  type: v.pipe(v.string(), v.description('A URN naming the problem: `urn:vitrine:problem:<code in kebab case>`.')),
  title: v.string(),
  status: integer,
  code: v.pipe(v.string(), v.description('Stable and machine-readable.')),
  detail: v.optional(v.string()),
  errors: v.optional(v.array(ValidationIssueBody)),
  errorCount: v.optional(v.pipe(integer, v.description('How many problems there were, when `errors` lists only the first.'))),
});
