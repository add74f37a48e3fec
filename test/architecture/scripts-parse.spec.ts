import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the scripts no test imports (bench/, scripts/)', () => {
  it('parse: a merge left half-done or a broken edit is caught before `npm run bench` meets it', async () => {
    const files: string[] = [];
    for (const dir of ['bench', 'scripts']) {
      for (const name of await readdir(join(ROOT, dir))) if (name.endsWith('.mjs')) files.push(join(dir, name));
    }
    expect(files.length).toBeGreaterThan(10);
    const broken: string[] = [];
    for (const file of files) {
      await run(process.execPath, ['--check', join(ROOT, file)]).catch((error: { stderr?: string }) =>
        broken.push(`${file}: ${(error.stderr ?? '').split('\n').slice(0, 3).join(' ')}`),
      );
    }
    expect(broken).toEqual([]);
  }, 60_000);
});
