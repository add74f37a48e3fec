import * as v from 'valibot';
import { MAX_PRODUCT_READ } from '../../../application/product/get-products.js';
import { MAX_SEARCH_LIMIT, type CatalogPosition } from '../../../application/product/search-catalog.js';
import { MAX_SIMILAR_LIMIT } from '../../../domain/product/similarity.js';
import { batchItems } from '../shared/batch-schemas.js';
import { jsonObject, queryObject, requiredText, stringList, Timestamp, wholeNumberText } from '../shared/common-schemas.js';

const nonBlank = (s: string) => s.trim().length > 0;

/** The contract's SimilarRequest. Unknown fields are ignored; known ones must have their type. */
export const SimilarRequestBody = jsonObject(
  {
    userId: v.optional(v.nullable(v.string('must be a string or null'))),
    sessionId: v.pipe(v.string('must be a string'), v.check(nonBlank, 'must not be empty')),
    data: jsonObject(
      {
        id: v.pipe(v.string('must be a string'), v.trim(), v.minLength(1, 'must not be empty')),
        limit: v.optional(
          v.pipe(
            v.number('must be a number'),
            v.integer('must be an integer'),
            v.minValue(1, `must be from 1 to ${MAX_SIMILAR_LIMIT}`),
            v.maxValue(MAX_SIMILAR_LIMIT, `must be from 1 to ${MAX_SIMILAR_LIMIT}`),
          ),
        ),
      },
      'must be an object',
      'ignore',
    ),
  },
  'must be a JSON object',
  'ignore',
);

const optionalText = (max: number) =>
  v.optional(v.pipe(v.string('must be a string'), v.maxLength(max, `must be at most ${max} characters`)));

/** A catalog product as written to `PUT /catalog/:productId`. */
const productEntries = {
  name: requiredText(300),
  description: optionalText(5000),
  category: optionalText(100),
  brand: optionalText(100),
  price: v.optional(v.number('must be a number')),
  imageUrl: v.optional(v.pipe(v.string('must be a string'), v.description("An absolute http(s) URL of the product's picture."))),
  available: v.optional(v.boolean('must be true or false'), true),
  tags: v.optional(stringList(100), []),
  attributes: v.optional(
    v.pipe(
      v.unknown(),
      // valibot's record would drop these names silently: they are refused instead.
      v.check(withoutReservedNames, 'names __proto__, constructor and prototype are reserved'),
      v.record(v.string(), v.string('must be a string'), 'must be an object of strings'),
      v.maxEntries(100, 'must hold at most 100 attributes'),
    ),
    {},
  ),
  embedding: v.optional(
    v.pipe(
      v.array(v.number('must be a number'), 'must be an array of numbers'),
      v.maxLength(4096, 'must hold at most 4096 numbers'),
    ),
  ),
  similar: v.optional(stringList(100)),
};

export const ProductBody = jsonObject(productEntries, 'must be a JSON object');

/** A product of a batch write: the product body with its id. */
export const ProductBatchItem = jsonObject({
  id: v.pipe(v.string('must be a string'), v.minLength(1, 'must not be empty')),
  ...productEntries,
});

/** A batch write of products, as documented (each item is checked on its own: see parseBatch). */
export const ProductBatchBody = jsonObject({ products: batchItems(ProductBatchItem) }, 'must be a JSON object');

/** The ids of a batch delete. */
export const ProductDeleteBatchBody = jsonObject(
  {
    ids: v.pipe(
      v.array(v.string('must be a string'), 'must be an array of ids'),
      v.minLength(1, 'must hold at least one id'),
      v.maxLength(1000, 'must hold at most 1000 ids'),
    ),
  },
  'must be a JSON object',
);

/** The ids of a batch read, in the order the answer keeps. */
export const ProductLookupBody = jsonObject(
  {
    ids: v.pipe(
      v.array(v.string('must be a string'), 'must be an array of ids'),
      v.minLength(1, 'must hold at least one id'),
      v.maxLength(MAX_PRODUCT_READ, `must hold at most ${MAX_PRODUCT_READ} ids`),
    ),
  },
  'must be a JSON object',
);

export const ProductDeleteBatchResponse = v.object({ deleted: v.array(v.string()), missing: v.array(v.string()) });

/** The contract's SimilarResponse: identifiers only, best first. */
export const SimilarResponse = v.object({ products: v.array(v.string()) });

/** A catalog product as stored. */
export const ProductResponse = v.object({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.string()),
  category: v.optional(v.string()),
  brand: v.optional(v.string()),
  price: v.optional(v.number()),
  imageUrl: v.optional(v.string()),
  available: v.boolean(),
  tags: v.array(v.string()),
  attributes: v.record(v.string(), v.string()),
  embedding: v.optional(v.array(v.number())),
  similar: v.optional(v.array(v.string())),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const ProductLookupResponse = v.object({
  products: v.pipe(v.array(ProductResponse), v.description('The products found, in the order their ids were asked, each once.')),
  missing: v.pipe(v.array(v.string()), v.description('The ids no product has, in the order asked, each once.')),
});

const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

function withoutReservedNames(input: unknown): boolean {
  return typeof input !== 'object' || input === null || !Object.keys(input).some((name) => RESERVED_NAMES.has(name));
}

/** Text in the query string: at most `max` characters, without control characters. */
function queryText(max: number) {
  return v.pipe(
    v.string('must be text'),
    v.maxLength(max, `must be at most ${max} characters`),
    // eslint-disable-next-line no-control-regex
    v.regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
  );
}

const CURSOR_MESSAGE = 'must be the nextCursor of a previous page';

/** What a catalog cursor holds: a ranked search's offset (`o:40`) or a listing's last id (`i:VES-001`). */
// eslint-disable-next-line no-control-regex
const CATALOG_CURSOR_TEXT = /^(?:o:\d{1,4}|i:[^\u0000-\u001f\u007f]{1,200})$/;

/** `GET /catalog`: a page of a catalog search. The cursor is the opaque `nextCursor` of the previous page. */
export const CatalogSearchQuery = queryObject({
  q: v.optional(
    v.pipe(
      queryText(200),
      v.description('Words to rank by (name, description, tags, brand, category); the last one also as the start of a word.'),
    ),
  ),
  category: v.optional(v.pipe(queryText(100), v.description('Only this category (ignoring case).'))),
  brand: v.optional(v.pipe(queryText(100), v.description('Only this brand (ignoring case).'))),
  available: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'must be true or false'),
      v.transform((text) => text === 'true'),
    ),
  ),
  limit: v.optional(wholeNumberText(1, MAX_SEARCH_LIMIT, `must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`)),
  // The pattern documented is the cursor's own (base64url); what it holds is checked once decoded.
  cursor: v.optional(
    v.pipe(
      v.string(CURSOR_MESSAGE),
      v.regex(/^[\w-]{1,1024}$/, CURSOR_MESSAGE),
      v.description('The `nextCursor` of the page before (opaque).'),
      v.transform((text) => Buffer.from(text, 'base64url').toString('utf8')),
      v.check((text) => CATALOG_CURSOR_TEXT.test(text), CURSOR_MESSAGE),
      v.transform(readCatalogPosition),
    ),
  ),
});

function readCatalogPosition(text: string): CatalogPosition {
  return text.startsWith('o:') ? { offset: Number(text.slice(2)) } : { afterId: text.slice(2) };
}

/** The cursor of the page that starts at `position`. */
export function catalogCursor(position: CatalogPosition): string {
  const text = 'offset' in position ? `o:${position.offset}` : `i:${position.afterId}`;
  return Buffer.from(text).toString('base64url');
}

export const CatalogNamesResponse = v.object({
  categories: v.pipe(v.array(v.string()), v.description('Category names, the most common first.')),
  brands: v.pipe(v.array(v.string()), v.description('Brand names, the most common first.')),
});

export const CatalogPageResponse = v.object({
  products: v.array(ProductResponse),
  nextCursor: v.pipe(v.nullable(v.string()), v.description('Pass as `cursor` for the next page; null on the last page.')),
});
