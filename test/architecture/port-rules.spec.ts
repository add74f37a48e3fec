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

describe('the similarity index', () => {
  it('is fed one way only: nothing but FollowCatalog (the CatalogFeed) tells it of products', async () => {
    expect(await offencesOf(/\.products(Saved|Removed)\(/, (file) => file === 'application/product/follow-catalog.ts')).toEqual(
      [],
    );
  });

  it('learns events one way only: nothing but FollowEvents (the EventFeed) feeds it what shoppers do', async () => {
    expect(
      await offencesOf(/(?<!\bthis)\.(learn|forgetUser|relearn)\(/, (file) => file === 'application/events/follow-events.ts'),
    ).toEqual([]);
  });
});

describe('caches', () => {
  it('are never held at module scope in the domain, the application or the similarity adapters: each belongs to an object', async () => {
    const offences: string[] = [];
    for (const dir of ['domain', 'application', 'adapters/similarity']) {
      for (const file of await sources(join(SRC, dir))) {
        const text = await readFile(file, 'utf8');
        // An empty Map or Set made at module scope is filled as the process runs: a cache no object owns.
        for (const found of text.matchAll(/^(export )?(const|let|var) \w+[^=;]*=\s*new (Weak)?(Map|Set)(<[^;]*?>)?\(\s*\)/gm)) {
          const line = text.slice(0, found.index).split('\n').length;
          offences.push(`${file.slice(SRC.length + 1)}:${line}: ${found[0].split('\n')[0]}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });
});
