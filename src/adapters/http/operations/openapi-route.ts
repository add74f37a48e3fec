import * as v from 'valibot';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import { rendered } from '../pipeline/reply.js';
import { renderer } from '../pipeline/rendered-answers.js';
import { route, type RouteGroup } from '../pipeline/route-spec.js';
import { OPERATIONS_TAG } from './health-routes.js';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/** This API's own description, generated once from the route table on first request. */
export function openApiRoutes(describe: () => OpenApiDocument): RouteGroup {
  let document: OpenApiDocument | undefined;
  const render = renderer((answer: OpenApiDocument) => answer);
  return {
    tag: OPERATIONS_TAG,
    routes: [
      route({
        method: 'GET',
        path: OPENAPI_PATH,
        operationId: 'getOpenApiDocument',
        summary: 'This API described in OpenAPI 3.1',
        conditional: true,
        responses: [
          {
            status: 200,
            description: 'The OpenAPI document.',
            body: v.looseObject({
              openapi: v.literal('3.1.0'),
              info: v.looseObject({ title: v.string(), version: v.string() }),
              paths: v.record(v.string(), v.looseObject({})),
            }),
            headers: ['ETag', 'Cache-Control'],
          },
          {
            status: 304,
            description: 'The copy the client holds (If-None-Match) is current.',
            headers: ['ETag', 'Cache-Control'],
          },
        ],
        examples: {
          responses: { 200: { openapi: '3.1.0', info: { title: 'Vitrine', version: '0.1.0' }, paths: {} } },
        },
        handler: () => {
          document ??= describe();
          return rendered(render(document), { 'Cache-Control': 'no-cache' });
        },
      }),
    ],
  };
}
