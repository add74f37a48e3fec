import * as v from 'valibot';
import { renderer, sendRendered } from '../rendered-answers.js';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import type { RouteSpec } from './route-spec.js';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/** This API's own description, generated once from the route specs on first request. */
export function openApiRoute(describe: () => OpenApiDocument): RouteSpec {
  let document: object | undefined;
  const render = renderer((answer: object) => answer);
  return {
    method: 'GET',
    path: OPENAPI_PATH,
    operationId: 'getOpenApiDocument',
    tag: 'Operations',
    summary: 'This API described in OpenAPI 3.1',
    conditional: 'If-None-Match',
    responses: [
      {
        status: 200,
        description: 'The OpenAPI document.',
        body: v.looseObject({ openapi: v.literal('3.1.0') }),
        headers: ['ETag', 'Cache-Control'],
      },
      { status: 304, description: 'The copy the client holds (If-None-Match) is current.', headers: ['ETag', 'Cache-Control'] },
    ],
    handler: (ctx) => {
      document ??= describe();
      ctx.set('Cache-Control', 'no-cache');
      sendRendered(ctx, render(document));
    },
  };
}
