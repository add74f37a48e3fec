import { hash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

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

/** One file held in memory: its bytes, compressed copies, and its entity tag. */
export interface StaticFile {
  readonly type: string;
  readonly etag: string;
  readonly identity: Buffer;
  readonly br?: Buffer;
  readonly gzip?: Buffer;
}

export async function staticFile(name: string, body: Buffer): Promise<StaticFile> {
  const type = TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
  const etag = `"${hash('sha1', body, 'base64url')}"`;
  if (!TEXT.test(type) || body.length < COMPRESS_FROM_BYTES) return { type, etag, identity: body };
  // Compressed once, off the event loop (zlib's thread pool); brotli at a quality that takes
  // milliseconds rather than seconds for the largest bundle.
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: 9 }),
  ]);
  return { type, etag, identity: body, br, gzip: gz };
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

/** The encoding to send: brotli, then gzip, when the client accepts it and a copy exists. */
export function encodingFor(file: StaticFile, acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q === undefined || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim().toLowerCase());
  if (file.br !== undefined && accepted.includes('br')) return 'br';
  if (file.gzip !== undefined && accepted.includes('gzip')) return 'gzip';
  return undefined;
}
