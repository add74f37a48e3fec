import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documents } from '../support/readme.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (document: string) => readFileSync(join(ROOT, document), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(document: string): Set<string> {
  const text = read(document).replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6} (.*)$/gm)].map((m) => anchorOf(m[1] ?? '')));
}

describe('the documents', () => {
  it('keep the README short: at most 300 lines, the rest in docs/', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(300);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const document of documents()) {
      const text = read(document).replace(/^```[\s\S]*?^```/gm, '');
      for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
        const [path = '', anchor] = target.split('#');
        const file = path === '' ? document : join(dirname(document), path);
        if (!existsSync(join(ROOT, file))) broken.push(`${document}: ${target} (no such file)`);
        else if (anchor !== undefined && file.endsWith('.md') && !anchorsIn(file).has(anchor)) {
          broken.push(`${document}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('reach every document under docs/ from the README in one click', () => {
    const linked = new Set([...read('README.md').matchAll(/\]\((docs\/[^)#\s]+)/g)].map((m) => m[1]));
    expect(documents().filter((d) => d !== 'README.md' && !linked.has(d))).toEqual([]);
  });
});
