import type { Collection, CollectionFields, CollectionSummary } from '../../domain/merchandising/collection.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import {
  nextTransitionAfter,
  pickActiveSlice,
  type Slice,
  type SliceDraft,
  type SliceSummary,
} from '../../domain/merchandising/slice.js';
import { snapshot } from './snapshot.js';

export class InMemoryCollectionStore implements CollectionStore {
  private readonly collections = new Map<number, Collection>();
  /** Slices by collection id, then by slice id. */
  private readonly slices = new Map<number, Map<number, Slice>>();
  private lastCollectionId = 0;
  private lastSliceId = 0;

  async createCollection(fields: CollectionFields, at: Date): Promise<Collection> {
    const collection = snapshot({
      id: ++this.lastCollectionId,
      name: fields.name,
      description: fields.description,
      createdAt: at,
      updatedAt: at,
    });
    this.collections.set(collection.id, collection);
    this.slices.set(collection.id, new Map());
    return collection;
  }

  async getCollection(id: number): Promise<Collection | undefined> {
    return this.collections.get(id);
  }

  async listCollections(): Promise<readonly CollectionSummary[]> {
    return [...this.collections.values()]
      .sort((a, b) => a.id - b.id)
      .map((c) => ({ ...c, sliceCount: this.slices.get(c.id)?.size ?? 0 }));
  }

  async updateCollection(id: number, changes: Partial<CollectionFields>, at: Date): Promise<Collection | undefined> {
    const current = this.collections.get(id);
    if (current === undefined) return undefined;
    const updated = snapshot({
      ...current,
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      updatedAt: at,
    });
    this.collections.set(id, updated);
    return updated;
  }

  async deleteCollection(id: number): Promise<boolean> {
    this.slices.delete(id);
    return this.collections.delete(id);
  }

  async countSlices(collectionId: number): Promise<number> {
    return this.slices.get(collectionId)?.size ?? 0;
  }

  async createSlice(collectionId: number, draft: SliceDraft, at: Date): Promise<Slice | undefined> {
    const slices = this.slices.get(collectionId);
    if (slices === undefined) return undefined;
    const slice = snapshot({ ...draft, id: ++this.lastSliceId, collectionId, createdAt: at, updatedAt: at });
    slices.set(slice.id, slice);
    return slice;
  }

  async getSlice(collectionId: number, sliceId: number): Promise<Slice | undefined> {
    return this.slices.get(collectionId)?.get(sliceId);
  }

  async replaceSlice(collectionId: number, sliceId: number, draft: SliceDraft, at: Date): Promise<Slice | undefined> {
    const slices = this.slices.get(collectionId);
    const current = slices?.get(sliceId);
    if (slices === undefined || current === undefined) return undefined;
    const slice = snapshot({ ...draft, id: sliceId, collectionId, createdAt: current.createdAt, updatedAt: at });
    slices.set(sliceId, slice);
    return slice;
  }

  async deleteSlice(collectionId: number, sliceId: number): Promise<boolean> {
    return this.slices.get(collectionId)?.delete(sliceId) ?? false;
  }

  async listSlices(collectionId: number): Promise<readonly SliceSummary[]> {
    const slices = this.slices.get(collectionId);
    if (slices === undefined) return [];
    return [...slices.values()]
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id)
      .map(({ products, ...rest }) => ({ ...rest, productCount: products.length }));
  }

  async findActiveSlice(collectionId: number, at: Date): Promise<Slice | undefined> {
    const slices = this.slices.get(collectionId);
    return slices === undefined ? undefined : pickActiveSlice(slices.values(), at);
  }

  async findNextTransition(collectionId: number, at: Date): Promise<Date | undefined> {
    const slices = this.slices.get(collectionId);
    return slices === undefined ? undefined : nextTransitionAfter(slices.values(), at);
  }
}
