import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { encoded, type Encoded } from '../pipeline/content-coding.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};
/** Kinds worth compressing; images and fonts are compressed already. */
const TEXT = /^(text\/|application\/json|image\/svg)/;
/** Smaller files gain nothing from compression. */
const COMPRESS_FROM_BYTES = 1024;

/** One file held in memory: its media type, bytes, compressed copies, and its entity tag. */
export interface StaticFile extends Encoded {
  readonly type: string;
}

export async function staticFile(name: string, body: Buffer): Promise<StaticFile> {
  const type = TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
  return { type, ...(await encoded(body, TEXT.test(type) && body.length >= COMPRESS_FROM_BYTES)) };
}

/**
 * Every file under a directory, by its path relative to it with `/` separators ("assets/app.js"),
 * read and compressed once; the directory must stay small (a built web app, not user content).
 */
export async function loadDirectory(root: string): Promise<ReadonlyMap<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.map')) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(root, path).split(sep).join('/'), await staticFile(entry.name, await readFile(path)));
  }
  return files;
}
