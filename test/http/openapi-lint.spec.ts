import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocumentOf } from '../../src/composition/adapters/http.js';
import type { OpenApiDocument } from '../../src/adapters/http/openapi/openapi-document.js';
import { testContainer } from '../support/test-container.js';

/** Every problem Redocly's `recommended` ruleset finds in a document, one line each. */
async function lintProblems(document: object): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  return problems.map(
    (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? 'no location'})`,
  );
}

describe("the OpenAPI document, linted with Redocly's recommended rules", () => {
  let document: OpenApiDocument;
  beforeAll(() => {
    document = openApiDocumentOf(testContainer().container);
  });

  it('has no error and no warning', async () => {
    expect(await lintProblems(document)).toEqual([]);
  });

  it('is linted for real: the same document without its servers or with a stray component is faulted', async () => {
    const { servers: _servers, ...serverless } = document;
    expect(await lintProblems(serverless)).toEqual([expect.stringMatching(/^error no-empty-servers/)]);
    const components = document.components as { responses: Record<string, unknown> };
    const stray = {
      ...document,
      components: { ...components, responses: { ...components.responses, Stray: { description: 'x' } } },
    };
    expect(await lintProblems(stray)).toEqual([expect.stringMatching(/^warn no-unused-components: .*"Stray"/)]);
  });
});
