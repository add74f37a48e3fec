import * as v from 'valibot';
import { MAX_SEEDS, type ProposeSliceFromSeeds } from '../../../application/merchandising/ai-slices.js';
import { ValidationError } from '../../../domain/shared/errors.js';
import type { ProposeSliceFromBrief } from '../../../application/merchandising/propose-slice-from-brief.js';
import { MAX_BRIEF_LENGTH } from '../../../domain/merchandising/brief.js';
import { MAX_SLICE_PRODUCTS } from '../../../domain/merchandising/slice.js';
import { json } from '../pipeline/reply.js';
import { jsonBody, route, type RouteGroup } from '../pipeline/route-spec.js';
import { presentProduct } from '../product/product-presenter.js';
import { PRODUCT_EXAMPLE } from '../product/catalog-routes.js';
import { ProductResponse } from '../product/product-schemas.js';
import { jsonObject, requiredText } from '../shared/common-schemas.js';
import { BUILDER_TAG, COLLECTIONS_BASE } from './slice-answers.js';

/** A slice proposal asked for in words, or from seed products. */
export const ProposalBody = jsonObject(
  {
    brief: v.pipe(
      v.optional(requiredText(MAX_BRIEF_LENGTH)),
      v.description(
        'What the slice should show, in Portuguese or English: "vestidos leves para casamento de dia até R$ 400". Give a brief or `seeds`, not both.',
      ),
    ),
    seeds: v.pipe(
      v.optional(v.array(v.string('must be a string'), 'must be an array of product ids')),
      v.description(
        `Product ids (1 to ${MAX_SEEDS}) whose similar products fill the proposal, as \`POST /{id}/slices/ai\` chooses them. Give seeds or a brief, not both.`,
      ),
    ),
    includeSeeds: v.pipe(
      v.optional(v.boolean('must be true or false')),
      v.description('With `seeds`: whether the (available) seeds themselves lead the proposal. False by default.'),
    ),
    size: v.pipe(
      v.number('must be a number'),
      v.integer('must be a whole number'),
      v.minValue(1, `must be from 1 to ${MAX_SLICE_PRODUCTS}`),
      v.maxValue(MAX_SLICE_PRODUCTS, `must be from 1 to ${MAX_SLICE_PRODUCTS}`),
    ),
    availableOnly: v.optional(v.boolean('must be true or false'), true),
  },
  'must be a JSON object',
);

/** What the brief was read as. */
const Understood = v.object({
  words: v.pipe(v.array(v.string()), v.description('The words searched by: lower-cased, without accents and stop words.')),
  minPrice: v.optional(v.number()),
  maxPrice: v.optional(v.number()),
  categories: v.pipe(v.array(v.string()), v.description("The catalog's categories the brief names, as the catalog writes them.")),
  brands: v.pipe(v.array(v.string()), v.description("The catalog's brands the brief names, as the catalog writes them.")),
});

export const ProposalResponse = v.object({
  products: v.array(ProductResponse),
  understood: v.pipe(Understood, v.description('What the brief was read as; from seeds, empty lists.')),
});

/** Slice proposals: products chosen from a text brief, shown for the merchandiser to edit, never saved here. */
export function proposalRoutes(propose: ProposeSliceFromBrief, fromSeeds: ProposeSliceFromSeeds): RouteGroup {
  return {
    tag: BUILDER_TAG,
    schemas: { SliceProposalInput: ProposalBody, SliceProposal: ProposalResponse },
    routes: [
      route({
        method: 'POST',
        path: `${COLLECTIONS_BASE}/proposals`,
        operationId: 'proposeSliceFromBrief',
        summary: "Propose a slice's products from a text brief or seed products (nothing is saved)",
        description:
          'From `seeds`: the products `POST /{id}/slices/ai` would choose (unknown seeds are refused). From a brief: price phrases ("até R$ 400", "entre 100 e 300", "under $400"), the catalog’s category and brand names and the ' +
          'other words of the brief are recognised; the words are searched in the catalog within those filters, most ' +
          'relevant first; when they match too few products, the named categories and brands fill the rest, by id. ' +
          'Deterministic, offline. Save the edited list with `POST /{id}/slices`.',
        scope: 'collections:write',
        body: jsonBody(ProposalBody),
        responses: [
          { status: 200, description: 'The products proposed, and what the brief was read as.', body: ProposalResponse },
        ],
        examples: {
          body: { brief: 'vestidos leves para casamento de dia até R$ 400', size: 1 },
          responses: {
            200: {
              products: [PRODUCT_EXAMPLE],
              understood: { words: ['leves', 'casamento', 'dia'], maxPrice: 400, categories: ['vestidos'], brands: [] },
            },
          },
        },
        handler: async ({ body }) => {
          const { brief, seeds, includeSeeds, size, availableOnly } = body;
          if ((brief === undefined) === (seeds === undefined)) {
            throw ValidationError.single(
              brief === undefined ? 'brief' : 'seeds',
              brief === undefined ? 'give a brief or seeds' : 'give a brief or seeds, not both',
            );
          }
          if (seeds !== undefined) {
            const products = await fromSeeds.execute({ seeds, size, includeSeeds });
            return json(200, { products: products.map(presentProduct), understood: { words: [], categories: [], brands: [] } });
          }
          if (includeSeeds !== undefined) throw ValidationError.single('includeSeeds', 'goes with seeds, not with a brief');
          const { products, understood } = await propose.execute({ brief: brief!, size, availableOnly });
          return json(200, { products: products.map(presentProduct), understood });
        },
      }),
    ],
  };
}
