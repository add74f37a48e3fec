import type { Collection as MongoCollection, Document, Filter } from 'mongodb';
import type { Collection, CollectionFields } from '../../domain/merchandising/collection.js';
import type {
  Change,
  CollectionPage,
  RefreshExpectation,
  RefreshRecord,
  RuleSliceQuery,
  CollectionQuery,
  CollectionStore,
  SliceTransitionQuery,
  SliceVersionQuery,
} from '../../domain/merchandising/collection-store.js';
import { MAX_SLICE_VERSIONS, sliceContent, versionOfSlice, type SliceVersion } from '../../domain/merchandising/slice-history.js';
import type { Page } from '../../domain/shared/page.js';
import type { WriteResult } from '../../domain/shared/write-result.js';
import type { SliceFilters } from '../../domain/merchandising/slice-filters.js';
import type { Slice, SliceDraft, SliceGenerator, SliceSummary, SliceType } from '../../domain/merchandising/slice.js';
import type { RuleRefresh, SliceRules } from '../../domain/merchandising/slice-rules.js';
import { COLLECTIONS, isDuplicateKey, type MongoDatabase } from './mongo-database.js';

interface CollectionDocument {
  _id: number;
  name: string;
  description: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  updatedBy: string;
}

/** A slice is one document: its products and metadata change together or not at all. */
interface SliceDocument {
  _id: number;
  collectionId: number;
  name: string;
  type: SliceType;
  startsAt: Date;
  endsAt: Date;
  filters: SliceFilters;
  products: string[];
  generator?: SliceGenerator;
  rules?: SliceRules;
  refresh?: RuleRefresh;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  updatedBy: string;
}

type SliceSummaryDocument = Omit<SliceDocument, 'products'> & { productCount: number };

/**
 * A past version of a slice, one document each, `_id` `<sliceId>.<version>`. The current version is
 * the slice document itself: a slice's reads (the active slice above all) stay as they were, and
 * no document grows with its history (100 versions of 500 long product ids would pass MongoDB's
 * 16 MB document limit).
 */
type SliceVersionDocument = Pick<
  SliceDocument,
  'collectionId' | 'version' | 'name' | 'type' | 'startsAt' | 'endsAt' | 'filters' | 'products' | 'generator' | 'rules'
> & { _id: string; sliceId: number; at: Date; by: string };

/** How often a replacement without an expected version is tried again when another writer got there first. */
const UNCONDITIONAL_ATTEMPTS = 10;

function toCollection(doc: CollectionDocument): Collection {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

function toSlice(doc: SliceDocument): Slice {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

function toSliceSummary(doc: SliceSummaryDocument): SliceSummary {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

function versionKey(sliceId: number, version: number): string {
  return `${sliceId}.${version}`;
}

function toSliceVersion(doc: SliceVersionDocument): SliceVersion {
  const { _id, collectionId, sliceId, version, at, by, ...content } = doc;
  return { collectionId, sliceId, version, at, by, content: sliceContent(content) };
}

/** The version a slice document holds, kept as a past version. */
function pastVersionDocument(doc: SliceDocument): SliceVersionDocument {
  return {
    _id: versionKey(doc._id, doc.version),
    collectionId: doc.collectionId,
    sliceId: doc._id,
    version: doc.version,
    at: doc.updatedAt,
    by: doc.updatedBy,
    ...draftFields(sliceContent(doc)),
  };
}

function draftFields(draft: SliceDraft) {
  return {
    name: draft.name,
    type: draft.type,
    startsAt: draft.startsAt,
    endsAt: draft.endsAt,
    filters: draft.filters,
    products: [...draft.products],
    ...(draft.generator === undefined ? {} : { generator: { ...draft.generator, seeds: [...draft.generator.seeds] } }),
    ...(draft.rules === undefined ? {} : { rules: draft.rules }),
    ...(draft.refresh === undefined ? {} : { refresh: draft.refresh }),
  };
}

/** Matches a document by id and, when the writer expects one, by version. */
function versioned<T extends Document>(filter: T, expectedVersion: number | undefined): T {
  return expectedVersion === undefined ? filter : { ...filter, version: expectedVersion };
}

/** Text for a regular expression that matches it as written. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Everything of a slice but its product ids, and how many there are. */
const SUMMARY_PROJECTION = {
  collectionId: 1,
  name: 1,
  type: 1,
  startsAt: 1,
  endsAt: 1,
  filters: 1,
  generator: 1,
  rules: 1,
  refresh: 1,
  version: 1,
  createdAt: 1,
  updatedAt: 1,
  updatedBy: 1,
  productCount: { $size: '$products' },
} as const;

export class MongoCollectionStore implements CollectionStore {
  constructor(private readonly database: MongoDatabase) {}

  private get collections() {
    return this.database.collection<CollectionDocument>(COLLECTIONS.collections);
  }

  private get slices() {
    return this.database.collection<SliceDocument>(COLLECTIONS.slices);
  }

  private get versions() {
    return this.database.collection<SliceVersionDocument>(COLLECTIONS.sliceVersions);
  }

  async createCollection(fields: CollectionFields, change: Change): Promise<Collection> {
    const doc: CollectionDocument = {
      _id: await this.database.nextId('collections'),
      name: fields.name,
      description: fields.description,
      version: 1,
      createdAt: change.at,
      updatedAt: change.at,
      updatedBy: change.by,
    };
    await this.database.run((maxTimeMS) => this.collections.insertOne(doc, { maxTimeMS }));
    return toCollection(doc);
  }

  async getCollection(id: number): Promise<Collection | undefined> {
    return this.database.findOne(this.collections, { _id: id }, toCollection);
  }

  async listCollections(query: CollectionQuery): Promise<CollectionPage> {
    const filter: Document = {};
    if (query.afterId !== undefined) filter._id = { $gt: query.afterId };
    if (query.nameContains !== undefined) filter.name = { $regex: literal(query.nameContains), $options: 'i' };
    const docs = await this.database.run((maxTimeMS) =>
      this.collections
        .find(filter, { maxTimeMS })
        .sort({ _id: 1 })
        .limit(query.limit + 1)
        .toArray(),
    );
    const page = docs.slice(0, query.limit);
    if (page.length === 0) return { items: [], more: false };
    const counts = await this.database.run((maxTimeMS) =>
      this.slices
        .aggregate<{ _id: number; n: number }>(
          [{ $match: { collectionId: { $in: page.map((d) => d._id) } } }, { $group: { _id: '$collectionId', n: { $sum: 1 } } }],
          { maxTimeMS },
        )
        .toArray(),
    );
    const countOf = new Map(counts.map((c) => [c._id, c.n]));
    return {
      items: page.map((doc) => ({ ...toCollection(doc), sliceCount: countOf.get(doc._id) ?? 0 })),
      more: docs.length > query.limit,
    };
  }

  async updateCollection(
    id: number,
    changes: Partial<CollectionFields>,
    change: Change,
    expectedVersion?: number,
  ): Promise<WriteResult<Collection>> {
    const set: Partial<CollectionDocument> = { updatedAt: change.at, updatedBy: change.by };
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.description !== undefined) set.description = changes.description;
    const doc = await this.database.run((maxTimeMS) =>
      this.collections.findOneAndUpdate(
        versioned({ _id: id }, expectedVersion),
        { $set: set, $inc: { version: 1 } },
        { returnDocument: 'after', maxTimeMS },
      ),
    );
    return doc === null ? this.whyNot(this.collections, { _id: id }) : { status: 'done', value: toCollection(doc) };
  }

  /**
   * The collection goes first, so no new slice can be added to it (see createSlice), then its
   * slices and their histories. What a failure in between leaves is removed at the next start.
   */
  async deleteCollection(id: number, expectedVersion?: number): Promise<WriteResult<null>> {
    const { deletedCount } = await this.database.run((maxTimeMS) =>
      this.collections.deleteOne(versioned({ _id: id }, expectedVersion), { maxTimeMS }),
    );
    if (deletedCount !== 1) return this.whyNot(this.collections, { _id: id });
    try {
      const sliceIds = await this.database.run((maxTimeMS) => this.slices.distinct('_id', { collectionId: id }, { maxTimeMS }));
      await this.database.run((maxTimeMS) => this.slices.deleteMany({ collectionId: id }, { maxTimeMS }));
      await this.database.run((maxTimeMS) => this.versions.deleteMany({ sliceId: { $in: sliceIds } }, { maxTimeMS }));
    } catch (error) {
      // The collection is gone, which is what the caller asked; its slices can no longer be
      // reached through it, and the next start removes them.
      this.database.warn(
        { err: error, collectionId: id },
        'collection deleted, its slices are left for the next start to remove',
      );
    }
    return { status: 'done', value: null };
  }

  countSlices(collectionId: number): Promise<number> {
    return this.database.run((maxTimeMS) => this.slices.countDocuments({ collectionId }, { maxTimeMS }));
  }

  /**
   * Inserts the slice if its collection exists, then looks again: a collection deleted in the
   * meantime takes the new slice with it, so no slice outlives its collection.
   */
  async createSlice(collectionId: number, draft: SliceDraft, change: Change): Promise<Slice | undefined> {
    if ((await this.getCollection(collectionId)) === undefined) return undefined;
    const doc: SliceDocument = {
      _id: await this.database.nextId('slices'),
      collectionId,
      ...draftFields(draft),
      version: 1,
      createdAt: change.at,
      updatedAt: change.at,
      updatedBy: change.by,
    };
    await this.database.run((maxTimeMS) => this.slices.insertOne(doc, { maxTimeMS }));
    if ((await this.getCollection(collectionId)) === undefined) {
      await this.database.run((maxTimeMS) => this.slices.deleteOne({ _id: doc._id }, { maxTimeMS }));
      return undefined;
    }
    return toSlice(doc);
  }

  async getSlice(collectionId: number, sliceId: number): Promise<Slice | undefined> {
    return this.database.findOne(this.slices, { _id: sliceId, collectionId }, toSlice);
  }

  /**
   * One document update: the slice's products and metadata change together or not at all. The
   * version it replaces is kept first (an idempotent upsert), and the update then expects exactly
   * the version kept: at every moment each version is either the slice document or a kept past
   * version, whatever fails in between.
   */
  async replaceSlice(
    collectionId: number,
    sliceId: number,
    draft: SliceDraft,
    change: Change,
    expectedVersion?: number,
  ): Promise<WriteResult<Slice>> {
    const update: Document = {
      $set: { ...draftFields(draft), updatedAt: change.at, updatedBy: change.by },
      $inc: { version: 1 },
    };
    const unset = (['generator', 'rules', 'refresh'] as const).filter((field) => draft[field] === undefined);
    if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((field) => [field, '']));
    for (let attempt = 1; ; attempt++) {
      const current = await this.database.findOne(this.slices, { _id: sliceId, collectionId }, (doc) => doc);
      if (current === undefined) return { status: 'missing' };
      if (expectedVersion !== undefined && current.version !== expectedVersion) {
        return { status: 'stale', version: current.version };
      }
      await this.keepPastVersion(current);
      const doc = await this.database.run((maxTimeMS) =>
        this.slices.findOneAndUpdate({ _id: sliceId, collectionId, version: current.version }, update, {
          returnDocument: 'after',
          maxTimeMS,
        }),
      );
      if (doc !== null) {
        await this.dropVersionsBefore(collectionId, sliceId, doc.version - MAX_SLICE_VERSIONS + 1);
        return { status: 'done', value: toSlice(doc) };
      }
      if (expectedVersion !== undefined || attempt === UNCONDITIONAL_ATTEMPTS) {
        return this.whyNot(this.slices, { _id: sliceId, collectionId });
      }
    }
  }

  /** The slice goes first, then its history (past versions left by a failure in between are removed at the next start). */
  async deleteSlice(collectionId: number, sliceId: number, expectedVersion?: number): Promise<WriteResult<null>> {
    const { deletedCount } = await this.database.run((maxTimeMS) =>
      this.slices.deleteOne(versioned({ _id: sliceId, collectionId }, expectedVersion), { maxTimeMS }),
    );
    if (deletedCount !== 1) return this.whyNot(this.slices, { _id: sliceId, collectionId });
    await this.dropVersionsBefore(collectionId, sliceId, Number.MAX_SAFE_INTEGER);
    return { status: 'done', value: null };
  }

  async listSlices(collectionId: number): Promise<readonly SliceSummary[]> {
    const docs = await this.database.run((maxTimeMS) =>
      this.slices.find({ collectionId }, { projection: SUMMARY_PROJECTION, maxTimeMS }).sort({ startsAt: 1, _id: 1 }).toArray(),
    );
    return (docs as unknown as SliceSummaryDocument[]).map(toSliceSummary);
  }

  /** One read of the `slices_active` index: started by `at`, not ended, latest start, highest id. */
  async findActiveSlice(collectionId: number, at: Date): Promise<Slice | undefined> {
    const doc = await this.database.run((maxTimeMS) =>
      this.slices.findOne(
        { collectionId, startsAt: { $lte: at }, endsAt: { $gt: at } },
        { sort: { startsAt: -1, _id: -1 }, hint: 'slices_active', maxTimeMS },
      ),
    );
    return doc === null ? undefined : toSlice(doc);
  }

  /**
   * One aggregation over `slices_active`: the slices active at `at` in these collections, sorted as
   * findActiveSlice sorts them, the first of each collection kept (without its products).
   */
  async findActiveSlices(collectionIds: readonly number[], at: Date): Promise<ReadonlyMap<number, SliceSummary>> {
    const found = new Map<number, SliceSummary>();
    if (collectionIds.length === 0) return found;
    const docs = await this.database.run((maxTimeMS) =>
      this.slices
        .aggregate<{ slice: SliceSummaryDocument }>(
          [
            { $match: { collectionId: { $in: [...new Set(collectionIds)] }, startsAt: { $lte: at }, endsAt: { $gt: at } } },
            { $sort: { collectionId: 1, startsAt: -1, _id: -1 } },
            { $project: SUMMARY_PROJECTION },
            { $group: { _id: '$collectionId', slice: { $first: '$$ROOT' } } },
          ],
          { maxTimeMS, hint: 'slices_active' },
        )
        .toArray(),
    );
    for (const { slice } of docs) found.set(slice.collectionId, toSliceSummary(slice));
    return found;
  }

  /**
   * One read of `slices_active` per collection, all at once, walked backwards (start, then id,
   * ascending): equality on the collection, the start bounded by `to`, the end filtered from the
   * index keys; at most `perCollection` + 1 documents each.
   */
  async listSlicesOverlapping(
    collectionIds: readonly number[],
    window: { readonly from: Date; readonly to: Date },
    perCollection: number,
  ): Promise<ReadonlyMap<number, Page<SliceSummary>>> {
    const ids = [...new Set(collectionIds)];
    const pages = await Promise.all(
      ids.map((collectionId) =>
        this.database.run((maxTimeMS) =>
          this.slices
            .aggregate<SliceSummaryDocument>(
              [
                { $match: { collectionId, startsAt: { $lt: window.to }, endsAt: { $gt: window.from } } },
                { $sort: { startsAt: 1, _id: 1 } },
                { $limit: perCollection + 1 },
                { $project: SUMMARY_PROJECTION },
              ],
              { hint: 'slices_active', maxTimeMS },
            )
            .toArray(),
        ),
      ),
    );
    const found = new Map<number, Page<SliceSummary>>();
    ids.forEach((id, i) => {
      const docs = pages[i]!;
      found.set(id, { items: docs.slice(0, perCollection).map(toSliceSummary), more: docs.length > perCollection });
    });
    return found;
  }

  async findNextTransition(collectionId: number, at: Date): Promise<Date | undefined> {
    const [nextStart, nextEnd] = await Promise.all([
      this.database.run((maxTimeMS) =>
        this.slices.findOne(
          { collectionId, startsAt: { $gt: at } },
          { sort: { startsAt: 1 }, projection: { _id: 0, startsAt: 1 }, maxTimeMS },
        ),
      ),
      this.database.run((maxTimeMS) =>
        this.slices.findOne(
          { collectionId, endsAt: { $gt: at } },
          { sort: { endsAt: 1 }, projection: { _id: 0, endsAt: 1 }, maxTimeMS },
        ),
      ),
    ]);
    const candidates = [nextStart?.startsAt, nextEnd?.endsAt].filter((d): d is Date => d instanceof Date);
    return candidates.length === 0 ? undefined : new Date(Math.min(...candidates.map((d) => d.getTime())));
  }

  async listSlicesChangingIn(after: Date, until: Date, query: SliceTransitionQuery): Promise<Page<SliceSummary>> {
    const range = { $gt: after, $lte: until };
    const filter: Filter<SliceDocument> = {
      $or: [{ startsAt: range }, { endsAt: range }],
      ...(query.afterId === undefined ? {} : { _id: { $gt: query.afterId } }),
    };
    const docs = await this.database.run((maxTimeMS) =>
      this.slices
        .aggregate<SliceSummaryDocument>(
          [{ $match: filter }, { $sort: { _id: 1 } }, { $limit: query.limit + 1 }, { $project: SUMMARY_PROJECTION }],
          { maxTimeMS },
        )
        .toArray(),
    );
    return { items: docs.slice(0, query.limit).map(toSliceSummary), more: docs.length > query.limit };
  }

  async findNextTransitionOfAny(at: Date): Promise<Date | undefined> {
    const [nextStart, nextEnd] = await Promise.all([
      this.database.run((maxTimeMS) =>
        this.slices.findOne({ startsAt: { $gt: at } }, { sort: { startsAt: 1 }, projection: { _id: 0, startsAt: 1 }, maxTimeMS }),
      ),
      this.database.run((maxTimeMS) =>
        this.slices.findOne({ endsAt: { $gt: at } }, { sort: { endsAt: 1 }, projection: { _id: 0, endsAt: 1 }, maxTimeMS }),
      ),
    ]);
    const candidates = [nextStart?.startsAt, nextEnd?.endsAt].filter((d): d is Date => d instanceof Date);
    return candidates.length === 0 ? undefined : new Date(Math.min(...candidates.map((d) => d.getTime())));
  }

  /**
   * The slice document is its current version; the past ones kept are those of the last
   * MAX_SLICE_VERSIONS below it (older ones may linger until the next write drops them).
   */
  /** Read by the `slices_rules` index (partial: RULES slices only), by id. */
  async listRuleSlices(query: RuleSliceQuery): Promise<Page<Slice>> {
    const filter: Filter<SliceDocument> = {
      type: 'RULES',
      endsAt: { $gt: query.endsAfter },
      ...(query.afterId === undefined ? {} : { _id: { $gt: query.afterId } }),
    };
    const docs = await this.database.run((maxTimeMS) =>
      this.slices
        .find(filter, { maxTimeMS })
        .sort({ _id: 1 })
        .limit(query.limit + 1)
        .toArray(),
    );
    return { items: docs.slice(0, query.limit).map(toSlice), more: docs.length > query.limit };
  }

  /** One conditional update: the version and the refresh stamp read are the filter (compare-and-set). */
  async recordRuleRefresh(
    collectionId: number,
    sliceId: number,
    expected: RefreshExpectation,
    record: RefreshRecord,
  ): Promise<boolean> {
    const filter: Filter<SliceDocument> = {
      _id: sliceId,
      collectionId,
      type: 'RULES',
      version: expected.version,
      'refresh.at': expected.refreshedAt ?? null,
    };
    const refresh = { at: record.refresh.at, listChangedAt: record.refresh.listChangedAt };
    const update = { $set: record.products === undefined ? { refresh } : { refresh, products: [...record.products] } };
    const { matchedCount } = await this.database.run((maxTimeMS) => this.slices.updateOne(filter, update, { maxTimeMS }));
    return matchedCount === 1;
  }

  async listSliceVersions(
    collectionId: number,
    sliceId: number,
    query: SliceVersionQuery,
  ): Promise<Page<SliceVersion> | undefined> {
    const slice = await this.getSlice(collectionId, sliceId);
    if (slice === undefined) return undefined;
    const below = Math.min(query.beforeVersion ?? Number.POSITIVE_INFINITY, slice.version + 1);
    const items = below > slice.version ? [versionOfSlice(slice)] : [];
    const wanted = query.limit + 1 - items.length;
    if (wanted > 0) {
      const docs = await this.database.run((maxTimeMS) =>
        this.versions
          .find(
            { collectionId, sliceId, version: { $lt: Math.min(below, slice.version), $gt: slice.version - MAX_SLICE_VERSIONS } },
            { maxTimeMS },
          )
          .sort({ version: -1 })
          .limit(wanted)
          .toArray(),
      );
      items.push(...docs.map(toSliceVersion));
    }
    return { items: items.slice(0, query.limit), more: items.length > query.limit };
  }

  async getSliceVersion(collectionId: number, sliceId: number, version: number): Promise<SliceVersion | undefined> {
    const slice = await this.getSlice(collectionId, sliceId);
    if (slice === undefined || version > slice.version || version <= slice.version - MAX_SLICE_VERSIONS) return undefined;
    if (version === slice.version) return versionOfSlice(slice);
    return this.database.findOne(this.versions, { _id: versionKey(sliceId, version), collectionId }, toSliceVersion);
  }

  /**
   * Keeps the version a slice document holds before it is replaced; keeping it twice changes
   * nothing (two writers racing to keep the same version: the loser's duplicate key is that).
   */
  private async keepPastVersion(doc: SliceDocument): Promise<void> {
    const { _id, ...fields } = pastVersionDocument(doc);
    try {
      await this.database.run((maxTimeMS) =>
        this.versions.updateOne({ _id }, { $setOnInsert: fields }, { upsert: true, maxTimeMS }),
      );
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  /**
   * Drops a slice's past versions below `version`. The write they follow is done by then, and a
   * version left behind is never listed, so a failure here is logged, not answered: the next write
   * (or, for a deleted slice, the next start) removes what is left.
   */
  private async dropVersionsBefore(collectionId: number, sliceId: number, version: number): Promise<void> {
    try {
      await this.database.run((maxTimeMS) =>
        this.versions.deleteMany({ collectionId, sliceId, version: { $lt: version } }, { maxTimeMS }),
      );
    } catch (error) {
      this.database.warn({ err: error, collectionId, sliceId }, 'old versions of a slice are left for later to remove');
    }
  }

  /** After a versioned write matched nothing: the document is gone, or it has another version now. */
  private async whyNot<T extends { version: number }>(
    collection: MongoCollection<T>,
    filter: Document,
  ): Promise<{ status: 'missing' } | { status: 'stale'; version: number }> {
    const doc = await this.database.run((maxTimeMS) =>
      collection.findOne(filter as Filter<T>, { projection: { version: 1 }, maxTimeMS }),
    );
    return doc === null ? { status: 'missing' } : { status: 'stale', version: doc.version };
  }
}
