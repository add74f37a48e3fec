import type { EventType } from '../events/shopper-event.js';
import { ValidationError } from '../shared/errors.js';
import { timelineOf } from './schedule.js';
import type { SliceWindow } from './slice.js';

/** How many products the best and the worst lists each hold. */
export const PERFORMERS_LISTED = 5;

/** What shoppers did with one product, or with all of a slice's. */
export interface EventCounts {
  readonly views: number;
  readonly addToCarts: number;
  readonly purchases: number;
}

/** One product of a slice, where it stood and what shoppers did with it. */
export interface ProductPerformance extends EventCounts {
  readonly productId: string;
  /** Its place in the slice, from 1. */
  readonly position: number;
}

/** What a slice's products did over a stretch of time. */
export interface PerformanceFigures {
  readonly totals: EventCounts;
  /** Every product, in the slice's order. */
  readonly products: readonly ProductPerformance[];
  /** The best first: most purchases, then add-to-carts, then views, then the higher place. */
  readonly best: readonly ProductPerformance[];
  /** The worst first: the ranking's end, read backwards. */
  readonly worst: readonly ProductPerformance[];
  /** The products nobody viewed, in the slice's order. */
  readonly notViewed: readonly string[];
}

/** A stretch of time: from `from` (inclusive) until `until` (exclusive). */
export interface TimeWindow {
  readonly from: Date;
  readonly until: Date;
}

const COUNTED: Partial<Record<EventType, 0 | 1 | 2>> = { view: 0, add_to_cart: 1, purchase: 2 };

/**
 * Counts views, add-to-carts and purchases of a slice's products, one event at a time: events of
 * other products and of other types (recommendation clicks) are not counted. Holds three numbers
 * per product of the slice, whatever the number of events.
 */
export class SliceTally {
  private readonly counts = new Map<string, [number, number, number]>();

  constructor(private readonly products: readonly string[]) {
    for (const id of products) this.counts.set(id, [0, 0, 0]);
  }

  add(event: { readonly type: EventType; readonly productId: string }): void {
    const kind = COUNTED[event.type];
    if (kind === undefined) return;
    const counts = this.counts.get(event.productId);
    if (counts !== undefined) counts[kind]++;
  }

  figures(): PerformanceFigures {
    const products = this.products.map((productId, index): ProductPerformance => {
      const [views, addToCarts, purchases] = this.counts.get(productId) ?? [0, 0, 0];
      return { productId, position: index + 1, views, addToCarts, purchases };
    });
    const ranked = [...products].sort(byScore);
    const listed = Math.min(PERFORMERS_LISTED, ranked.length);
    return {
      totals: products.reduce(
        (sum, p) => ({
          views: sum.views + p.views,
          addToCarts: sum.addToCarts + p.addToCarts,
          purchases: sum.purchases + p.purchases,
        }),
        { views: 0, addToCarts: 0, purchases: 0 },
      ),
      products,
      best: ranked.slice(0, listed),
      worst: ranked.slice(ranked.length - listed).reverse(),
      notViewed: products.filter((p) => p.views === 0).map((p) => p.productId),
    };
  }
}

/** The score's order, best first: purchases, then add-to-carts, then views; a tie goes to the higher place. */
function byScore(a: ProductPerformance, b: ProductPerformance): number {
  return b.purchases - a.purchases || b.addToCarts - a.addToCarts || b.views - a.views || a.position - b.position;
}

/**
 * The stretch a slice's figures cover: its window up to now (nothing has happened after now), or
 * the part of it asked for. Refused when the part asked for is empty or outside the window.
 */
export function performanceWindow(slice: SliceWindow, now: Date, asked: { from?: Date; to?: Date }): TimeWindow {
  if (asked.from !== undefined && asked.to !== undefined && !(asked.from.getTime() < asked.to.getTime())) {
    throw ValidationError.single('to', 'must be after from');
  }
  const start = Math.max(slice.startsAt.getTime(), asked.from?.getTime() ?? -Infinity);
  const end = Math.min(slice.endsAt.getTime(), now.getTime(), asked.to?.getTime() ?? Infinity);
  if (asked.from !== undefined && asked.from.getTime() >= slice.endsAt.getTime()) {
    throw ValidationError.single('from', "must be before the slice's end");
  }
  if (asked.to !== undefined && asked.to.getTime() <= slice.startsAt.getTime()) {
    throw ValidationError.single('to', "must be after the slice's start");
  }
  // A slice that has not started yet covers nothing so far: an empty stretch at its start.
  return { from: new Date(start), until: new Date(Math.max(start, end)) };
}

type NamedWindow = SliceWindow & { readonly id: number; readonly name: string };

/** The slice the collection showed just before `slice` started, and the stretch it showed it until then; or undefined. */
export function liveBefore(
  slices: readonly NamedWindow[],
  slice: SliceWindow,
): { readonly id: number; readonly name: string; readonly window: TimeWindow } | undefined {
  const start = slice.startsAt.getTime();
  const earliest = Math.min(start, ...slices.map((s) => s.startsAt.getTime()));
  if (!(earliest < start)) return undefined;
  const last = timelineOf(slices, new Date(earliest), slice.startsAt).at(-1);
  if (last?.slice === undefined) return undefined;
  return { id: last.slice.id, name: last.slice.name, window: { from: last.from, until: last.until } };
}
