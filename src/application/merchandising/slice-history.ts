import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import {
  changesBetween,
  summariseVersions,
  type SliceVersionChanges,
  type SliceVersion,
  type SliceVersionSummary,
} from '../../domain/merchandising/slice-history.js';
import type { WriteOptions } from '../shared/precondition.js';
import { sliceNotFound, sliceVersionNotFound } from './not-found.js';
import type { SliceWriter } from './slice-writer.js';
import type { SliceChange } from './views.js';

/** How many versions a page of a slice's history holds unless the query says. */
export const DEFAULT_VERSION_PAGE = 20;

export interface SliceVersionListQuery {
  readonly limit: number;
  /** Only versions older than this one (the `next` of the page before). */
  readonly beforeVersion?: number | undefined;
}

export interface SliceVersionPage {
  /** Newest first, each with what it changed since the version before. */
  readonly versions: readonly SliceVersionSummary[];
  /** Where the next page starts (its versions are older than this); undefined on the last page. */
  readonly next?: number | undefined;
}

/** One version whole, with everything it changed since the version before (when that one is kept). */
export interface SliceVersionDetails {
  readonly version: SliceVersion;
  readonly changes?: SliceVersionChanges | undefined;
}

/** A page of a slice's history, newest first: who saved each version, when, and what it changed. */
export class ListSliceVersions {
  constructor(private readonly collections: CollectionStore) {}

  async execute(collectionId: number, sliceId: number, query: SliceVersionListQuery): Promise<SliceVersionPage> {
    // One more than the page: what the page's last version changed is told by the version before it.
    const page = await this.collections.listSliceVersions(collectionId, sliceId, {
      beforeVersion: query.beforeVersion,
      limit: query.limit + 1,
    });
    if (page === undefined) throw await sliceNotFound(this.collections, collectionId);
    const shown = page.items.slice(0, query.limit);
    const last = shown.at(-1);
    return {
      versions: summariseVersions(shown, page.items[query.limit]),
      next: page.items.length > query.limit && last !== undefined ? last.version : undefined,
    };
  }
}

/** One version of a slice as it was saved, with every product it added, removed or moved. */
export class GetSliceVersion {
  constructor(private readonly collections: CollectionStore) {}

  async execute(collectionId: number, sliceId: number, version: number): Promise<SliceVersionDetails> {
    const [kept, previous] = await Promise.all([
      this.collections.getSliceVersion(collectionId, sliceId, version),
      version > 1 ? this.collections.getSliceVersion(collectionId, sliceId, version - 1) : undefined,
    ]);
    if (kept === undefined) throw await sliceVersionNotFound(this.collections, collectionId, sliceId, version);
    return { version: kept, changes: previous === undefined ? undefined : changesBetween(previous.content, kept.content) };
  }
}

/**
 * Makes a slice what one of its versions was: saved as a new version (the history keeps what it
 * replaces), under the caller's precondition like any change of the slice.
 */
export class RestoreSliceVersion {
  constructor(
    private readonly collections: CollectionStore,
    private readonly writer: SliceWriter,
  ) {}

  async execute(collectionId: number, sliceId: number, version: number, options: WriteOptions): Promise<SliceChange> {
    const kept = await this.collections.getSliceVersion(collectionId, sliceId, version);
    if (kept === undefined) throw await sliceVersionNotFound(this.collections, collectionId, sliceId, version);
    return this.writer.modify(collectionId, sliceId, () => kept.content, options);
  }
}
