import type { Collection, CollectionFields, CollectionSummary } from '../../domain/merchandising/collection.js';
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
import { MAX_SLICE_VERSIONS, versionOfSlice, type SliceVersion } from '../../domain/merchandising/slice-history.js';
import type { Page } from '../../domain/shared/page.js';
import type { WriteResult } from '../../domain/shared/write-result.js';
import {
  nextTransitionAfter,
  pickActiveSlice,
  type Slice,
  type SliceDraft,
  type SliceSummary,
} from '../../domain/merchandising/slice.js';
import { overlapsWindow } from '../../domain/merchandising/planner.js';
import { snapshot } from './snapshot.js';

function summaryOf({ products, ...rest }: Slice): SliceSummary {
  return { ...rest, productCount: products.length };
}

function stale(version: number): { status: 'stale'; version: number } {
  return { status: 'stale', version };
}

export class InMemoryCollectionStore implements CollectionStore {
  private readonly collections = new Map<number, Collection>();
  /** Slices by collection id, then by slice id. */
  private readonly slices = new Map<number, Map<number, Slice>>();
  /** Each slice's last MAX_SLICE_VERSIONS versions by slice id, oldest first, the current one last. */
  private readonly histories = new Map<number, SliceVersion[]>();
  private lastCollectionId = 0;
  private lastSliceId = 0;

  async createCollection(fields: CollectionFields, change: Change): Promise<Collection> {
    const collection = snapshot({
      id: ++this.lastCollectionId,
      name: fields.name,
      description: fields.description,
      version: 1,
      createdAt: change.at,
      updatedAt: change.at,
      updatedBy: change.by,
    });
    this.collections.set(collection.id, collection);
    this.slices.set(collection.id, new Map());
    return collection;
  }

  async getCollection(id: number): Promise<Collection | undefined> {
    return this.collections.get(id);
  }

  async listCollections(query: CollectionQuery): Promise<CollectionPage> {
    const needle = query.nameContains?.toLocaleLowerCase();
    const matching = [...this.collections.values()]
      .filter(
        (c) =>
          (query.afterId === undefined || c.id > query.afterId) &&
          (needle === undefined || c.name.toLocaleLowerCase().includes(needle)),
      )
      .sort((a, b) => a.id - b.id);
    const items: CollectionSummary[] = matching
      .slice(0, query.limit)
      .map((c) => ({ ...c, sliceCount: this.slices.get(c.id)?.size ?? 0 }));
    return { items, more: matching.length > query.limit };
  }

  async updateCollection(
    id: number,
    changes: Partial<CollectionFields>,
    change: Change,
    expectedVersion?: number,
  ): Promise<WriteResult<Collection>> {
    const current = this.collections.get(id);
    if (current === undefined) return { status: 'missing' };
    if (expectedVersion !== undefined && expectedVersion !== current.version) return stale(current.version);
    const updated = snapshot({
      ...current,
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      version: current.version + 1,
      updatedAt: change.at,
      updatedBy: change.by,
    });
    this.collections.set(id, updated);
    return { status: 'done', value: updated };
  }

  async deleteCollection(id: number, expectedVersion?: number): Promise<WriteResult<null>> {
    const current = this.collections.get(id);
    if (current === undefined) return { status: 'missing' };
    if (expectedVersion !== undefined && expectedVersion !== current.version) return stale(current.version);
    for (const sliceId of this.slices.get(id)?.keys() ?? []) this.histories.delete(sliceId);
    this.slices.delete(id);
    this.collections.delete(id);
    return { status: 'done', value: null };
  }

  async countSlices(collectionId: number): Promise<number> {
    return this.slices.get(collectionId)?.size ?? 0;
  }

  async createSlice(collectionId: number, draft: SliceDraft, change: Change): Promise<Slice | undefined> {
    const slices = this.slices.get(collectionId);
    if (slices === undefined) return undefined;
    const slice = snapshot({
      ...draft,
      id: ++this.lastSliceId,
      collectionId,
      version: 1,
      createdAt: change.at,
      updatedAt: change.at,
      updatedBy: change.by,
    });
    slices.set(slice.id, slice);
    this.histories.set(slice.id, [snapshot(versionOfSlice(slice))]);
    return slice;
  }

  async getSlice(collectionId: number, sliceId: number): Promise<Slice | undefined> {
    return this.slices.get(collectionId)?.get(sliceId);
  }

  async replaceSlice(
    collectionId: number,
    sliceId: number,
    draft: SliceDraft,
    change: Change,
    expectedVersion?: number,
  ): Promise<WriteResult<Slice>> {
    const slices = this.slices.get(collectionId);
    const current = slices?.get(sliceId);
    if (slices === undefined || current === undefined) return { status: 'missing' };
    if (expectedVersion !== undefined && expectedVersion !== current.version) return stale(current.version);
    // Fields of the draft replace the slice's; a draft without a generator (rules, refresh) leaves none behind.
    const { generator: _previous, rules: _rules, refresh: _refresh, ...kept } = current;
    const slice = snapshot({
      ...kept,
      ...draft,
      version: current.version + 1,
      updatedAt: change.at,
      updatedBy: change.by,
    });
    slices.set(sliceId, slice);
    this.keepVersion(slice);
    return { status: 'done', value: slice };
  }

  async deleteSlice(collectionId: number, sliceId: number, expectedVersion?: number): Promise<WriteResult<null>> {
    const slices = this.slices.get(collectionId);
    const current = slices?.get(sliceId);
    if (slices === undefined || current === undefined) return { status: 'missing' };
    if (expectedVersion !== undefined && expectedVersion !== current.version) return stale(current.version);
    slices.delete(sliceId);
    this.histories.delete(sliceId);
    return { status: 'done', value: null };
  }

  async listSlices(collectionId: number): Promise<readonly SliceSummary[]> {
    const slices = this.slices.get(collectionId);
    if (slices === undefined) return [];
    return [...slices.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id).map(summaryOf);
  }

  async findActiveSlice(collectionId: number, at: Date): Promise<Slice | undefined> {
    const slices = this.slices.get(collectionId);
    return slices === undefined ? undefined : pickActiveSlice(slices.values(), at);
  }

  async findActiveSlices(collectionIds: readonly number[], at: Date): Promise<ReadonlyMap<number, SliceSummary>> {
    const found = new Map<number, SliceSummary>();
    for (const id of collectionIds) {
      const slices = this.slices.get(id);
      const slice = slices === undefined ? undefined : pickActiveSlice(slices.values(), at);
      if (slice !== undefined) found.set(id, summaryOf(slice));
    }
    return found;
  }

  async listSlicesOverlapping(
    collectionIds: readonly number[],
    window: { readonly from: Date; readonly to: Date },
    perCollection: number,
  ): Promise<ReadonlyMap<number, Page<SliceSummary>>> {
    const found = new Map<number, Page<SliceSummary>>();
    for (const id of collectionIds) {
      const slices = [...(this.slices.get(id)?.values() ?? [])]
        .filter((s) => overlapsWindow(s, window))
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
      found.set(id, { items: slices.slice(0, perCollection).map(summaryOf), more: slices.length > perCollection });
    }
    return found;
  }

  async findNextTransition(collectionId: number, at: Date): Promise<Date | undefined> {
    const slices = this.slices.get(collectionId);
    return slices === undefined ? undefined : nextTransitionAfter(slices.values(), at);
  }

  async listSlicesChangingIn(after: Date, until: Date, query: SliceTransitionQuery): Promise<Page<SliceSummary>> {
    const from = after.getTime();
    const to = until.getTime();
    const within = (d: Date) => d.getTime() > from && d.getTime() <= to;
    const found: Slice[] = [];
    for (const slices of this.slices.values()) {
      for (const slice of slices.values()) {
        if ((query.afterId === undefined || slice.id > query.afterId) && (within(slice.startsAt) || within(slice.endsAt))) {
          found.push(slice);
        }
      }
    }
    found.sort((a, b) => a.id - b.id);
    return { items: found.slice(0, query.limit).map(summaryOf), more: found.length > query.limit };
  }

  async findNextTransitionOfAny(at: Date): Promise<Date | undefined> {
    let next: Date | undefined;
    for (const slices of this.slices.values()) {
      const mine = nextTransitionAfter(slices.values(), at);
      if (mine !== undefined && (next === undefined || mine < next)) next = mine;
    }
    return next;
  }

  async listRuleSlices(query: RuleSliceQuery): Promise<Page<Slice>> {
    const found: Slice[] = [];
    for (const slices of this.slices.values()) {
      for (const slice of slices.values()) {
        if (
          slice.rules !== undefined &&
          slice.endsAt.getTime() > query.endsAfter.getTime() &&
          (query.afterId === undefined || slice.id > query.afterId)
        ) {
          found.push(slice);
        }
      }
    }
    found.sort((a, b) => a.id - b.id);
    return { items: found.slice(0, query.limit), more: found.length > query.limit };
  }

  async recordRuleRefresh(
    collectionId: number,
    sliceId: number,
    expected: RefreshExpectation,
    record: RefreshRecord,
  ): Promise<boolean> {
    const slices = this.slices.get(collectionId);
    const current = slices?.get(sliceId);
    if (slices === undefined || current?.rules === undefined || current.version !== expected.version) return false;
    if (current.refresh?.at.getTime() !== expected.refreshedAt?.getTime()) return false;
    const products = record.products ?? current.products;
    const slice = snapshot({ ...current, products: [...products], refresh: { ...record.refresh } });
    slices.set(sliceId, slice);
    if (record.products !== undefined) {
      // The current version in the history holds what the slice holds now, as the slice itself does on MongoDB.
      const history = this.histories.get(sliceId) ?? [];
      this.histories.set(sliceId, [...history.slice(0, -1), snapshot(versionOfSlice(slice))]);
    }
    return true;
  }

  async listSliceVersions(
    collectionId: number,
    sliceId: number,
    query: SliceVersionQuery,
  ): Promise<Page<SliceVersion> | undefined> {
    if (this.slices.get(collectionId)?.get(sliceId) === undefined) return undefined;
    const before = query.beforeVersion ?? Number.POSITIVE_INFINITY;
    const older = (this.histories.get(sliceId) ?? []).filter((v) => v.version < before).reverse();
    return { items: older.slice(0, query.limit), more: older.length > query.limit };
  }

  async getSliceVersion(collectionId: number, sliceId: number, version: number): Promise<SliceVersion | undefined> {
    if (this.slices.get(collectionId)?.get(sliceId) === undefined) return undefined;
    return this.histories.get(sliceId)?.find((v) => v.version === version);
  }

  /** Adds the slice's new version to its history, dropping the oldest beyond MAX_SLICE_VERSIONS. */
  private keepVersion(slice: Slice): void {
    const history = [...(this.histories.get(slice.id) ?? []), snapshot(versionOfSlice(slice))];
    this.histories.set(slice.id, history.slice(-MAX_SLICE_VERSIONS));
  }
}
