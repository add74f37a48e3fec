import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const MAX_LINES = 80;
/** Data, not logic: the demo data set is long lists written out. */
const EXEMPT = /^adapters\/demo\//;

/** Every function, method, constructor and accessor of the file longer than MAX_LINES, with where and how long. */
function longFunctions(file: string, text: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > MAX_LINES) found.push(`${file}:${first + 1} (${last - first + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the size rule', () => {
  it(`holds: no function in src/ (the web app's components included) is over ${MAX_LINES} lines, demo data aside`, async () => {
    const entries = await readdir(SRC, { withFileTypes: true, recursive: true });
    const offences: string[] = [];
    for (const entry of entries.filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))) {
      const file = join(entry.parentPath, entry.name).slice(SRC.length + 1);
      if (!EXEMPT.test(file)) offences.push(...longFunctions(file, await readFile(join(SRC, file), 'utf8')));
    }
    expect(offences).toEqual([]);
  });

  it('catches a long function', () => {
    const body = Array.from({ length: MAX_LINES }, (_, i) => `  const v${i} = ${i};`).join('\n');
    expect(longFunctions('x.ts', `function long() {\n${body}\n}\nconst short = () => 1;\n`)).toEqual(['x.ts:1 (82 lines)']);
  });
});
