import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument, type OpenApiDocument } from '../../src/adapters/http/openapi/openapi-document.js';
import { noContent } from '../../src/adapters/http/pipeline/reply.js';
import { route, type RouteGroup, type RouteTag } from '../../src/adapters/http/pipeline/route-spec.js';
import { openApiDocumentOf } from '../../src/composition/adapters/http.js';
import { testContainer } from '../support/test-container.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is walked by assertions
type Json = any;

/** A feature's group of one route, as a routes file declares it. */
function group(tag: RouteTag, operationId: string): RouteGroup {
  return {
    tag,
    routes: [
      route({
        method: 'GET',
        path: `/api/v1/${operationId}`,
        operationId,
        summary: `The ${operationId} route`,
        responses: [{ status: 204, description: 'Nothing.' }],
        examples: { responses: {} },
        handler: () => noContent(),
      }),
    ],
  };
}

function operationsOf(document: Json): Json[] {
  return Object.values(document.paths as Record<string, Record<string, Json>>).flatMap((methods) => Object.values(methods));
}

describe("the OpenAPI document's tags", () => {
  let document: Json;
  beforeAll(() => {
    document = openApiDocumentOf(testContainer().container);
  });

  it("are the route groups' own, once each, in the features' order, each with its description", () => {
    expect(document.tags.map((tag: RouteTag) => tag.name)).toEqual([
      'Profiles',
      'Products',
      'Collections',
      'Builder',
      'Events',
      'Tokens',
      'Webhooks',
      'Operations',
    ]);
    for (const tag of document.tags as RouteTag[]) expect(tag.description, tag.name).toMatch(/\w.*\.$/);
    const named = new Set(operationsOf(document).map((operation) => operation.tags[0] as string));
    expect([...named].sort()).toEqual(document.tags.map((tag: RouteTag) => tag.name).sort());
  });

  it('follow the groups: a new feature declares its tag beside its routes and nothing else changes', () => {
    const shared: RouteTag = { name: 'Widgets', description: 'What widgets do.' };
    const other: RouteTag = { name: 'Gadgets', description: 'What gadgets do.' };
    const described: OpenApiDocument = openApiDocument([
      group(shared, 'listWidgets'),
      group(other, 'listGadgets'),
      group(shared, 'countWidgets'),
    ]);
    expect(described.tags).toEqual([shared, other]);
    expect(described.paths['/api/v1/countWidgets']?.get).toMatchObject({ tags: ['Widgets'] });
  });

  it('refuse one name declared twice with two descriptions', () => {
    const groups = [group({ name: 'Widgets', description: 'One.' }, 'a'), group({ name: 'Widgets', description: 'Two.' }, 'b')];
    expect(() => openApiDocument(groups)).toThrow(/tag Widgets with different descriptions/);
  });
});
