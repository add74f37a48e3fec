import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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

  it('exports every subpath package.json lists from the built package, each with what it is for', async () => {
    // Each subpath, and names it must export: every adapter of the family, and what connects them.
    const expected: Record<string, readonly string[]> = {
      vitrine: ['CreateCollection', 'GetActiveSlice', 'normalisePhone'],
      'vitrine/adapters/memory': ['InMemoryCollectionStore', 'InMemoryEventStore', 'InMemorySharedCache'],
      'vitrine/adapters/mongo': [
        'MongoDatabase',
        'MongoProfileStore',
        'MongoProductStore',
        'MongoCollectionStore',
        'MongoTokenStore',
        'MongoEventStore',
      ],
      'vitrine/adapters/redis': [
        'RedisConnection',
        'RedisSharedCache',
        'RedisCatalogNews',
        'RedisRequestLimiter',
        'RedisEventNews',
      ],
      'vitrine/adapters/logging': ['createLogger'],
      'vitrine/adapters/clock': ['SystemClock', 'FakeClock'],
      'vitrine/adapters/crypto': ['NodeTokenSecrets'],
      'vitrine/adapters/similarity': ['SimilarityEngine'],
      'vitrine/adapters/demo': ['loadDemoData'],
      'vitrine/adapters/http': ['koaApp'],
      'vitrine/composition': ['createContainer', 'prepareInstance'],
    };
    const { exports } = JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { exports: object };
    const listed = Object.keys(exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? 'vitrine' : `vitrine${key.slice(1)}`));
    expect(listed.sort()).toEqual(Object.keys(expected).sort());
    const dir = await mkdtemp(join(PROJECT_ROOT, '.vitest-tmp-'));
    try {
      const file = join(dir, 'subpaths.mjs');
      const subpaths = Object.keys(expected);
      await writeFile(
        file,
        subpaths.map((s, i) => `import * as m${i} from '${s}';`).join('\n') +
          `\nconsole.log(JSON.stringify([${subpaths.map((_, i) => `Object.keys(m${i})`).join(',')}]));\n`,
      );
      const { stdout } = await run(process.execPath, [file], { cwd: dir });
      const names = JSON.parse(stdout) as string[][];
      subpaths.forEach((subpath, i) =>
        expect({ subpath, names: names[i] }).toEqual({ subpath, names: expect.arrayContaining([...expected[subpath]!]) }),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
