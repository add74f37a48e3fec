import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readmeBlocks } from '../support/readme.js';
import { PROJECT_ROOT } from '../support/vitrine-process.js';

const run = promisify(execFile);

describe('the embedding example (docs/embedding.md)', () => {
  it('runs against the built package and prints what the document says', async () => {
    const blocks = readmeBlocks('docs/embedding.md').filter((b) => b.section === 'Embedding the domain in another service');
    const example = blocks.find((b) => b.language === 'js');
    const printed = blocks.find((b) => b.language === 'text');
    expect(example?.code).toContain("from 'vitrine'");
    // Inside the project, `vitrine` resolves to this package through its own "exports", as it would for a user.
    const dir = await mkdtemp(join(PROJECT_ROOT, '.vitest-tmp-'));
    try {
      const file = join(dir, 'embed.mjs');
      await writeFile(file, example?.code ?? '');
      const { stdout, stderr } = await run(process.execPath, [file], { cwd: dir });
      expect(stderr).toBe('');
      expect(stdout).toBe(`${printed?.code}\n`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exports every subpath the document names from the built package', async () => {
    const dir = await mkdtemp(join(PROJECT_ROOT, '.vitest-tmp-'));
    try {
      const file = join(dir, 'subpaths.mjs');
      const subpaths = [
        'vitrine',
        'vitrine/adapters/memory',
        'vitrine/adapters/mongo',
        'vitrine/adapters/redis',
        'vitrine/adapters/logging',
        'vitrine/adapters/clock',
        'vitrine/adapters/crypto',
        'vitrine/adapters/similarity',
        'vitrine/adapters/http',
        'vitrine/composition',
      ];
      await writeFile(
        file,
        subpaths.map((s, i) => `import * as m${i} from '${s}';`).join('\n') +
          `\nconsole.log([${subpaths.map((_, i) => `Object.keys(m${i}).length`).join(',')}].every((n) => n > 0));\n`,
      );
      const { stdout } = await run(process.execPath, [file], { cwd: dir });
      expect(stdout.trim()).toBe('true');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
