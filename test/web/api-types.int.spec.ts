import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

// The builder's API client is typed from the service's own OpenAPI document; a route changed
// without `npm run api:types` makes this fail (it reads the built service, as `npm test` builds it).
it("the web app's API types are the ones the OpenAPI document gives", () => {
  const run = spawnSync(process.execPath, ['scripts/api-types.mjs', '--check'], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
});
