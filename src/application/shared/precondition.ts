import { DomainError } from '../../domain/shared/errors.js';
import type { WriteResult } from '../../domain/shared/write-result.js';

/** What a precondition is about, as its failure names it. */
export type VersionedThing = 'collection' | 'slice';

/** A version no stored thing has: a store write expecting it fails as out of date (or missing). */
const NO_VERSION = -1;

/**
 * What a write expects of the version of the thing it changes (HTTP's `If-Match`): any version
 * (no precondition), or one of the versions named (none named: no version will do, the write
 * fails as out of date). Every write that takes one checks it here, and only here.
 */
export class Precondition {
  /** No precondition: the write applies to whatever version is stored. */
  static readonly NONE = new Precondition(undefined);

  static accepting(versions: readonly number[]): Precondition {
    return new Precondition([...versions]);
  }

  private constructor(private readonly versions: readonly number[] | undefined) {}

  /** Whether any stored version will do. */
  get anyVersion(): boolean {
    return this.versions === undefined;
  }

  /** Throws PRECONDITION_FAILED unless the stored version is one the write accepts. */
  check(what: VersionedThing, stored: number): void {
    if (this.versions !== undefined && !this.versions.includes(stored)) throw preconditionFailed(what, stored);
  }

  /**
   * The version a store write must find (the store compares it atomically with the write), or
   * undefined for any: the one accepted version; when several are accepted, the stored one once
   * checked (`stored` reads it; undefined when the thing is missing, which the write then finds).
   */
  async versionToExpect(what: VersionedThing, stored: () => Promise<number | undefined>): Promise<number | undefined> {
    if (this.versions === undefined) return undefined;
    if (this.versions.length === 1) return this.versions[0];
    const current = await stored();
    if (current === undefined) return NO_VERSION;
    this.check(what, current);
    return current;
  }

  /**
   * Runs a store write of the thing under this precondition: handed the version to expect, and
   * failed as PRECONDITION_FAILED when it found another. What else it answers is the caller's.
   */
  async write<T>(
    what: VersionedThing,
    stored: () => Promise<number | undefined>,
    write: (expectedVersion: number | undefined) => Promise<WriteResult<T>>,
  ): Promise<Exclude<WriteResult<T>, { status: 'stale' }>> {
    const result = await write(await this.versionToExpect(what, stored));
    if (result.status === 'stale') throw preconditionFailed(what, result.version);
    return result;
  }

  /**
   * A write found the thing at another version than the one it computed its change from: with a
   * precondition, that fails as PRECONDITION_FAILED; without, the caller may compute the change
   * again from the new version.
   */
  onStale(what: VersionedThing, version: number): void {
    if (this.versions !== undefined) throw preconditionFailed(what, version);
  }
}

/** The write found another version than it expected: nothing was changed. */
export function preconditionFailed(what: VersionedThing, version: number): DomainError {
  return new DomainError(
    'PRECONDITION_FAILED',
    `The ${what} changed since it was read (it is at version ${version} now); read it again and reapply the change.`,
  );
}

/** Who writes, and which versions of the thing written they accept. */
export interface WriteOptions {
  readonly actor: string;
  readonly precondition?: Precondition | undefined;
}
