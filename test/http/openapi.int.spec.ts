import type Router from '@koa/router';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../src/composition/adapters/http.js';
import type { OpenApiDocument } from '../../src/adapters/http/openapi/openapi-document.js';
import { PROBLEM_TABLE } from '../../src/adapters/http/pipeline/problems.js';
import { MAX_NAME_LENGTH } from '../../src/domain/merchandising/slice.js';
import { MAX_SIMILAR_LIMIT } from '../../src/domain/product/similarity.js';
import { ApiConformance } from '../support/api-conformance.js';
import { ACTIVE_SLICE_RESPONSE_FIELDS } from '../support/mothers.js';
import { rawGet, startTestServer, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

const PATH = '/api/v1/openapi.json';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is walked by assertions
type Json = any;

describe('the OpenAPI document', () => {
  let server: TestServer;
  let document: Json;
  beforeAll(async () => {
    server = await startTestServer();
    document = (await server.request('GET', PATH, { token: null })).json;
  });
  afterAll(() => server.close());

  it('is served without a token, with an ETag, and 304 while it is unchanged', async () => {
    const first = await server.request('GET', PATH, { token: null });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await server.request('GET', PATH, { token: null, headers: { 'If-None-Match': etag ?? '' } });
    expect({ status: again.status, body: again.text }).toEqual({ status: 304, body: '' });
  });

  it('is served compressed as Accept-Encoding weighs it (brotli, gzip), each coding with its own ETag, 304 for each', async () => {
    const plain = await rawGet(server, PATH, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(document);
    const br = await rawGet(server, PATH, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    // The document is mostly repeated names: it shrinks to a fraction.
    expect(br.body.length).toBeLessThan(plain.body.length / 5);
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    const gz = await rawGet(server, PATH, { 'Accept-Encoding': 'br;q=0.5, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(plain.body);
    expect(
      (await rawGet(server, PATH, { 'Accept-Encoding': 'identity;q=1, br;q=0.5' })).headers['content-encoding'],
    ).toBeUndefined();

    const tags = [plain, br, gz].map((answer) => answer.headers.etag!);
    expect(new Set(tags).size).toBe(3);
    expect(tags[1]).toBe(`${tags[0]!.slice(0, -1)}-br"`);
    for (const [acceptEncoding, etag] of [
      ['', tags[0]!],
      ['br', tags[1]!],
      ['gzip', tags[2]!],
    ] as const) {
      const again = await rawGet(server, PATH, { 'Accept-Encoding': acceptEncoding, 'If-None-Match': etag });
      expect({ status: again.status, length: again.body.length, vary: again.headers.vary }).toEqual({
        status: 304,
        length: 0,
        vary: 'Accept-Encoding',
      });
    }
    // Another coding's tag names another representation: the body is sent.
    expect((await rawGet(server, PATH, { 'Accept-Encoding': 'br', 'If-None-Match': tags[2]! })).status).toBe(200);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect({ valid: result.valid, version: validator.version, openapi: document.openapi }).toEqual({
      valid: true,
      version: '3.1',
      openapi: '3.1.0',
    });
  });

  it('lists exactly the routes the router mounts, method by method', () => {
    const app = createApp(server.container);
    const router = (app.middleware as { router?: Router }[]).find((m) => m.router !== undefined)?.router;
    const mounted = (router?.stack ?? []).flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${layer.path}`),
    );
    const documented = Object.entries(document.paths as Record<string, object>).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(mounted.length).toBeGreaterThan(30);
    expect(new Set(mounted).size).toBe(mounted.length);
    expect([...documented].sort()).toEqual([...mounted].sort());
  });

  it("names the contract's routes with its paths and its parameter names", () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/crm/protected/profile/user-profile-id/{userProfileId}',
        '/api/v1/crm/protected/profile/phone/{phone}',
        '/api/v1/crm/protected/profile/email/{email}',
        '/api/v1/crm/protected/profile/document/{document}',
        '/api/v1/products/protected/similar',
        '/api/v1/merchandising-collections/protected/{id}',
      ]),
    );
  });

  it('documents every operation with an id, a tag, a summary, and the token it needs', () => {
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method} ${path}`;
        expect(operation.operationId, where).toMatch(/^\w+$/);
        ids.add(operation.operationId);
        expect(operation.tags, where).toHaveLength(1);
        expect(operation.summary, where).toBeTruthy();
        const open = path.startsWith('/health') || path === PATH || path === '/metrics';
        expect(operation.security, where).toEqual(open ? [] : [{ appToken: [] }]);
        // Every route with a token names its scope, but the one any token may call.
        if (!open && operation.operationId !== 'getOwnToken') expect(operation['x-required-scope'], where).toBeTruthy();
      }
    }
    expect(ids.size).toBe(Object.values(document.paths as Record<string, object>).flatMap(Object.keys).length);
    expect(document.components.securitySchemes.appToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Service-APP-Token',
    });
  });

  it('documents every status a route can answer, each error as a problem body naming its codes', () => {
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method} ${path}`;
        const statuses = Object.keys(operation.responses);
        expect(statuses, where).toContain('500');
        // A route any token may call cannot answer 403; every other one with a token can.
        const needs =
          operation.security.length === 0
            ? []
            : operation['x-required-scope'] === undefined
              ? ['401', '429', '503']
              : ['401', '403', '429', '503'];
        expect(statuses, where).toEqual(expect.arrayContaining(needs));
        if (operation.requestBody !== undefined) expect(statuses, where).toEqual(expect.arrayContaining(['400', '413', '415']));
        for (const status of statuses.filter((s) => Number(s) >= 400)) {
          const response = resolve(document, operation.responses[status]);
          const schema = response.content['application/problem+json'].schema;
          expect(schema.allOf[0], where).toEqual({ $ref: '#/components/schemas/Problem' });
          for (const code of schema.allOf[1].properties.code.enum as (keyof typeof PROBLEM_TABLE)[]) {
            expect(PROBLEM_TABLE[code].status, `${where} ${code}`).toBe(Number(status));
          }
        }
      }
    }
    const collection = document.paths['/api/v1/merchandising-collections/protected/{id}'].get;
    const notFound = resolve(document, collection.responses['404']);
    expect(notFound.content['application/problem+json'].schema.allOf[1].properties.code.enum).toEqual([
      'COLLECTION_NOT_FOUND',
      'NO_ACTIVE_SLICE',
    ]);
    expect(Object.keys(collection.responses)).toEqual(expect.arrayContaining(['200', '304', '400', '404']));
    const tooMany = resolve(document, collection.responses['429']);
    expect(Object.keys(tooMany.headers)).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit', 'RateLimit-Policy']));
  });

  it('is generated from the schemas the routes validate with', () => {
    const { schemas } = document.components;
    const occasion = schemas.ProfileContent.properties.ocasioes_relevantes.items.properties;
    expect(Object.keys(occasion)).toEqual(['ocasião', 'persona_na_ocasião', 'sugestao_look']);
    expect(schemas.SimilarRequest.required).toEqual(['sessionId', 'data']);
    expect(schemas.SimilarRequest.properties.data.properties.limit).toMatchObject({
      type: 'integer',
      maximum: MAX_SIMILAR_LIMIT,
    });
    expect(schemas.SliceInput.properties.name).toMatchObject({ type: 'string', maxLength: MAX_NAME_LENGTH });
    expect(schemas.SliceInput.properties.startsAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(Object.keys(schemas.ActiveSliceResponse.properties)).toEqual(ACTIVE_SLICE_RESPONSE_FIELDS);
    const slice = document.paths['/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}'].put;
    expect(slice.parameters.slice(0, 2)).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
        example: 1,
      },
      {
        name: 'sliceId',
        in: 'path',
        required: true,
        schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
        example: 8,
      },
    ]);
    expect(slice.parameters.map((p: Json) => p.name)).toContain('If-Match');
  });

  it('describes the spreadsheet routes as they read: filters a JSON text, the header row required', () => {
    const upload = document.paths['/api/v1/merchandising-collections/protected/{id}/slices/spreadsheet'].post;
    const filters = upload.parameters.find((p: Json) => p.name === 'filters');
    expect(filters).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'string', contentMediaType: 'application/json' },
    });
    const content = filters.schema.contentSchema;
    const described = content.$ref === undefined ? content : document.components.schemas[content.$ref.split('/').at(-1)];
    expect(described.properties).toHaveProperty('availableOnly');
    expect(upload.requestBody.description).toMatch(/A header row is required/);
  });

  it('is what the test harness holds every answer to, and the check is not vacuous', () => {
    const check = new ApiConformance(document as OpenApiDocument);
    const profile = '/api/v1/crm/protected/profile/phone/11987654321';
    const json = 'application/json; charset=utf-8';
    const good = { userProfileId: 'u1', profile: {} };
    expect(check.problemWith({ method: 'GET', path: profile, status: 200, contentType: json, json: good })).toBeUndefined();
    expect(check.problemWith({ method: 'GET', path: profile, status: 201, contentType: json, json: good })).toMatch(
      /not documented/,
    );
    expect(check.problemWith({ method: 'GET', path: profile, status: 200, contentType: json, json: { profile: {} } })).toMatch(
      /userProfileId/,
    );
    const problem = { type: 'urn:vitrine:problem:conflict', title: 'Conflict', status: 409, code: 'CONFLICT' };
    expect(
      check.problemWith({ method: 'GET', path: profile, status: 404, contentType: 'application/problem+json', json: problem }),
    ).toMatch(/code/);
    expect(check.problemWith({ method: 'GET', path: '/nowhere', status: 200, contentType: json, json: {} })).toMatch(
      /no documented operation/,
    );
  });
});

function resolve(document: Json, node: Json): Json {
  if (node.$ref === undefined) return node;
  return (node.$ref as string)
    .replace(/^#\//, '')
    .split('/')
    .reduce((at: Json, part) => at[part], document);
}
