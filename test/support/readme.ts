/** Reads the fenced code blocks of README.md, in order. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface CodeBlock {
  readonly language: string;
  readonly code: string;
  /** The heading the block stands under. */
  readonly section: string;
}

export function readmeBlocks(): CodeBlock[] {
  const text = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
  const blocks: CodeBlock[] = [];
  let section = '';
  let open: { language: string; lines: string[] } | undefined;
  for (const line of text.split('\n')) {
    if (open === undefined) {
      const heading = /^#{1,6} (.*)$/.exec(line);
      if (heading) section = heading[1] ?? '';
      const fence = /^```(\w*)\s*$/.exec(line);
      if (fence) open = { language: fence[1] ?? '', lines: [] };
    } else if (line.startsWith('```')) {
      blocks.push({ language: open.language, code: open.lines.join('\n'), section });
      open = undefined;
    } else {
      open.lines.push(line);
    }
  }
  return blocks;
}
