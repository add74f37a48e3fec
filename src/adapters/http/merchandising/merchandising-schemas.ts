import * as v from 'valibot';
import { MAX_DESCRIPTION_LENGTH } from '../../../domain/merchandising/collection.js';
import { MAX_NAME_LENGTH, MAX_NOT_IN_CATALOG_LISTED, SLICE_TYPES } from '../../../domain/merchandising/slice.js';
import { MAX_LISTED_CHANGES, MAX_SLICE_VERSIONS, SLICE_FIELDS } from '../../../domain/merchandising/slice-history.js';
import { RULE_SORTS } from '../../../domain/merchandising/slice-rules.js';
import {
  cursorText,
  Instant,
  jsonObject,
  queryObject,
  jsonText,
  PositiveId,
  requiredText,
  Timestamp,
  wholeNumberText,
} from '../shared/common-schemas.js';

const description = v.pipe(
  v.string('must be a string'),
  v.maxLength(MAX_DESCRIPTION_LENGTH, `must be at most ${MAX_DESCRIPTION_LENGTH} characters`),
);

export const CollectionParams = jsonObject({ id: PositiveId });
export const SliceParams = jsonObject({ id: PositiveId, sliceId: PositiveId });

export const CreateCollectionBody = jsonObject(
  { name: requiredText(MAX_NAME_LENGTH), description: v.optional(description, '') },
  'must be a JSON object',
);

export const UpdateCollectionBody = jsonObject(
  { name: v.optional(requiredText(MAX_NAME_LENGTH)), description: v.optional(description) },
  'must be a JSON object',
);

const names = v.array(v.string('must be a string'), 'must be an array of strings');
const price = v.number('must be a number');

export const SliceFiltersBody = jsonObject(
  {
    availableOnly: v.optional(v.boolean('must be true or false')),
    categories: v.optional(names),
    brands: v.optional(names),
    minPrice: v.optional(price),
    maxPrice: v.optional(price),
    tags: v.optional(names),
  },
  'must be an object',
);

const number = v.number('must be a number');

/** What fills a RULES slice: conditions, a sort, pins and a size. */
export const SliceRulesBody = v.pipe(
  jsonObject(
    {
      conditions: v.optional(
        jsonObject(
          {
            availableOnly: v.optional(v.boolean('must be true or false')),
            categories: v.optional(names),
            brands: v.optional(names),
            tags: v.optional(names),
            tagsMatch: v.optional(v.picklist(['any', 'all'], 'must be any or all')),
            minPrice: v.optional(price),
            maxPrice: v.optional(price),
          },
          'must be an object',
        ),
      ),
      sort: v.picklist(RULE_SORTS, `must be one of ${RULE_SORTS.join(', ')}`),
      windowDays: v.optional(number),
      order: v.optional(names),
      pins: v.optional(
        v.array(jsonObject({ productId: v.string('must be a string'), position: number }), 'must be an array of pins'),
      ),
      size: number,
    },
    'must be an object',
  ),
  v.description(
    'Conditions a product meets (all that are set; `tagsMatch` `all` asks for every tag), a sort (`bestSelling`, `mostViewed`, `mostAddedToCart` over the last `windowDays` days of events (default 30, 1 to 365); `newest`; `priceAscending`; `priceDescending`; `manual`: the hand-made `order`, filtered by the conditions), pinned products at fixed positions (1 to `size`, each once), and the most products the slice holds (`size`, 1 to 500, pins included).',
  ),
);

/** A slice as the builder saves it. `endsAt` left out (or null) means the slice never expires. */
export const SliceBody = jsonObject(
  {
    name: requiredText(MAX_NAME_LENGTH),
    type: v.picklist(SLICE_TYPES, `must be one of ${SLICE_TYPES.join(', ')}`),
    startsAt: Instant,
    endsAt: v.nullish(Instant),
    filters: v.optional(SliceFiltersBody),
    products: v.optional(
      v.pipe(
        v.array(v.string('must be a string'), 'must be an array of product ids'),
        v.description('Required, but for a RULES slice: its rules fill it (left out or empty).'),
      ),
    ),
    rules: v.optional(v.pipe(SliceRulesBody, v.description('Required for a RULES slice, and only for it.'))),
  },
  'must be a JSON object',
);

/** `POST .../slices/rules/preview`: the rules to try. */
export const RulePreviewBody = jsonObject({ rules: SliceRulesBody }, 'must be a JSON object');

/** `GET /`: a page of collections. The cursor is the opaque `nextCursor` of the previous page. */
export const CollectionListQuery = queryObject({
  limit: v.optional(wholeNumberText(1, 200, 'must be a whole number from 1 to 200')),
  cursor: v.optional(cursorText(/^\d{1,16}$/, Number)),
  name: v.optional(
    v.pipe(
      v.string('must be text'),
      v.maxLength(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`),
      // eslint-disable-next-line no-control-regex
      v.regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
    ),
  ),
});

export const SliceListQuery = queryObject({
  status: v.optional(v.picklist(['SCHEDULED', 'ACTIVE', 'EXPIRED'], 'must be SCHEDULED, ACTIVE or EXPIRED')),
  limit: v.optional(wholeNumberText(1, 200, 'must be a whole number from 1 to 200')),
  cursor: v.optional(
    cursorText(/^-?\d{1,16}:\d{1,16}$/, (text) => {
      const [startsAtMs = '0', id = '0'] = text.split(':');
      return { startsAtMs: Number(startsAtMs), id: Number(id) };
    }),
  ),
});

/** The cursor of the page after the one ending at this slice. */
export function sliceCursor(position: { readonly startsAtMs: number; readonly id: number }): string {
  return Buffer.from(`${position.startsAtMs}:${position.id}`).toString('base64url');
}

/** The slice an uploaded spreadsheet fills, described in the query string. `filters` is JSON. */
export const SpreadsheetSliceQuery = queryObject({
  name: requiredText(MAX_NAME_LENGTH),
  startsAt: Instant,
  endsAt: v.optional(Instant),
  filters: v.optional(jsonText(SliceFiltersBody, 'must be a JSON object')),
});

/** A slice whose products the similarity engine chooses from seed products. */
export const AiSliceBody = jsonObject(
  {
    name: requiredText(MAX_NAME_LENGTH),
    startsAt: Instant,
    endsAt: v.nullish(Instant),
    filters: v.optional(SliceFiltersBody),
    seeds: v.array(v.string('must be a string'), 'must be an array of product ids'),
    size: v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(1, 'must be from 1 to 500'),
      v.maxValue(500, 'must be from 1 to 500'),
    ),
    includeSeeds: v.optional(v.boolean('must be true or false')),
  },
  'must be a JSON object',
);

/** A JSON object (not null, not an array): what a variant's options are read from. */
const anObject = v.custom<Record<string, unknown>>(
  (input) => input !== null && typeof input === 'object' && !Array.isArray(input),
  'must be an object',
);

const position = v.pipe(v.number('must be a number'), v.integer('must be a whole number'));

/** One change to a slice's product list. */
const ProductEdit = v.pipe(
  anObject,
  v.variant(
    'op',
    [
      v.object({ op: v.literal('add'), productId: v.string('must be a string'), position: v.optional(position) }),
      v.object({ op: v.literal('remove'), productId: v.string('must be a string') }),
      v.object({ op: v.literal('move'), productId: v.string('must be a string'), position }),
    ],
    'must have op "add", "remove" or "move"',
  ),
);

/** Changes to a slice's product list, applied in order, all or none. */
export const ProductEditsBody = jsonObject(
  { operations: v.array(ProductEdit, 'must be an array of operations') },
  'must be a JSON object',
);

export const TimelineQuery = queryObject({ from: Instant, to: Instant });

export const PreviewQuery = queryObject({ at: v.optional(Instant) });

/** A save or a delete about to be made, whose consequence the builder asks for. */
const ScheduleChangeBody = v.pipe(
  anObject,
  v.variant(
    'kind',
    [
      v.object({
        kind: v.literal('save'),
        sliceId: v.optional(
          v.pipe(
            v.number('must be a number'),
            v.safeInteger('must be a positive integer'),
            v.minValue(1, 'must be a positive integer'),
          ),
        ),
        name: requiredText(MAX_NAME_LENGTH),
        startsAt: Instant,
        endsAt: v.nullish(Instant),
      }),
      v.object({
        kind: v.literal('delete'),
        sliceId: v.pipe(
          v.number('must be a number'),
          v.safeInteger('must be a positive integer'),
          v.minValue(1, 'must be a positive integer'),
        ),
      }),
    ],
    'must have kind "save" or "delete"',
  ),
);

/** `POST .../timeline/preview`: the range to draw, and the change. */
export const TimelinePreviewBody = jsonObject(
  { from: Instant, to: Instant, change: ScheduleChangeBody },
  'must be a JSON object',
);

const integer = v.pipe(v.number(), v.integer());

/** A collection as the builder shows it. */
export const CollectionResponse = v.object({
  id: integer,
  name: v.string(),
  description: v.string(),
  createdAt: Timestamp,
  sliceCount: integer,
  updatedAt: Timestamp,
  updatedBy: v.string(),
  version: integer,
});

/** The slice a listed collection shows now, in brief. */
export const LiveSliceResponse = v.object({
  id: integer,
  name: v.string(),
  startsAt: Timestamp,
  endsAt: Timestamp,
});

/** A collection as the list shows it: the collection, and the slice it shows now. */
export const ListedCollectionResponse = v.object({
  ...CollectionResponse.entries,
  activeSlice: v.pipe(
    v.nullable(LiveSliceResponse),
    v.description(
      'The slice the collection shows at the moment of the answer (the latest start wins, then the highest id), as `GET .../{id}` answers it; null when it shows nothing.',
    ),
  ),
});

export const CollectionPageResponse = v.object({
  collections: v.array(ListedCollectionResponse),
  nextCursor: v.pipe(v.nullable(v.string()), v.description('Pass as `cursor` for the next page; null on the last page.')),
});

const SliceSummaryEntries = {
  id: integer,
  name: v.string(),
  type: v.picklist(SLICE_TYPES),
  startsAt: Timestamp,
  endsAt: Timestamp,
  status: v.picklist(['SCHEDULED', 'ACTIVE', 'EXPIRED']),
  colour: v.picklist(['yellow', 'green', 'red']),
  productCount: integer,
  filters: SliceFiltersBody,
  generator: v.optional(v.object({ seeds: v.array(v.string()), size: integer, includeSeeds: v.boolean() })),
  rules: v.optional(SliceRulesBody),
  refreshedAt: v.optional(
    v.pipe(Timestamp, v.description('RULES slices: when the rules last made the product list (a refresh keeps the version).')),
  ),
  listChangedAt: v.optional(v.pipe(Timestamp, v.description('RULES slices: when that last changed the list.'))),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  updatedBy: v.string(),
  version: integer,
};

const OverlapWarning = v.object({
  code: v.literal('SLICE_OVERLAP'),
  sliceId: integer,
  sliceName: v.string(),
  from: Timestamp,
  until: Timestamp,
});

/** A slice as saved: its products in order, and warnings about slices active at the same time. */
export const SliceWrittenResponse = v.object({
  ...SliceSummaryEntries,
  products: v.array(v.object({ productId: v.string(), position: integer })),
  warnings: v.array(OverlapWarning),
  notInCatalog: v.pipe(
    v.array(v.string()),
    v.description(
      `The slice's products the catalog does not hold, in slice order (at most ${MAX_NOT_IN_CATALOG_LISTED}): a warning: the slice is saved with them (it may plan products that arrive later).`,
    ),
  ),
});

const SliceProduct = v.object({ productId: v.string(), position: integer, active: v.boolean() });

/** A slice read back, each product with its active flag. */
export const SliceDetailsResponse = v.object({ ...SliceSummaryEntries, products: v.array(SliceProduct) });

export const SliceListResponse = v.object({
  collection: CollectionResponse,
  slices: v.array(
    v.object({
      ...SliceSummaryEntries,
      overlapsWith: v.pipe(
        v.array(integer),
        v.description('The slices active at some instant this one is (at most 100, the earliest-starting first).'),
      ),
    }),
  ),
  nextCursor: v.pipe(v.nullable(v.string()), v.description('The cursor of the next page; null on the last page.')),
});

/** The contract's ActiveSliceResponse. */
export const ActiveSliceResponse = v.object({
  collectionId: integer,
  collectionName: v.string(),
  collectionDescription: v.string(),
  sliceId: integer,
  sliceName: v.string(),
  startsAt: Timestamp,
  endsAt: Timestamp,
  products: v.array(SliceProduct),
});

export const TimelineResponse = v.object({
  collectionId: integer,
  from: Timestamp,
  to: Timestamp,
  segments: v.array(
    v.object({ from: Timestamp, until: Timestamp, sliceId: v.nullable(integer), sliceName: v.nullable(v.string()) }),
  ),
});

const ServedSliceResponse = v.pipe(
  v.nullable(
    v.object({
      sliceId: v.pipe(v.nullable(integer), v.description('Null for the new slice being saved.')),
      sliceName: v.string(),
      draft: v.pipe(v.boolean(), v.description('Whether this is the slice being saved (or deleted).')),
    }),
  ),
  v.description('The slice served; null when the collection shows nothing.'),
);

const PreviewSegmentResponse = v.object({
  from: Timestamp,
  until: Timestamp,
  sliceId: v.nullable(integer),
  sliceName: v.nullable(v.string()),
  draft: v.pipe(v.boolean(), v.description('Whether the segment shows the slice being saved.')),
});

/** What a change would do to what the collection serves. */
export const TimelinePreviewResponse = v.object({
  collectionId: integer,
  from: Timestamp,
  to: Timestamp,
  before: v.pipe(v.array(PreviewSegmentResponse), v.description('The timeline from `from` to `to` as it is.')),
  after: v.pipe(v.array(PreviewSegmentResponse), v.description('The timeline from `from` to `to` with the change made.')),
  changes: v.pipe(
    v.array(
      v.object({
        from: Timestamp,
        until: v.pipe(v.nullable(Timestamp), v.description('Null when the period never ends.')),
        sliceBefore: ServedSliceResponse,
        sliceAfter: ServedSliceResponse,
      }),
    ),
    v.description('Every period from `from` on (also past `to`) in which the slice served differs, in time order.'),
  ),
  needsConfirmation: v.pipe(
    v.boolean(),
    v.description('True when a changed period is served within the next 24 hours (by the service’s clock) or never ends.'),
  ),
});

export const SliceVersionParams = jsonObject({ id: PositiveId, sliceId: PositiveId, version: PositiveId });

/** `GET .../versions`: a page of a slice's history. The cursor is the opaque `nextCursor` of the previous page. */
export const SliceVersionListQuery = queryObject({
  limit: v.optional(wholeNumberText(1, MAX_SLICE_VERSIONS, `must be a whole number from 1 to ${MAX_SLICE_VERSIONS}`)),
  cursor: v.optional(cursorText(/^[1-9]\d{0,15}$/, Number)),
});

/** The cursor of the page after the one ending at this version. */
export function versionCursor(version: number): string {
  return Buffer.from(String(version)).toString('base64url');
}

const PlacedProductResponse = v.object({ productId: v.string(), position: integer });

const SliceVersionChangesResponse = v.pipe(
  v.object({
    fields: v.pipe(v.array(v.picklist(SLICE_FIELDS)), v.description('The fields besides the products that changed.')),
    added: v.pipe(v.array(PlacedProductResponse), v.description('Products new to the slice, at their new positions.')),
    removed: v.pipe(v.array(PlacedProductResponse), v.description('Products no longer in the slice, at their old positions.')),
    moved: v.pipe(
      v.array(v.object({ productId: v.string(), from: integer, to: integer })),
      v.description(
        'The fewest products whose moves give the new order; a product shifted by one added or removed above it has not moved.',
      ),
    ),
    counts: v.object({ added: integer, removed: integer, moved: integer }),
  }),
  v.description(
    `What the version changed since the one before; null for the first version known (the slice's first, or the oldest kept). A listing names at most ${MAX_LISTED_CHANGES} products of each kind; \`counts\` gives them all.`,
  ),
);

const SliceVersionEntries = {
  version: v.pipe(integer, v.description('The slice version this save made: what its ETag named then.')),
  at: v.pipe(Timestamp, v.description('When the version was saved.')),
  by: v.pipe(v.string(), v.description('The name of the token that saved it.')),
  name: v.string(),
  type: v.picklist(SLICE_TYPES),
  startsAt: Timestamp,
  endsAt: Timestamp,
  filters: SliceFiltersBody,
  generator: SliceSummaryEntries.generator,
  rules: SliceSummaryEntries.rules,
  productCount: integer,
  changes: v.nullable(SliceVersionChangesResponse),
};

export const SliceVersionListResponse = v.object({
  collectionId: integer,
  sliceId: integer,
  versions: v.pipe(
    v.array(v.object(SliceVersionEntries)),
    v.description('Newest first; the first of the first page is the slice now.'),
  ),
  nextCursor: v.pipe(v.nullable(v.string()), v.description('The cursor of the next page; null on the last page.')),
});

/** One version of a slice whole: its products in order. */
export const SliceVersionResponse = v.object({
  collectionId: integer,
  sliceId: integer,
  ...SliceVersionEntries,
  products: v.array(PlacedProductResponse),
});

/** What rules would hold now. */
export const RulePreviewResponse = v.object({
  at: v.pipe(Timestamp, v.description('The instant the rules were applied at (the events counted end there).')),
  rules: v.pipe(SliceRulesBody, v.description('The rules as a save would store them.')),
  products: v.array(
    v.object({
      productId: v.string(),
      position: integer,
      pinned: v.pipe(v.boolean(), v.description('Held at this position by a pin.')),
    }),
  ),
  counts: v.object({
    matching: v.pipe(integer, v.description('Products that meet the conditions (pinned ones aside), shown or not.')),
    pinned: integer,
    shown: v.pipe(integer, v.description('Products the slice would hold: at most `rules.size`.')),
  }),
});
