import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/adapters/http/openapi/openapi-document.js';
import { startTestServer, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is walked by assertions
type Json = any;

/** The request an operation's examples make, as the API reference's "Try it out" sends it. */
function exampleRequest(path: string, operation: Json): string {
  const parameters = operation.parameters as Json[];
  let url = path;
  const query = new URLSearchParams();
  for (const parameter of parameters.filter((candidate) => candidate.example !== undefined)) {
    const value = String(parameter.example);
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
    if (parameter.in === 'query') query.set(parameter.name, value);
  }
  return query.size === 0 ? url : `${url}?${query.toString()}`;
}

describe("the API reference's examples, tried on the demo data as `npm start` loads it", () => {
  let server: TestServer;
  let document: OpenApiDocument;
  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: 'true' } });
    document = (await server.request('GET', '/api/v1/openapi.json', { token: null })).json as OpenApiDocument;
  });
  afterAll(() => server.close());

  it('every read answers its success status with its example parameters (the harness also holds each answer to the document)', async () => {
    const tried: string[] = [];
    const failed: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      const read = (methods as Record<string, Json>).get;
      if (read === undefined) continue;
      const success = Number(Object.keys(read.responses as object).find((status) => status.startsWith('2')));
      const url = exampleRequest(path, read);
      const answer = await server.request('GET', url);
      tried.push(read.operationId as string);
      if (answer.status !== success) failed.push(`${read.operationId} GET ${url}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    expect(failed).toEqual([]);
    expect(tried.length).toBeGreaterThan(15);
  });
});
