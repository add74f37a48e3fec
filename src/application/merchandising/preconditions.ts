import { DomainError } from '../../domain/shared/errors.js';

/**
 * The versions an `If-Match` accepts: undefined when there is none (a write applies to whatever
 * is stored); otherwise the write happens only if the stored version is one of them (an empty
 * list: the header named other things only, so no version will do).
 */
export type IfMatch = readonly number[] | undefined;

/** Who writes, and which versions of the thing written they accept (from `If-Match`). */
export interface WriteOptions {
  readonly actor: string;
  readonly ifMatch?: IfMatch;
}

export function preconditionFailed(what: string, version: number): DomainError {
  return new DomainError(
    'PRECONDITION_FAILED',
    `The ${what} changed since it was read (it is at version ${version} now); read it again and reapply the change.`,
  );
}

/** A version no stored thing has: a write expecting it fails as out of date (or missing). */
const NO_VERSION = -1;

/**
 * The single version a store write should expect: none without a precondition; the one accepted
 * version (the store then checks it atomically); or, when several are accepted, the stored one if
 * it is among them. Anything else makes the write fail as out of date.
 */
export async function versionToExpect(
  ifMatch: IfMatch,
  storedVersion: () => Promise<number | undefined>,
): Promise<number | undefined> {
  if (ifMatch === undefined) return undefined;
  if (ifMatch.length === 1) return ifMatch[0];
  const stored = await storedVersion();
  return stored !== undefined && ifMatch.includes(stored) ? stored : NO_VERSION;
}
