import type { FindSimilarProducts } from '../../../application/product/find-similar-products.js';
import { renderedBody } from '../pipeline/reply.js';
import { renderer } from '../pipeline/rendered-answers.js';
import { jsonBody, route, type RouteGroup } from '../pipeline/route-spec.js';
import { SimilarRequestBody, SimilarResponse } from './product-schemas.js';

/** What is similar to this product: the contract's question. */
export function similarRoutes(findSimilar: FindSimilarProducts): RouteGroup {
  const render = renderer((products: readonly string[]) => ({ products }));
  return {
    schemas: { SimilarRequest: SimilarRequestBody, SimilarResponse },
    routes: [
      route({
        method: 'POST',
        path: '/api/v1/products/protected/similar',
        operationId: 'findSimilarProducts',
        tag: 'Products',
        summary: 'Similar products',
        description:
          'The identifiers of products similar to `data.id`, best first: its curated list, then the nearest by embedding, then by content. Never the product itself, a duplicate or an unavailable product.',
        scope: 'products:read',
        body: jsonBody(SimilarRequestBody),
        fastLane: true,
        responses: [{ status: 200, description: 'Identifiers of similar products.', body: SimilarResponse }],
        problems: ['PRODUCT_NOT_FOUND'],
        handler: ({ body }) => {
          const query = { productId: body.data.id, limit: body.data.limit };
          // At once when the engine holds the answer (the usual case); else once the use case has it.
          const held = findSimilar.peek(query);
          return held === undefined
            ? findSimilar.execute(query).then((ids) => renderedBody(render(ids)))
            : renderedBody(render(held));
        },
      }),
    ],
  };
}
