import type { CollectionSummary } from '../../domain/merchandising/collection.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import {
  checkPlannerWindow,
  MAX_PLANNER_SLICES_PER_COLLECTION,
  plannerPageSize,
  type PlannerWindow,
} from '../../domain/merchandising/planner.js';
import { sliceStatusAt, type SliceStatus, type SliceSummary } from '../../domain/merchandising/slice.js';
import type { Clock } from '../../domain/shared/clock.js';

export interface PlannerQuery extends PlannerWindow {
  readonly limit?: number | undefined;
  /** The last collection id of the previous page. */
  readonly afterId?: number | undefined;
}

/** One lane of the planner: a collection, what it shows now, and its slices in the window. */
export interface PlannerLane {
  readonly collection: CollectionSummary;
  readonly activeSlice: SliceSummary | undefined;
  readonly slices: readonly (SliceSummary & { readonly status: SliceStatus })[];
  /** True when the collection has more slices in the window than MAX_PLANNER_SLICES_PER_COLLECTION. */
  readonly slicesTruncated: boolean;
}

export interface PlannerPage {
  readonly now: Date;
  readonly lanes: readonly PlannerLane[];
  readonly nextAfterId?: number | undefined;
}

/**
 * The season planner's read: a page of collections by id, each with the slice it shows now and
 * its slices overlapping a window of time (without products, a bounded number per collection):
 * three store reads per page, whatever the number of slices.
 */
export class GetPlanner {
  constructor(
    private readonly collections: CollectionStore,
    private readonly clock: Clock,
  ) {}

  async execute(query: PlannerQuery): Promise<PlannerPage> {
    const window = checkPlannerWindow(query);
    const limit = plannerPageSize(query.limit);
    const page = await this.collections.listCollections({ limit, afterId: query.afterId });
    const ids = page.items.map((c) => c.id);
    const now = this.clock.now();
    const [live, slices] = await Promise.all([
      this.collections.findActiveSlices(ids, now),
      this.collections.listSlicesOverlapping(ids, window, MAX_PLANNER_SLICES_PER_COLLECTION),
    ]);
    const lanes = page.items.map((collection) => {
      const mine = slices.get(collection.id);
      return {
        collection,
        activeSlice: live.get(collection.id),
        slices: (mine?.items ?? []).map((s) => ({ ...s, status: sliceStatusAt(s, now) })),
        slicesTruncated: mine?.more ?? false,
      };
    });
    const last = page.items.at(-1);
    return page.more && last !== undefined ? { now, lanes, nextAfterId: last.id } : { now, lanes };
  }
}
