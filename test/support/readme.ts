/** Reads the fenced code blocks of the project's Markdown documents, in order. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface CodeBlock {
  readonly language: string;
  readonly code: string;
  /** The heading the block stands under. */
  readonly section: string;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** README.md and every document under docs/, as paths from the project's root. */
export function documents(): string[] {
  return [
    'README.md',
    ...readdirSync(`${ROOT}docs`)
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => `docs/${name}`),
  ];
}

/** The fenced code blocks of a document (README.md unless named), each with the heading it stands under. */
export function readmeBlocks(document = 'README.md'): CodeBlock[] {
  const text = readFileSync(`${ROOT}${document}`, 'utf8');
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
