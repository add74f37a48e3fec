import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixture', import.meta.url));
const DEPCRUISE = `${ROOT}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`;

interface Violation {
  readonly rule: { readonly name: string };
  readonly from: string;
  readonly to: string;
}

/** Runs dependency-cruiser with the project's rules over `src` of `cwd`. */
async function violations(cwd: string): Promise<Violation[]> {
  const { stdout } = await run(
    process.execPath,
    [DEPCRUISE, 'src', '--config', `${ROOT}.dependency-cruiser.cjs`, '--output-type', 'json'],
    {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('the layer rule (dependency-cruiser)', () => {
  it('holds for the project: imports point inwards only', async () => {
    expect(await violations(ROOT)).toEqual([]);
  }, 60_000);

  it('catches each kind of violation (the rules are not vacuous)', async () => {
    const found = await violations(FIXTURE);
    const rules = new Set(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to.replace(/^.*node_modules\/([^/]+).*$/, '$1')}`));
    expect(rules).toContain('domain-is-pure: src/domain/impure.ts → src/adapters/http/handler.ts');
    expect(rules).toContain('domain-uses-no-framework: src/domain/impure.ts → koa');
    expect(rules).toContain('domain-uses-no-framework: src/domain/impure.ts → fs');
    expect(rules).toContain('application-knows-no-adapter: src/application/use-case.ts → src/adapters/http/handler.ts');
    expect([...rules].some((r) => r.startsWith('embedding-loads-no-framework: src/index.ts → koa'))).toBe(true);
    expect(rules).toContain('web-app-speaks-http-only: src/adapters/web/src/screen.ts → src/domain/impure.ts');
    expect(rules).toContain('web-app-speaks-http-only: src/adapters/web/src/screen.ts → src/application/use-case.ts');
    expect(rules).toContain('storefront-script-stands-alone: src/adapters/storefront/tracker.ts → src/domain/impure.ts');
  }, 60_000);
});
