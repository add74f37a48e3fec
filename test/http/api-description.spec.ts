import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/adapters/http/openapi/openapi-document.js';
import { ApiDescription, openApiRoutes } from '../../src/adapters/http/operations/openapi-route.js';
import { Precondition } from '../../src/application/shared/precondition.js';
import { contentTag } from '../../src/adapters/http/pipeline/entity-tags.js';
import { ApiDescriptionToken } from '../../src/composition/adapters/http.js';
import { ResourcesToken } from '../../src/composition/lifecycle.js';
import { testContainer } from '../support/test-container.js';

const DOCUMENT: OpenApiDocument = { openapi: '3.1.0', paths: { '/x': { get: { summary: 'x'.repeat(2000) } } } };

describe('the API description as served', () => {
  it('is generated, serialised and compressed once, however many ask for it at once or later', async () => {
    let generated = 0;
    const description = new ApiDescription(() => {
      generated++;
      return DOCUMENT;
    });
    const [first, second] = await Promise.all([description.encoded(), description.encoded()]);
    const later = await description.encoded();
    expect(generated).toBe(1);
    expect(second).toBe(first);
    expect(later).toBe(first);
    const json = Buffer.from(JSON.stringify(DOCUMENT), 'utf8');
    expect(first.identity).toEqual(json);
    expect(first.etag).toBe(contentTag(json));
    expect(brotliDecompressSync(first.br!)).toEqual(json);
    expect(gunzipSync(first.gzip!)).toEqual(json);
  });

  it('is what its route answers, the held bytes and copies each time', async () => {
    const description = new ApiDescription(() => DOCUMENT);
    const [spec] = openApiRoutes(description).routes;
    const input = { params: undefined, query: undefined, body: undefined, principal: undefined, precondition: Precondition.NONE };
    const [first, second] = [await spec!.handler(input), await spec!.handler(input)];
    const held = await description.encoded();
    expect(first.body).toBe(held.identity);
    expect(second.body).toBe(held.identity);
    expect(second.compressed).toBe(held);
    expect(second.etag).toBe(held.etag);
  });

  it('is made at start, before any request asks for it', async () => {
    let generated = 0;
    const description = new ApiDescription(() => {
      generated++;
      return DOCUMENT;
    });
    await description.start();
    expect(generated).toBe(1);
    await description.encoded();
    expect(generated).toBe(1);
  });

  it('is tried again after a failure, not remembered as failed', async () => {
    let calls = 0;
    const description = new ApiDescription(() => {
      if (++calls === 1) throw new Error('not yet');
      return DOCUMENT;
    });
    await expect(description.encoded()).rejects.toThrow('not yet');
    await expect(description.encoded()).resolves.toMatchObject({ etag: expect.any(String) });
    expect(calls).toBe(2);
  });

  it("is one of the service's resources, started with the stores before the service listens", () => {
    const { get } = testContainer();
    expect(get(ResourcesToken)).toContain(get(ApiDescriptionToken));
  });
});
