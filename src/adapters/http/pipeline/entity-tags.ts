import { hash } from 'node:crypto';
import { Precondition, type VersionedThing } from '../../../application/shared/precondition.js';
import { ValidationError } from '../../../domain/shared/errors.js';

/** One entity tag as RFC 9110 writes it: optionally weak, its opaque part in double quotes. */
const ENTITY_TAG = /^(W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

/** The strong entity tag of a collection or slice version, e.g. `"slice-8.3"`. */
export function versionTag(kind: VersionedThing, id: number, version: number): string {
  return `"${kind}-${id}.${version}"`;
}

/**
 * The precondition an `If-Match` header sets on a write of one collection or slice, parsed once
 * here: none when the header is absent or `*` (the write applies to whatever is stored); otherwise
 * the versions its tags name for this thing, compared strongly and exactly as written (a weak tag,
 * or a tag of something else, names none, and the write fails as out of date). A header that is
 * not entity tags at all (`slice-9.2`, its quotes lost in a shell) is refused: nothing was
 * compared, so "changed since it was read" would not be true.
 */
export function preconditionOf(ifMatch: string | undefined, kind: VersionedThing, id: number): Precondition {
  const header = ifMatch?.trim() ?? '';
  if (header === '' || header === '*') return Precondition.NONE;
  const versions: number[] = [];
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    // An empty element of the list is allowed (RFC 9110, 5.6.1), and names nothing.
    if (tag === '') continue;
    if (!ENTITY_TAG.test(tag)) {
      throw ValidationError.single(
        'If-Match',
        `must be * or entity tags in double quotes, as ETag gives them (e.g. "${kind}-${id}.1"); got ${JSON.stringify(tag.slice(0, 100))}`,
      );
    }
    const match = /^"(collection|slice)-([1-9]\d{0,15})\.([1-9]\d{0,15})"$/.exec(tag);
    if (match && match[1] === kind && match[2] === String(id)) versions.push(Number(match[3]));
  }
  return Precondition.accepting(versions);
}

/** A strong entity tag of a body: it changes whenever the body does. */
export function contentTag(body: string | Buffer): string {
  return `"${hash('sha1', body, 'base64url')}"`;
}

/** Whether an `If-None-Match` value names this tag (weak comparison, as RFC 9110 wants for it) or is `*`. */
export function noneMatchHits(ifNoneMatch: string | undefined, tag: string): boolean {
  const header = ifNoneMatch?.trim() ?? '';
  if (header === '') return false;
  if (header === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

/**
 * How long a client may reuse the contract answer: never past the collection's next slice
 * transition (so a schedule goes live on time in every browser), and at most `capSeconds`.
 */
export function maxAgeSeconds(now: Date, nextChange: Date | undefined, capSeconds: number): number {
  if (nextChange === undefined) return capSeconds;
  return Math.max(0, Math.min(capSeconds, Math.floor((nextChange.getTime() - now.getTime()) / 1000)));
}
