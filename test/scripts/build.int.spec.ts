import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/vitrine-process.js';

/**
 * `npm start` and `npm test` build with `scripts/build.mjs --if-stale`: a part of dist/ is rebuilt
 * exactly when what it is built from changed. Checked on a copy of the project (its sources,
 * configuration and build script, with this checkout's node_modules linked in), built for real.
 */
describe('scripts/build.mjs --if-stale: what is current is not built again, what changed is', () => {
  let root: string;
  const SERVICE_SOURCE = 'src/domain/shared/clock.ts';
  const WEB_SOURCE = 'src/adapters/web/src/main.tsx';

  const build = () => {
    const run = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  };
  /** Which parts one run built, and which it found current. */
  const built = (output: string) => ({
    service: /built the service/.test(output) ? 'built' : /the service in dist\/ is current/.test(output) ? 'current' : '?',
    app: /built the builder app/.test(output) ? 'built' : /the builder app in dist\/ is current/.test(output) ? 'current' : '?',
  });
  const edit = (file: string, text: string) => appendFileSync(join(root, file), text);
  const read = (file: string) => readFileSync(join(root, file), 'utf8');

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'vitrine-build-'));
    for (const entry of ['src', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json']) {
      cpSync(join(PROJECT_ROOT, entry), join(root, entry), { recursive: true });
    }
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds both parts where nothing was built yet', () => {
    const run = build();
    expect(run.status, run.output).toBe(0);
    expect(built(run.output)).toEqual({ service: 'built', app: 'built' });
    expect(read('dist/main.js')).toContain('listen');
    expect(read('dist/web/index.html')).toContain('/builder/');
  });

  it('builds nothing when nothing changed, even where files were touched', () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, SERVICE_SOURCE), later, later);
    utimesSync(join(root, WEB_SOURCE), later, later);
    const before = statSync(join(root, 'dist/main.js')).mtimeMs;
    const run = build();
    expect(run.status, run.output).toBe(0);
    expect(built(run.output)).toEqual({ service: 'current', app: 'current' });
    expect(statSync(join(root, 'dist/main.js')).mtimeMs).toBe(before);
  });

  it('rebuilds the service, and only it, when one of its sources changed', () => {
    edit(SERVICE_SOURCE, '\nexport const BUILD_PROBE = "service changed";\n');
    const run = build();
    expect(built(run.output)).toEqual({ service: 'built', app: 'current' });
    expect(read('dist/domain/shared/clock.js')).toContain('service changed');
  });

  it("rebuilds the builder app, and only it, when one of the app's sources changed", () => {
    edit(WEB_SOURCE, '\nconsole.info("builder changed");\n');
    const run = build();
    expect(built(run.output)).toEqual({ service: 'current', app: 'built' });
    const script = /src="\/builder\/(assets\/[^"]+\.js)"/.exec(read('dist/web/index.html'))?.[1];
    expect(read(`dist/web/${script}`)).toContain('builder changed');
  });

  it('rebuilds the service when its compiler configuration changed, and both when the lock file did', () => {
    const config = JSON.parse(read('tsconfig.build.json')) as { compilerOptions: Record<string, unknown> };
    writeFileSync(
      join(root, 'tsconfig.build.json'),
      JSON.stringify({ ...config, compilerOptions: { ...config.compilerOptions, sourceMap: false } }),
    );
    expect(built(build().output)).toEqual({ service: 'built', app: 'current' });
    edit('package-lock.json', '\n');
    expect(built(build().output)).toEqual({ service: 'built', app: 'built' });
  });

  it('rebuilds a part whose output is missing, and removes what a deleted source compiled to', () => {
    rmSync(join(root, 'dist/main.js'));
    mkdirSync(join(root, 'dist/stale'), { recursive: true });
    writeFileSync(join(root, 'dist/stale/left-over.js'), '');
    expect(built(build().output)).toEqual({ service: 'built', app: 'current' });
    expect(statSync(join(root, 'dist/main.js')).isFile()).toBe(true);
    expect(statSync(join(root, 'dist/stale'), { throwIfNoEntry: false })).toBeUndefined();
  });

  it('keeps a part whose build failed stale, so that the next start builds it again', () => {
    const source = read(SERVICE_SOURCE);
    writeFileSync(join(root, SERVICE_SOURCE), `${source}\nexport const broken: number = 'not a number';\n`);
    const failed = build();
    expect(failed.status).not.toBe(0);
    expect(failed.output).toContain('the service failed to build');
    // Back to the sources of the last good build: their output was overwritten by the failed one.
    writeFileSync(join(root, SERVICE_SOURCE), source);
    expect(built(build().output)).toEqual({ service: 'built', app: 'current' });
    expect(read('dist/domain/shared/clock.js')).not.toContain('broken');
  });

  it('builds every part without --if-stale, as `npm run build` does', () => {
    const run = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
    expect(built(`${run.stdout}${run.stderr}`)).toEqual({ service: 'built', app: 'built' });
  });
});
