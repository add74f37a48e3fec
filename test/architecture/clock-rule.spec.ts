import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name));
}

describe('the clock rule', () => {
  it('holds: domain and application code read the time only through the Clock port', async () => {
    const offences: string[] = [];
    for (const layer of ['domain', 'application']) {
      for (const file of await sources(join(SRC, layer))) {
        const lines = (await readFile(file, 'utf8')).split('\n');
        lines.forEach((line, i) => {
          const code = line.replace(/\/\/.*$/, '');
          if (/^\s*(\/\*|\*)/.test(code)) return; // a comment may name what it forbids
          if (/new Date\(\s*\)|Date\.now\(/.test(code)) offences.push(`${file.slice(SRC.length + 1)}:${i + 1}: ${line.trim()}`);
        });
      }
    }
    expect(offences).toEqual([]);
  });
});
