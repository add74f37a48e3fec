import type { FindSimilarProducts, SimilarProducts } from '../../../application/product/find-similar-products.js';
import { renderedBody } from '../pipeline/reply.js';
import { bodyRenderer } from '../pipeline/rendered-answers.js';
import { jsonBody, route, type ResponseHeader, type RouteGroup } from '../pipeline/route-spec.js';
import { PRODUCTS_TAG } from './catalog-routes.js';
import { SimilarRequestBody, SimilarResponse } from './product-schemas.js';

/** The header naming the answer: a `recommendation_click` event gives it back. */
const RECOMMENDATION_ID_HEADER: ResponseHeader = 'X-Recommendation-Id';

/** What is similar to this product: the contract's question. */
export function similarRoutes(findSimilar: FindSimilarProducts): RouteGroup {
  // The body is the contract's exactly; a list the engine keeps is rendered once, a shopper's on the spot.
  const render = bodyRenderer((products: readonly string[]) => ({ products }));
  const reply = ({ products, recommendationId }: SimilarProducts) =>
    renderedBody(render(products), { [RECOMMENDATION_ID_HEADER]: recommendationId });
  return {
    tag: PRODUCTS_TAG,
    schemas: { SimilarRequest: SimilarRequestBody, SimilarResponse },
    routes: [
      route({
        method: 'POST',
        path: '/api/v1/products/protected/similar',
        operationId: 'findSimilarProducts',
        summary: 'Similar products',
        description:
          "The identifiers of products similar to `data.id`, best first: its curated list; then, scored together, what past sessions like this `sessionId`'s latest visit went on to see (session-kNN), the products that visit saw before (shoppers go back to them) and what is popular in the product's category now; then the nearest by embedding, else by content; topped up from its category, then from what is popular overall. Never the product itself, a duplicate or an unavailable product. With a `userId`, what that shopper bought is left out and the rest re-ranked towards the categories and brands of their recent events and their profile's style. The `X-Recommendation-Id` header names the answer: send it back with a `recommendation_click` event when a shopper clicks one of its products.",
        scope: 'products:read',
        body: jsonBody(SimilarRequestBody),
        fastLane: true,
        responses: [
          {
            status: 200,
            description: 'Identifiers of similar products.',
            body: SimilarResponse,
            headers: ['X-Recommendation-Id'],
          },
        ],
        problems: ['PRODUCT_NOT_FOUND'],
        examples: {
          body: { userId: 'up_ana_souza', sessionId: 'sess-7f3a', data: { id: 'VES-001', limit: 8 } },
          responses: {
            200: { products: ['VES-004', 'SAN-002', 'ACE-005', 'BOL-003', 'VES-009', 'ACE-023', 'VES-002', 'VES-015'] },
          },
        },
        handler: ({ body }) => {
          const query = { productId: body.data.id, limit: body.data.limit, userId: body.userId, sessionId: body.sessionId };
          // At once when the engine holds the answer (the usual case); else once the use case has it.
          const held = findSimilar.peek(query);
          return held === undefined ? findSimilar.execute(query).then(reply) : reply(held);
        },
      }),
    ],
  };
}
