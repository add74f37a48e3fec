import * as v from 'valibot';
import type { OpenApiDocument } from '../openapi/openapi-document.js';
import { encoded, type Encoded } from '../pipeline/content-coding.js';
import { encodedJson } from '../pipeline/reply.js';
import { route, type RouteGroup } from '../pipeline/route-spec.js';
import { OPERATIONS_TAG } from './health-routes.js';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/**
 * This API's description as it is served: generated from the route table, serialised, and
 * compressed (brotli, gzip) once, since the document is fixed for the life of the process. The
 * compression runs in zlib's thread pool, never on the event loop; `start` (a resource of the
 * lifecycle) does it all before the service takes requests, so no request waits for it.
 */
export class ApiDescription {
  readonly name = 'openapi';
  private served: Promise<Encoded> | undefined;

  constructor(private readonly describe: () => OpenApiDocument) {}

  /** The document's JSON and its compressed copies, made on the first call; a failure is tried again on the next. */
  encoded(): Promise<Encoded> {
    this.served ??= this.serialised().catch((error: unknown) => {
      this.served = undefined;
      throw error;
    });
    return this.served;
  }

  private async serialised(): Promise<Encoded> {
    return encoded(Buffer.from(JSON.stringify(this.describe()), 'utf8'), true);
  }

  async start(): Promise<void> {
    await this.encoded();
  }

  async stop(): Promise<void> {}
}

/** This API's own description, served compressed as `Accept-Encoding` asks, each coding with its own ETag. */
export function openApiRoutes(description: ApiDescription): RouteGroup {
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
        handler: async () => encodedJson(await description.encoded(), { 'Cache-Control': 'no-cache' }),
      }),
    ],
  };
}
