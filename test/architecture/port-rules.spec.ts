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
  // BuilderFeed is the gate on that one path where the lists are shared: it passes it on while the instance builds.
  const gate = 'application/product/builder-feed.ts';

  it('is fed one way only: nothing but FollowCatalog (the CatalogFeed) tells it of products', async () => {
    expect(
      await offencesOf(
        /\.products(Saved|Removed)\(/,
        (file) => file === 'application/product/follow-catalog.ts' || file === gate,
      ),
    ).toEqual([]);
  });

  it('learns events one way only: nothing but FollowEvents (the EventFeed) feeds it what shoppers do', async () => {
    expect(
      await offencesOf(
        /(?<!\bthis)\.(learn|forgetUser|relearn)\(/,
        (file) => file === 'application/events/follow-events.ts' || file === gate,
      ),
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

describe('ports', () => {
  it('live in the domain, beside their peers: no adapter implements an interface the application declares', async () => {
    const declaredIn = new Map<string, string>();
    for (const file of await sources(SRC)) {
      for (const found of (await readFile(file, 'utf8')).matchAll(/^export interface (\w+)/gm)) {
        declaredIn.set(found[1] ?? '', file.slice(SRC.length + 1));
      }
    }
    const offences: string[] = [];
    let implemented = 0;
    for (const file of await sources(join(SRC, 'adapters'))) {
      for (const found of (await readFile(file, 'utf8')).matchAll(/\bimplements ([\w, ]+?)\s*\{/g)) {
        for (const name of (found[1] ?? '').split(',').map((n) => n.trim())) {
          const where = declaredIn.get(name);
          if (where === undefined) continue; // a library's interface
          implemented++;
          if (!where.startsWith('domain/') && !where.startsWith('adapters/')) {
            offences.push(`${file.slice(SRC.length + 1)} implements ${name}, declared in ${where}`);
          }
        }
      }
    }
    expect(implemented).toBeGreaterThan(20);
    expect(offences).toEqual([]);
  });
});

describe('adapter families', () => {
  /** Which family (src/adapters/<family>) each family's files import, its index (a facade) aside. */
  async function familyImports(): Promise<Map<string, Set<string>>> {
    const graph = new Map<string, Set<string>>();
    const adapters = join(SRC, 'adapters');
    for (const file of await sources(adapters)) {
      const [family, ...rest] = file.slice(adapters.length + 1).split('/');
      if (family === undefined || rest.join('/') === 'index.ts' || family === 'web') continue;
      const targets = graph.get(family) ?? new Set<string>();
      graph.set(family, targets);
      for (const found of (await readFile(file, 'utf8')).matchAll(/from '(\.[^']+)'/g)) {
        const target = join(file, '..', found[1] ?? '');
        if (!target.startsWith(`${adapters}/`)) continue;
        const other = target.slice(adapters.length + 1).split('/')[0];
        if (other !== undefined && other !== family) targets.add(other);
      }
    }
    return graph;
  }

  it('import one another one way only: no two families (memory, rate-limit, redis, ...) need each other', async () => {
    const graph = await familyImports();
    expect(graph.size).toBeGreaterThan(10);
    const cycles: string[] = [];
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
      if (from === to) return true;
      if (seen.has(from)) return false;
      seen.add(from);
      return [...(graph.get(from) ?? [])].some((next) => reaches(next, to, seen));
    };
    for (const [family, targets] of graph) {
      for (const target of targets) if (reaches(target, family)) cycles.push(`${family} → ${target} → … → ${family}`);
    }
    expect(cycles).toEqual([]);
  });
});
