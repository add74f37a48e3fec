import type { Collection, CollectionFields, CollectionSummary } from '../../domain/merchandising/collection.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import type { SliceFilters } from '../../domain/merchandising/slice-filters.js';
import type { Slice, SliceDraft, SliceSummary, SliceType } from '../../domain/merchandising/slice.js';
import { COLLECTIONS, type MongoDatabase } from './mongo-database.js';

interface CollectionDocument {
  _id: number;
  name: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
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
  createdAt: Date;
  updatedAt: Date;
}

type SliceSummaryDocument = Omit<SliceDocument, 'products'> & { productCount: number };

function toCollection(doc: CollectionDocument): Collection {
  return { id: doc._id, name: doc.name, description: doc.description, createdAt: doc.createdAt, updatedAt: doc.updatedAt };
}

function toSlice(doc: SliceDocument): Slice {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

function toSliceSummary(doc: SliceSummaryDocument): SliceSummary {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

function draftFields(draft: SliceDraft) {
  return {
    name: draft.name,
    type: draft.type,
    startsAt: draft.startsAt,
    endsAt: draft.endsAt,
    filters: draft.filters,
    products: [...draft.products],
  };
}

/** Everything of a slice but its product ids, and how many there are. */
const SUMMARY_PROJECTION = {
  collectionId: 1,
  name: 1,
  type: 1,
  startsAt: 1,
  endsAt: 1,
  filters: 1,
  createdAt: 1,
  updatedAt: 1,
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

  async createCollection(fields: CollectionFields, at: Date): Promise<Collection> {
    const doc: CollectionDocument = {
      _id: await this.database.nextId('collections'),
      name: fields.name,
      description: fields.description,
      createdAt: at,
      updatedAt: at,
    };
    await this.database.run((maxTimeMS) => this.collections.insertOne(doc, { maxTimeMS }));
    return toCollection(doc);
  }

  async getCollection(id: number): Promise<Collection | undefined> {
    const doc = await this.database.run((maxTimeMS) => this.collections.findOne({ _id: id }, { maxTimeMS }));
    return doc === null ? undefined : toCollection(doc);
  }

  async listCollections(): Promise<readonly CollectionSummary[]> {
    const docs = await this.database.run((maxTimeMS) => this.collections.find({}, { maxTimeMS }).sort({ _id: 1 }).toArray());
    if (docs.length === 0) return [];
    const counts = await this.database.run((maxTimeMS) =>
      this.slices
        .aggregate<{ _id: number; n: number }>(
          [{ $match: { collectionId: { $in: docs.map((d) => d._id) } } }, { $group: { _id: '$collectionId', n: { $sum: 1 } } }],
          { maxTimeMS },
        )
        .toArray(),
    );
    const countOf = new Map(counts.map((c) => [c._id, c.n]));
    return docs.map((doc) => ({ ...toCollection(doc), sliceCount: countOf.get(doc._id) ?? 0 }));
  }

  async updateCollection(id: number, changes: Partial<CollectionFields>, at: Date): Promise<Collection | undefined> {
    const set: Partial<CollectionDocument> = { updatedAt: at };
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.description !== undefined) set.description = changes.description;
    const doc = await this.database.run((maxTimeMS) =>
      this.collections.findOneAndUpdate({ _id: id }, { $set: set }, { returnDocument: 'after', maxTimeMS }),
    );
    return doc === null ? undefined : toCollection(doc);
  }

  /**
   * The collection goes first, so no new slice can be added to it (see createSlice), then its
   * slices. Slices left by a crash in between are removed at the next start.
   */
  async deleteCollection(id: number): Promise<boolean> {
    const { deletedCount } = await this.database.run((maxTimeMS) => this.collections.deleteOne({ _id: id }, { maxTimeMS }));
    try {
      await this.database.run((maxTimeMS) => this.slices.deleteMany({ collectionId: id }, { maxTimeMS }));
    } catch (error) {
      // The collection is gone, which is what the caller asked; its slices can no longer be
      // reached through it, and the next start removes them.
      if (deletedCount !== 1) throw error;
      this.database.warn(
        { err: error, collectionId: id },
        'collection deleted, its slices are left for the next start to remove',
      );
    }
    return deletedCount === 1;
  }

  countSlices(collectionId: number): Promise<number> {
    return this.database.run((maxTimeMS) => this.slices.countDocuments({ collectionId }, { maxTimeMS }));
  }

  /**
   * Inserts the slice if its collection exists, then looks again: a collection deleted in the
   * meantime takes the new slice with it, so no slice outlives its collection.
   */
  async createSlice(collectionId: number, draft: SliceDraft, at: Date): Promise<Slice | undefined> {
    if ((await this.getCollection(collectionId)) === undefined) return undefined;
    const doc: SliceDocument = {
      _id: await this.database.nextId('slices'),
      collectionId,
      ...draftFields(draft),
      createdAt: at,
      updatedAt: at,
    };
    await this.database.run((maxTimeMS) => this.slices.insertOne(doc, { maxTimeMS }));
    if ((await this.getCollection(collectionId)) === undefined) {
      await this.database.run((maxTimeMS) => this.slices.deleteOne({ _id: doc._id }, { maxTimeMS }));
      return undefined;
    }
    return toSlice(doc);
  }

  async getSlice(collectionId: number, sliceId: number): Promise<Slice | undefined> {
    const doc = await this.database.run((maxTimeMS) => this.slices.findOne({ _id: sliceId, collectionId }, { maxTimeMS }));
    return doc === null ? undefined : toSlice(doc);
  }

  /** One document update: the slice's products and metadata change together or not at all. */
  async replaceSlice(collectionId: number, sliceId: number, draft: SliceDraft, at: Date): Promise<Slice | undefined> {
    const doc = await this.database.run((maxTimeMS) =>
      this.slices.findOneAndUpdate(
        { _id: sliceId, collectionId },
        { $set: { ...draftFields(draft), updatedAt: at } },
        { returnDocument: 'after', maxTimeMS },
      ),
    );
    return doc === null ? undefined : toSlice(doc);
  }

  async deleteSlice(collectionId: number, sliceId: number): Promise<boolean> {
    const { deletedCount } = await this.database.run((maxTimeMS) =>
      this.slices.deleteOne({ _id: sliceId, collectionId }, { maxTimeMS }),
    );
    return deletedCount === 1;
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
}
