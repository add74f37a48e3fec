import { ValidationError } from '../shared/errors.js';

/** The longest stretch of time one planner read covers, as the timeline's. */
export const MAX_PLANNER_DAYS = 400;
/** Collections per planner page: the default, and the most one page holds. */
export const DEFAULT_PLANNER_COLLECTIONS = 20;
export const MAX_PLANNER_COLLECTIONS = 50;
/**
 * The most slices of one collection a planner page lists (the earliest-starting first): a
 * collection with more in the window says so, and its own calendar pages through them all.
 */
export const MAX_PLANNER_SLICES_PER_COLLECTION = 100;

const DAY_MS = 86_400_000;

/** A stretch of time, start included, end excluded. */
export interface PlannerWindow {
  readonly from: Date;
  readonly to: Date;
}

/** A planner window the planner can read: `to` after `from`, at most MAX_PLANNER_DAYS later. */
export function checkPlannerWindow(window: PlannerWindow): PlannerWindow {
  const span = window.to.getTime() - window.from.getTime();
  if (!(span > 0)) throw ValidationError.single('to', 'must be after from');
  if (span > MAX_PLANNER_DAYS * DAY_MS) throw ValidationError.single('to', `must be at most ${MAX_PLANNER_DAYS} days after from`);
  return window;
}

/** How many collections a page holds: DEFAULT_PLANNER_COLLECTIONS left out, 1 to MAX_PLANNER_COLLECTIONS. */
export function plannerPageSize(limit: number | undefined): number {
  const size = limit ?? DEFAULT_PLANNER_COLLECTIONS;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PLANNER_COLLECTIONS) {
    throw ValidationError.single('limit', `must be a whole number from 1 to ${MAX_PLANNER_COLLECTIONS}`);
  }
  return size;
}

/** Whether a slice active over `[startsAt, endsAt)` is so at some instant of the window. */
export function overlapsWindow(slice: { readonly startsAt: Date; readonly endsAt: Date }, window: PlannerWindow): boolean {
  return slice.startsAt.getTime() < window.to.getTime() && slice.endsAt.getTime() > window.from.getTime();
}
