import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { PROBLEM_TABLE } from '../../src/adapters/http/pipeline/problems.js';
import { openApiDocumentOf } from '../../src/composition/adapters/http.js';
import { testContainer } from '../support/test-container.js';

// docs/routes.md is generated from the service's own OpenAPI document; a route changed without
// `npm run docs:routes` makes this fail (it reads the built service, as `npm test` builds it).
it('docs/routes.md is what `npm run docs:routes` writes from the OpenAPI document now', () => {
  const run = spawnSync(process.execPath, ['scripts/route-reference.mjs', '--check'], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
});

it('lists every operation once, under its tag, with its scope, and every problem code with its status', () => {
  const reference = readFileSync(new URL('../../docs/routes.md', import.meta.url), 'utf8');
  const document = openApiDocumentOf(testContainer().container);
  const sections = reference.split(/^## /m).slice(1);
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods as Record<string, { tags: string[]; summary: string }>)) {
      const row = `| \`${method.toUpperCase()} ${path}\` | ${operation.summary} |`;
      expect(reference.split(row).length - 1, row).toBe(1);
      const section = sections.find((candidate) => candidate.includes(row));
      expect(section?.split('\n')[0], row).toBe(operation.tags[0]);
    }
  }
  expect(reference).toContain('| `GET /api/v1/admin/protected/tokens/self` | The token this request is made with | any token |');
  const errors = sections.find((section) => section.startsWith('Errors\n'));
  for (const [code, { status, title }] of Object.entries(PROBLEM_TABLE)) {
    expect(errors, code).toContain(`| ${status} | \`${code}\` | ${title} |`);
  }
});
