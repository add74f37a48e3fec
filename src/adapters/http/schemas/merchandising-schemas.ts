import * as v from 'valibot';
import { MAX_DESCRIPTION_LENGTH } from '../../../domain/merchandising/collection.js';
import { MAX_NAME_LENGTH, SLICE_TYPES } from '../../../domain/merchandising/slice.js';
import { Instant, jsonObject, PositiveId, requiredText } from './common.js';

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

/** A slice as the builder saves it. `endsAt` left out (or null) means the slice never expires. */
export const SliceBody = jsonObject(
  {
    name: requiredText(MAX_NAME_LENGTH),
    type: v.picklist(SLICE_TYPES, `must be one of ${SLICE_TYPES.join(', ')}`),
    startsAt: Instant,
    endsAt: v.nullish(Instant),
    filters: v.optional(SliceFiltersBody),
    products: v.array(v.string('must be a string'), 'must be an array of product ids'),
  },
  'must be a JSON object',
);
