import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name));
}

/** Every line of domain and application code (comments aside) that matches `pattern`, where it is. */
async function offencesOf(pattern: RegExp, allowed: (file: string) => boolean = () => false): Promise<string[]> {
  const offences: string[] = [];
  for (const layer of ['domain', 'application']) {
    for (const file of await sources(join(SRC, layer))) {
      const where = file.slice(SRC.length + 1);
      if (allowed(where)) continue;
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, i) => {
        const code = line.replace(/\/\/.*$/, '');
        if (/^\s*(\/\*|\*)/.test(code)) return; // a comment may name what it forbids
        if (pattern.test(code)) offences.push(`${where}:${i + 1}: ${line.trim()}`);
      });
    }
  }
  return offences;
}

describe('the clock rule', () => {
  it('holds: domain and application code read the time only through the Clock port', async () => {
    expect(await offencesOf(/new Date\(\s*\)|Date\.now\(/)).toEqual([]);
  });

  it('holds for timers: domain and application code schedule only through the Scheduler port', async () => {
    expect(await offencesOf(/\b(setTimeout|setInterval|setImmediate)\(/)).toEqual([]);
  });
});

describe('the similarity engine', () => {
  it('is fed one way only: nothing but FollowCatalog (the SimilarityFeed) tells it of products', async () => {
    expect(await offencesOf(/\.products(Saved|Removed)\(/, (file) => file === 'application/product/follow-catalog.ts')).toEqual(
      [],
    );
  });
});
