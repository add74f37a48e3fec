import type { PreviewRuleSlice } from '../../../application/merchandising/preview-rule-slice.js';
import { json } from '../pipeline/reply.js';
import { jsonBody, route, type RouteGroup, type RouteSpec } from '../pipeline/route-spec.js';
import { presentRulePreview } from './merchandising-presenter.js';
import { CollectionParams, RulePreviewBody, RulePreviewResponse, SliceRulesBody } from './merchandising-schemas.js';
import { BUILDER_TAG, SLICES_PATH } from './slice-answers.js';

/** Best sellers among the demo's dresses, with two products pinned at the top. */
export const RULES_EXAMPLE = {
  conditions: { categories: ['vestidos'], availableOnly: true },
  sort: 'bestSelling',
  windowDays: 30,
  pins: [
    { productId: 'VES-002', position: 1 },
    { productId: 'VES-005', position: 2 },
  ],
  size: 4,
};

const PREVIEW_EXAMPLE = {
  at: '2026-11-21T12:00:00.000Z',
  rules: { ...RULES_EXAMPLE, conditions: { availableOnly: true, categories: ['vestidos'] } },
  products: [
    { productId: 'VES-002', position: 1, pinned: true },
    { productId: 'VES-005', position: 2, pinned: true },
    { productId: 'VES-011', position: 3, pinned: false },
    { productId: 'VES-003', position: 4, pinned: false },
  ],
  counts: { matching: 20, pinned: 2, shown: 4 },
};

/** Slices filled by rules: what the rules would hold, before a slice is saved with them. */
export function ruleSliceRoutes(preview: PreviewRuleSlice): RouteGroup {
  return {
    tag: BUILDER_TAG,
    schemas: { SliceRules: SliceRulesBody, RulePreview: RulePreviewResponse },
    routes: [previewing(preview)],
  };
}

function previewing(preview: PreviewRuleSlice): RouteSpec {
  return route({
    method: 'POST',
    path: `${SLICES_PATH}/rules/preview`,
    operationId: 'previewRuleSlice',
    summary: 'What a slice filled by these rules would hold now',
    description:
      'Applies the rules to the catalog and the events now, as a save of a RULES slice would, and changes nothing: the products in order, each with its position and whether a pin holds it, and how many products met the conditions.',
    scope: 'collections:read',
    params: CollectionParams,
    body: jsonBody(RulePreviewBody),
    responses: [{ status: 200, description: 'What the rules would hold.', body: RulePreviewResponse }],
    problems: ['COLLECTION_NOT_FOUND'],
    examples: { params: { id: 1 }, body: { rules: RULES_EXAMPLE }, responses: { 200: PREVIEW_EXAMPLE } },
    handler: async ({ params, body }) => json(200, presentRulePreview(await preview.execute(params.id, body.rules))),
  });
}
