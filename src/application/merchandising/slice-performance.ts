import type { EventPosition, EventStore } from '../../domain/events/event-store.js';
import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import type { Slice } from '../../domain/merchandising/slice.js';
import {
  liveBefore,
  performanceWindow,
  SliceTally,
  type PerformanceFigures,
  type TimeWindow,
} from '../../domain/merchandising/slice-performance.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { Scheduler } from '../../domain/shared/scheduler.js';
import { sliceNotFound } from './not-found.js';

/** How much of the history the figures read at a time, and at most. */
export interface PerformanceLimits {
  /** Events read at a time: one page's counting holds the event loop for about a millisecond. */
  readonly page: number;
  /** The most events one slice's figures read: past it they stop, and say until when they counted. */
  readonly maxEvents: number;
}

export const MAX_EVENTS_COUNTED = 2_000_000;
export const DEFAULT_PERFORMANCE_LIMITS: PerformanceLimits = { page: 5_000, maxEvents: MAX_EVENTS_COUNTED };
/** How many answers are kept, and for how long: asked again (the panel reopened), they are not counted again. */
export const KEPT_PERFORMANCES = 100;
export const PERFORMANCE_KEPT_MS = 60_000;
/**
 * How many slices' figures a process counts at once; more wait their turn. Each counting holds the
 * event loop about a millisecond per page between breaths: a few at once keep that short, however
 * many windows are asked at the same time.
 */
export const COUNTED_AT_ONCE = 2;

/** The part of the slice's window asked for; left out, from its start, until its end or now. */
export interface SlicePerformanceQuery {
  readonly from?: Date | undefined;
  readonly to?: Date | undefined;
}

/** A slice's figures over a stretch of time, and how much of the history was read for them. */
export interface CountedFigures extends PerformanceFigures {
  readonly window: TimeWindow;
  /** Events of the window read (of every product): the work the figures cost. */
  readonly eventsRead: number;
  /** False when the window held more than MAX_EVENTS_COUNTED events: the figures count until `countedUntil`. */
  readonly complete: boolean;
  readonly countedUntil: Date;
}

export interface SlicePerformance {
  readonly slice: Slice;
  readonly figures: CountedFigures;
  /** The slice the collection showed just before this one started, over the stretch it showed it. */
  readonly before?: { readonly slice: Slice; readonly figures: CountedFigures } | undefined;
  /** When the figures were counted (an answer is kept for PERFORMANCE_KEPT_MS). */
  readonly countedAt: Date;
}

interface Kept {
  readonly at: number;
  readonly answer: Promise<SlicePerformance>;
}

/**
 * What a slice's products did: views, add-to-carts and purchases over its window (or a part of
 * it), and those of the slice live before it, from the event store. Off the hot path: the history
 * is read a page at a time, the event loop serving requests between pages, and at most
 * MAX_EVENTS_COUNTED events per slice; an answer is kept per slice version and window asked for,
 * so the same question asked at once or again soon is counted once.
 */
export class GetSlicePerformance {
  private readonly kept = new Map<string, Kept>();
  private counting = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly collections: CollectionStore,
    private readonly events: EventStore,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
    private readonly limits: PerformanceLimits = DEFAULT_PERFORMANCE_LIMITS,
  ) {}

  async execute(collectionId: number, sliceId: number, query: SlicePerformanceQuery): Promise<SlicePerformance> {
    const slice = await this.collections.getSlice(collectionId, sliceId);
    if (slice === undefined) throw await sliceNotFound(this.collections, collectionId);
    const now = this.clock.now();
    const window = performanceWindow(slice, now, query);
    const key = [collectionId, sliceId, slice.version, query.from?.toISOString(), query.to?.toISOString()].join('/');
    const found = this.kept.get(key);
    if (found !== undefined && now.getTime() - found.at < PERFORMANCE_KEPT_MS) return found.answer;
    const answer = this.inTurn(() => this.compute(slice, window, now));
    this.keep(key, { at: now.getTime(), answer });
    answer.catch(() => {
      if (this.kept.get(key)?.answer === answer) this.kept.delete(key);
    });
    return answer;
  }

  /** Runs `work` once fewer than COUNTED_AT_ONCE countings run, in the order asked. */
  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.counting >= COUNTED_AT_ONCE) await new Promise<void>((turn) => this.waiting.push(turn));
    else this.counting++;
    try {
      return await work();
    } finally {
      // The turn passes on to the next waiting (the count stays), or the count goes down.
      const next = this.waiting.shift();
      if (next !== undefined) next();
      else this.counting--;
    }
  }

  private keep(key: string, kept: Kept): void {
    this.kept.delete(key);
    // The oldest answer goes first (a Map keeps the order keys were set in).
    if (this.kept.size >= KEPT_PERFORMANCES) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, kept);
  }

  private async compute(slice: Slice, window: TimeWindow, now: Date): Promise<SlicePerformance> {
    const figures = await this.count(slice.products, window);
    const previous = liveBefore(await this.collections.listSlices(slice.collectionId), slice);
    const previousSlice = previous && (await this.collections.getSlice(slice.collectionId, previous.id));
    if (previous === undefined || previousSlice === undefined) return { slice, figures, countedAt: now };
    // A slice that has not started yet: what the one before shows counts only until now.
    const until = Math.min(previous.window.until.getTime(), now.getTime());
    const stretch = { from: new Date(Math.min(previous.window.from.getTime(), until)), until: new Date(until) };
    return {
      slice,
      figures,
      before: { slice: previousSlice, figures: await this.count(previousSlice.products, stretch) },
      countedAt: now,
    };
  }

  private async count(products: readonly string[], window: TimeWindow): Promise<CountedFigures> {
    const tally = new SliceTally(products);
    let after: EventPosition | undefined;
    let read = 0;
    for (;;) {
      const page = await this.events.scanWindow(window.from, window.until, after, this.limits.page);
      for (const event of page.items) tally.add(event);
      read += page.items.length;
      const last = page.items.at(-1);
      if (last !== undefined) after = { at: last.at, key: last.key };
      const complete = !page.more;
      if (complete || read >= this.limits.maxEvents) {
        return { ...tally.figures(), window, eventsRead: read, complete, countedUntil: complete ? window.until : last!.at };
      }
      await this.scheduler.breathe();
    }
  }
}
