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

/** The weight of identity when `Accept-Encoding` names neither it nor `*`: above 0, below any weight a client can write. */
const IDENTITY_UNNAMED = 0.0001;

/**
 * The encoding to send, as RFC 9110 (12.5.3) reads `Accept-Encoding`: each coding's weight (`q`,
 * any case, 0 refusing it), `*` for the codings not named, identity acceptable unless refused
 * (and, not named, least wanted); of the copies this file has, the one of highest weight, brotli
 * before gzip before none on a tie.
 * Undefined: send the file as it is.
 */
export function encodingFor(file: StaticFile, acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (name === '') continue;
    let weight = 1;
    for (const param of params) {
      const q = /^q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i.exec(param);
      if (q !== null) weight = Number(q[1]);
    }
    weights.set(name.toLowerCase(), weight);
  }
  // Identity not named is acceptable (unless `*;q=0`), but after any coding the client named.
  const weightOf = (coding: string): number =>
    weights.get(coding) ?? weights.get('*') ?? (coding === 'identity' ? IDENTITY_UNNAMED : 0);
  let best: 'br' | 'gzip' | undefined;
  let bestWeight = 0;
  for (const coding of ['br', 'gzip'] as const) {
    const weight = file[coding] === undefined ? 0 : weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best !== undefined && bestWeight >= weightOf('identity') ? best : undefined;
}

/** The entity tag of the copy sent: each encoding is a representation of its own (RFC 9110, 8.8.3). */
export function etagOf(file: StaticFile, encoding: 'br' | 'gzip' | undefined): string {
  return encoding === undefined ? file.etag : `${file.etag.slice(0, -1)}-${encoding}"`;
}
