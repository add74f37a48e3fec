import type { Clock } from '../../domain/shared/clock.js';
import { DomainError } from '../../domain/shared/errors.js';
import { token } from '../../domain/shared/token.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { overlapsOf } from '../../domain/merchandising/schedule.js';
import { notInCatalogOf, sliceStatusAt, type Slice, type SliceDraft } from '../../domain/merchandising/slice.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import type { AnswerCache } from '../caching/answer-cache.js';
import { Precondition, type WriteOptions } from '../shared/precondition.js';
import { collectionNotFound, sliceNotFound } from './not-found.js';
import type { SliceChange } from './views.js';
import { UNWATCHED, type ActiveSliceWatch } from './active-slice-watch.js';

/** What the merchandising use cases are told by the configuration. */
export interface MerchandisingSettings {
  /** The most slices a collection may hold (MAX_SLICES_PER_COLLECTION). */
  readonly maxSlicesPerCollection: number;
}

export const MerchandisingSettingsToken = token<MerchandisingSettings>('MerchandisingSettings');
export const DEFAULT_MAX_SLICES = 1_000;

/** How often a change computed from a slice is tried again when another writer got there first. */
const ATTEMPTS = 3;

/**
 * What every creation and change of a slice has in common: the precondition checked, the
 * collection's cached answer forgotten, and the answer completed with the slice's status now and
 * the other slices its window overlaps (the contract advises against several active at once:
 * allowed, but flagged) and the products the catalog does not hold (allowed too: a slice may plan
 * products that arrive later, but the merchandiser is told). The use cases decide what the slice becomes.
 */
export class SliceWriter {
  constructor(
    private readonly collections: CollectionStore,
    private readonly clock: Clock,
    private readonly answers: AnswerCache,
    private readonly products: ProductStore,
    private readonly settings: MerchandisingSettings = { maxSlicesPerCollection: DEFAULT_MAX_SLICES },
    private readonly watch: ActiveSliceWatch = UNWATCHED,
  ) {}

  /**
   * Adds a slice, unless the collection holds MAX_SLICES_PER_COLLECTION already (CONFLICT: a
   * calendar that long is a mistake, and every list and timeline of it would grow without end).
   */
  async create(collectionId: number, draft: SliceDraft, actor: string): Promise<SliceChange> {
    const held = await this.collections.countSlices(collectionId);
    const most = this.settings.maxSlicesPerCollection;
    if (held >= most) {
      throw new DomainError(
        'CONFLICT',
        `The collection holds ${held} slices, the most it may (MAX_SLICES_PER_COLLECTION: ${most}); delete slices it no longer needs first.`,
      );
    }
    const change = { at: this.clock.now(), by: actor };
    const slice = await this.watch.around(collectionId, () =>
      this.answers.afterWrite([activeSliceCacheKey(collectionId)], () =>
        this.collections.createSlice(collectionId, draft, change),
      ),
    );
    if (slice === undefined) throw collectionNotFound();
    return this.describe(slice);
  }

  /**
   * Changes the slice as `modify` says, computed from the slice as stored. When another writer
   * changes it in between, the change is computed again from the new version, unless the caller
   * named the versions it accepts (a precondition), which then fails with PRECONDITION_FAILED.
   */
  async modify(
    collectionId: number,
    sliceId: number,
    modify: (slice: Slice) => SliceDraft | Promise<SliceDraft>,
    options: WriteOptions,
  ): Promise<SliceChange> {
    const precondition = options.precondition ?? Precondition.NONE;
    for (let attempt = 1; ; attempt++) {
      const current = await this.collections.getSlice(collectionId, sliceId);
      if (current === undefined) throw await sliceNotFound(this.collections, collectionId);
      precondition.check('slice', current.version);
      const draft = await modify(current);
      const change = { at: this.clock.now(), by: options.actor };
      const result = await this.watch.around(collectionId, () =>
        this.answers.afterWrite([activeSliceCacheKey(collectionId)], () =>
          this.collections.replaceSlice(collectionId, sliceId, draft, change, current.version),
        ),
      );
      if (result.status === 'done') return this.describe(result.value);
      if (result.status === 'missing') throw await sliceNotFound(this.collections, collectionId);
      precondition.onStale('slice', result.version);
      if (attempt === ATTEMPTS) {
        throw new DomainError('CONFLICT', 'The slice kept changing while this change was made; try again.');
      }
    }
  }

  /**
   * The slice's status now, its overlaps with the collection's other slices, and its products the
   * catalog does not hold (one batch read of them all).
   */
  private async describe(slice: Slice): Promise<SliceChange> {
    const [others, known] = await Promise.all([
      this.collections.listSlices(slice.collectionId),
      this.products.getMany(slice.products),
    ]);
    return {
      slice,
      status: sliceStatusAt(slice, this.clock.now()),
      warnings: overlapsOf(slice, others),
      notInCatalog: notInCatalogOf(slice.products, known),
    };
  }
}
