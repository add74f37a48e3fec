import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { contentTag } from './entity-tags.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type ContentCoding = 'br' | 'gzip';

/** A body held in memory: its bytes, its entity tag, and compressed copies when it is worth compressing. */
export interface Encoded {
  readonly etag: string;
  readonly identity: Buffer;
  readonly br?: Buffer;
  readonly gzip?: Buffer;
}

/**
 * A body with its entity tag, and (`compress`) its brotli and gzip copies, made once, off the
 * event loop (zlib's thread pool); brotli at a quality that takes milliseconds rather than seconds
 * for the largest bundle.
 */
export async function encoded(body: Buffer, compress: boolean): Promise<Encoded> {
  const etag = contentTag(body);
  if (!compress) return { etag, identity: body };
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: 9 }),
  ]);
  return { etag, identity: body, br, gzip: gz };
}

/** The weight of identity when `Accept-Encoding` names neither it nor `*`: above 0, below any weight a client can write. */
const IDENTITY_UNNAMED = 0.0001;

/**
 * The coding to send, as RFC 9110 (12.5.3) reads `Accept-Encoding`: each coding's weight (`q`,
 * any case, 0 refusing it), `*` for the codings not named, identity acceptable unless refused
 * (and, not named, least wanted); of the copies there are, the one of highest weight, brotli
 * before gzip before none on a tie.
 * Undefined: send the body as it is.
 */
export function codingFor(copies: Pick<Encoded, ContentCoding>, acceptEncoding: string | undefined): ContentCoding | undefined {
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
  let best: ContentCoding | undefined;
  let bestWeight = 0;
  for (const coding of ['br', 'gzip'] as const) {
    const weight = copies[coding] === undefined ? 0 : weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best !== undefined && bestWeight >= weightOf('identity') ? best : undefined;
}

/** The entity tag of the copy sent: each coding is a representation of its own (RFC 9110, 8.8.3). */
export function codedTag(etag: string, coding: ContentCoding | undefined): string {
  return coding === undefined ? etag : `${etag.slice(0, -1)}-${coding}"`;
}
