import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/adapters/http/openapi/openapi-document.js';
import { routeInput } from '../../src/adapters/http/pipeline/route-input.js';
import type { RouteSpec } from '../../src/adapters/http/pipeline/route-spec.js';
import { ValidationError } from '../../src/domain/shared/errors.js';
import { openApiDocumentOf, routesOf } from '../../src/composition/adapters/http.js';
import { ApiConformance, pointerSegment } from '../support/api-conformance.js';
import { testContainer } from '../support/test-container.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is walked by assertions
type Json = any;

interface Operation {
  readonly id: string;
  /** The JSON pointer of the operation in the document. */
  readonly pointer: string;
  readonly operation: Json;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Json>).map(([method, operation]) => ({
      id: operation.operationId as string,
      pointer: `#/paths/${pointerSegment(path)}/${method}`,
      operation,
    })),
  );
}

function resolve(document: Json, node: Json): { pointer?: string; node: Json } {
  if (node?.$ref === undefined) return { node };
  const pointer = node.$ref as string;
  return {
    pointer,
    node: pointer
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: Json, part) => at[part], document),
  };
}

/** Each media type of a response or body that has content, with its pointer. */
function mediaOf(pointer: string, holder: Json): { pointer: string; media: string; content: Json }[] {
  return Object.entries((holder?.content ?? {}) as Record<string, Json>).map(([media, content]) => ({
    pointer: `${pointer}/content/${pointerSegment(media)}`,
    media,
    content,
  }));
}

/**
 * Where an operation lacks an example: a path parameter, a required query parameter, its body, a
 * success answer with a body.
 */
function missingExamples(operations: readonly Operation[]): string[] {
  const missing: string[] = [];
  for (const { id, operation } of operations) {
    for (const parameter of operation.parameters as Json[]) {
      const wanted = parameter.in === 'path' || (parameter.in === 'query' && parameter.required === true);
      if (wanted && parameter.example === undefined) missing.push(`${id}: the ${parameter.in} parameter ${parameter.name}`);
    }
    const [body] = mediaOf('', operation.requestBody);
    if (operation.requestBody !== undefined && body?.content.example === undefined) missing.push(`${id}: the body`);
    for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
      if (Number(status) >= 400) continue;
      for (const { media, content } of mediaOf('', response)) {
        if (content.example === undefined) missing.push(`${id}: the ${status} answer (${media})`);
      }
    }
  }
  return missing;
}

/** Every example of the document that does not match the schema it sits beside, with why. */
function invalidExamples(document: OpenApiDocument, check: ApiConformance): string[] {
  const invalid: string[] = [];
  const expect = (where: string, pointer: string, value: unknown) => {
    const problem = check.problemWithValue(pointer, value);
    if (problem !== undefined) invalid.push(`${where}: ${problem}`);
  };
  let seen = 0;
  for (const { id, pointer, operation } of operationsOf(document)) {
    (operation.parameters as Json[]).forEach((parameter, index) => {
      if (parameter.example === undefined) return;
      seen++;
      const schema = `${pointer}/parameters/${index}/schema`;
      expect(`${id} ${parameter.name}`, schema, parameter.example);
      if (parameter.schema.contentSchema !== undefined) {
        expect(`${id} ${parameter.name} (its JSON)`, `${schema}/contentSchema`, JSON.parse(parameter.example as string));
      }
    });
    for (const body of mediaOf(`${pointer}/requestBody`, operation.requestBody)) {
      if (body.content.example === undefined) continue;
      seen++;
      expect(`${id} body (${body.media})`, `${body.pointer}/schema`, body.content.example);
    }
    for (const [status, answer] of Object.entries(operation.responses as Record<string, Json>)) {
      const { pointer: component, node: response } = resolve(document, answer);
      for (const media of mediaOf(component ?? `${pointer}/responses/${status}`, response)) {
        const examples = Object.entries((media.content.examples ?? {}) as Record<string, Json>).map(
          ([name, example]) => [name, resolve(document, example).node.value] as const,
        );
        if (media.content.example !== undefined) examples.push(['example', media.content.example]);
        for (const [name, value] of examples) {
          seen++;
          expect(`${id} ${status} (${media.media}) ${name}`, `${media.pointer}/schema`, value);
        }
      }
    }
  }
  if (seen < 100) invalid.push(`only ${seen} examples were checked: the walk missed some`);
  return invalid;
}

describe('the examples of the OpenAPI document', () => {
  let document: OpenApiDocument;
  let specs: RouteSpec[];
  let check: ApiConformance;
  beforeAll(() => {
    const { container } = testContainer();
    document = openApiDocumentOf(container);
    specs = routesOf(container);
    check = new ApiConformance(document);
  });

  it('are there for every operation: each path and required query parameter, the body, each success answer with a body', () => {
    expect(missingExamples(operationsOf(document))).toEqual([]);
  });

  it('match the schemas they sit beside, the problem examples every problem answer names included', () => {
    expect(invalidExamples(document, check)).toEqual([]);
  });

  it("are requests the route's own checks take, as the pipeline reads them (path parameters as text)", () => {
    const refused: string[] = [];
    for (const spec of specs) {
      const { params = {}, query = {}, body } = spec.examples;
      const raw = {
        params: Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)])),
        query,
        body,
        ifMatch: undefined,
      };
      try {
        const input = routeInput(spec, raw, undefined);
        // A batch reads each item on its own: a bad item is reported in the answer, not thrown.
        const items = Array.isArray(input.body) ? (input.body as { errors?: unknown }[]) : [];
        for (const item of items.filter((candidate) => candidate.errors !== undefined)) {
          refused.push(`${spec.operationId}: ${JSON.stringify(item)}`);
        }
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        refused.push(`${spec.operationId}: ${JSON.stringify(error.issues)}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('name only what their route has: its parameters, its body, its success answers with a body', () => {
    const stray: string[] = [];
    for (const { id, operation } of operationsOf(document)) {
      const spec = specs.find((candidate) => candidate.operationId === id)!;
      const names = new Set((operation.parameters as Json[]).map((parameter) => `${parameter.in} ${parameter.name}`));
      const { params = {}, query = {}, body, responses } = spec.examples;
      for (const name of Object.keys(params)) if (!names.has(`path ${name}`)) stray.push(`${id}: path parameter ${name}`);
      for (const name of Object.keys(query)) if (!names.has(`query ${name}`)) stray.push(`${id}: query parameter ${name}`);
      if (body !== undefined && spec.body === undefined) stray.push(`${id}: a body`);
      for (const status of Object.keys(responses)) {
        const answer = spec.responses.find((candidate) => String(candidate.status) === status);
        if (answer?.body === undefined && answer?.text === undefined) stray.push(`${id}: a ${status} answer`);
      }
    }
    expect(stray).toEqual([]);
  });

  it("give pages a nextCursor that the route's `cursor` parameter, as documented, takes back", () => {
    const refused: string[] = [];
    let paged = 0;
    for (const { id, pointer, operation } of operationsOf(document)) {
      const index = (operation.parameters as Json[]).findIndex((parameter) => parameter.name === 'cursor');
      const next = operation.responses['200']?.content?.['application/json']?.example?.nextCursor;
      if (index === -1 || typeof next !== 'string') continue;
      paged++;
      const problem = check.problemWithValue(`${pointer}/parameters/${index}/schema`, next);
      if (problem !== undefined) refused.push(`${id}: ${next} ${problem}`);
    }
    expect(refused).toEqual([]);
    expect(paged).toBeGreaterThanOrEqual(3);
  });

  it('are checked for real: a missing or wrong example is caught', () => {
    const operations = operationsOf(document);
    const found = operations.find((candidate) => candidate.id === 'getProduct')!;
    const { example: _example, ...bare } = found.operation.responses['200'].content['application/json'];
    const stripped = {
      ...found,
      operation: {
        ...found.operation,
        responses: { ...found.operation.responses, 200: { content: { 'application/json': bare } } },
      },
    };
    expect(missingExamples([stripped])).toEqual(['getProduct: the 200 answer (application/json)']);
    const pointer = `${found.pointer}/responses/200/content/application~1json/schema`;
    expect(check.problemWithValue(pointer, { id: 'VES-002' })).toMatch(/must have required property/);
  });
});
