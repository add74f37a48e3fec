/**
 * The date scale the planner and a collection's calendar share: which stretch of time a zoom shows,
 * where an instant falls on it, and the instant a dragged point stands for. Pure functions over
 * epoch milliseconds; days and hours are the merchandiser's (the browser's time zone).
 */
export type Zoom = 'day' | 'week' | 'month' | 'quarter';
export const ZOOMS: readonly Zoom[] = ['day', 'week', 'month', 'quarter'];

export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** A stretch of time: `from` included, `to` excluded, epoch milliseconds. */
export interface ScaleWindow {
  readonly from: number;
  readonly to: number;
}

/** How many days each zoom shows, and how many of them lie before the day it is opened at. */
const DAYS: Readonly<Record<Zoom, { shown: number; before: number }>> = {
  day: { shown: 1, before: 0 },
  week: { shown: 7, before: 1 },
  month: { shown: 31, before: 3 },
  quarter: { shown: 91, before: 7 },
};

/** Local midnight of the day `ms` falls in, `days` days later. */
export function startOfDay(ms: number, days = 0): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime();
}

/** The window a zoom shows around `anchor`: whole local days, a few of them before the anchor's. */
export function zoomWindow(zoom: Zoom, anchor: number): ScaleWindow {
  const { shown, before } = DAYS[zoom];
  const from = startOfDay(anchor, -before);
  return { from, to: startOfDay(from, shown) };
}

/** The window moved a whole window earlier (`-1`) or later (`1`), keeping whole local days. */
export function panned(window: ScaleWindow, zoom: Zoom, direction: -1 | 1): ScaleWindow {
  const shown = DAYS[zoom].shown;
  const from = startOfDay(window.from, direction * shown);
  return { from, to: startOfDay(from, shown) };
}

/**
 * The window of another zoom: around now when now is in the window shown, else centred on the
 * middle of that window, so what was looked at stays in view.
 */
export function rezoomed(window: ScaleWindow, zoom: Zoom, now: number): ScaleWindow {
  if (now >= window.from && now < window.to) return zoomWindow(zoom, now);
  const shown = DAYS[zoom].shown;
  const middle = window.from + (window.to - window.from) / 2;
  const from = startOfDay(middle - (shown * DAY) / 2);
  return { from, to: startOfDay(from, shown) };
}

/** Where an instant falls on a scale `width` wide (it may fall outside: below 0 or past width). */
export function xOf(ms: number, window: ScaleWindow, width: number): number {
  return ((ms - window.from) / (window.to - window.from)) * width;
}

/** The instant a point `x` of a scale `width` wide stands for. */
export function instantAt(x: number, window: ScaleWindow, width: number): number {
  return window.from + (x / width) * (window.to - window.from);
}

/** How far in time a movement of `dx` across the scale goes. */
export function durationOf(dx: number, window: ScaleWindow, width: number): number {
  return (dx / width) * (window.to - window.from);
}

/** What a dragged date lands on at each zoom: whole hours at Day, whole days otherwise. */
export function snapUnit(zoom: Zoom): 'hour' | 'day' {
  return zoom === 'day' ? 'hour' : 'day';
}

/** The nearest whole local hour or day to `ms` (a half rounds up). */
export function snapped(ms: number, zoom: Zoom): number {
  const d = new Date(ms);
  const floor =
    snapUnit(zoom) === 'hour' ? new Date(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()).getTime() : startOfDay(ms);
  const next = snapUnit(zoom) === 'hour' ? floor + HOUR : startOfDay(ms, 1);
  return ms - floor < next - ms ? floor : next;
}

/** A slice's window after a drag of `delta` milliseconds: moved whole, or one end moved (never past the other). */
export function dragged(
  window: { startsAt: number; endsAt: number },
  part: 'move' | 'start' | 'end',
  delta: number,
  zoom: Zoom,
): { startsAt: number; endsAt: number } {
  const unit = snapUnit(zoom) === 'hour' ? HOUR : DAY;
  if (part === 'move') {
    const startsAt = snapped(window.startsAt + delta, zoom);
    return { startsAt, endsAt: startsAt + (window.endsAt - window.startsAt) };
  }
  if (part === 'start') {
    return { startsAt: Math.min(snapped(window.startsAt + delta, zoom), window.endsAt - unit), endsAt: window.endsAt };
  }
  return { startsAt: window.startsAt, endsAt: Math.max(snapped(window.endsAt + delta, zoom), window.startsAt + unit) };
}

/** The instants the scale marks: every 3 hours at Day, every day at Week, every week at Month, every two weeks at Quarter. */
export function ticksOf(window: ScaleWindow, zoom: Zoom): number[] {
  const ticks: number[] = [];
  if (zoom === 'day') {
    for (let t = window.from; t < window.to; t += 3 * HOUR) ticks.push(t);
    return ticks;
  }
  const step = zoom === 'week' ? 1 : zoom === 'month' ? 7 : 14;
  for (let t = window.from; t < window.to; t = startOfDay(t, step)) ticks.push(t);
  return ticks;
}

/**
 * Which side of a bar its name goes when the bar is too narrow for it: after it when it fits
 * there, else before it when it fits there, else the side with more room (the track clips the
 * rest; the bar's title and accessible name hold the whole name).
 */
export function besideSide(at: { left: number; width: number }, label: number): 'after' | 'before' {
  const after = 1 - (at.left + at.width);
  if (label <= after) return 'after';
  if (label <= at.left) return 'before';
  return after >= at.left ? 'after' : 'before';
}

/**
 * Bars placed in rows so that none covers another, nor the name written beside a bar too narrow
 * for it: each bar takes the first row free from its start (`extent` says how far it reaches,
 * its name included).
 */
export function rowsOf<T>(items: readonly T[], span: (item: T) => { from: number; to: number }): Map<T, number> {
  const ends: number[] = [];
  const rows = new Map<T, number>();
  const sorted = [...items].sort((a, b) => span(a).from - span(b).from);
  for (const item of sorted) {
    const { from, to } = span(item);
    let row = ends.findIndex((end) => end <= from);
    if (row === -1) row = ends.length;
    ends[row] = to;
    rows.set(item, row);
  }
  return rows;
}
