import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MongoClient } from 'mongodb';
import { expect, inject, it } from 'vitest';
import '../support/provided.js';
import { readmeBlocks } from '../support/readme.js';
import { describe } from '../support/suite.js';
import { PROJECT_ROOT } from '../support/vitrine-process.js';

const run = promisify(execFile);

describe('the embedding example on MongoDB (docs/embedding.md)', () => {
  it('runs against the built package, on a database of its own, and prints what the document says', async () => {
    const blocks = readmeBlocks('docs/embedding.md').filter((b) => b.section === 'On MongoDB');
    const example = blocks.find((b) => b.language === 'js');
    const printed = blocks.find((b) => b.language === 'text');
    expect(example?.code).toContain("from 'vitrine/adapters/mongo'");
    const uri = inject('mongoUri');
    const dbName = `vitrine_test_${randomUUID().slice(0, 8)}`;
    // Inside the project, `vitrine` resolves to this package through its own "exports", as it would for a user.
    const dir = await mkdtemp(join(PROJECT_ROOT, '.vitest-tmp-'));
    try {
      const file = join(dir, 'embed-mongo.mjs');
      await writeFile(file, example?.code ?? '');
      const { stdout, stderr } = await run(process.execPath, [file], {
        cwd: dir,
        env: { PATH: process.env.PATH, MONGODB_URI: uri, MONGODB_DB: dbName },
      });
      expect(stderr).toBe('');
      expect(stdout).toBe(`${printed?.code}\n`);
    } finally {
      await rm(dir, { recursive: true, force: true });
      const client = new MongoClient(uri);
      await client.db(dbName).dropDatabase();
      await client.close();
    }
  });
});
