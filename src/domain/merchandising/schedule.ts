import { compareActivePriority, type SliceWindow } from './slice.js';

type NamedWindow = SliceWindow & { readonly id: number; readonly name: string };

/** Two slices of a collection active at once, and from when until when. */
export interface Overlap {
  readonly sliceId: number;
  readonly sliceName: string;
  readonly from: Date;
  readonly until: Date;
}

/** The slices among `others` whose window overlaps `window` (ignoring the slice itself), with the shared interval. */
export function overlapsOf(window: SliceWindow & { readonly id?: number }, others: Iterable<NamedWindow>): Overlap[] {
  const overlaps: Overlap[] = [];
  for (const other of others) {
    if (other.id === window.id) continue;
    const from = Math.max(window.startsAt.getTime(), other.startsAt.getTime());
    const until = Math.min(window.endsAt.getTime(), other.endsAt.getTime());
    if (from < until) overlaps.push({ sliceId: other.id, sliceName: other.name, from: new Date(from), until: new Date(until) });
  }
  return overlaps;
}

/**
 * For every slice, the ids of the slices active at some instant it is (at most `maxPerSlice` of
 * them, the earliest-starting first), by a sweep in start order: each slice is compared only with
 * the slices still running when it starts, never with every other slice.
 */
export function overlapIdsOf(slices: readonly NamedWindow[], maxPerSlice: number): Map<number, number[]> {
  const byStart = [...slices].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
  const found = new Map<number, number[]>(byStart.map((s) => [s.id, []]));
  let running: NamedWindow[] = [];
  for (const slice of byStart) {
    const start = slice.startsAt.getTime();
    if (!(start < slice.endsAt.getTime())) continue;
    running = running.filter((other) => other.endsAt.getTime() > start);
    const mine = found.get(slice.id)!;
    for (const other of running) {
      const theirs = found.get(other.id)!;
      if (mine.length < maxPerSlice) mine.push(other.id);
      if (theirs.length < maxPerSlice) theirs.push(slice.id);
    }
    running.push(slice);
  }
  return found;
}

/** A stretch of time during which the collection shows one slice, or none (`slice` undefined). */
export interface TimelineSegment {
  readonly from: Date;
  readonly until: Date;
  readonly slice?: { readonly id: number; readonly name: string } | undefined;
}

/**
 * What the collection shows from `from` until `to`: consecutive segments that cover the range,
 * cut where the shown slice changes (a start or an end decides it, by the contract's rules).
 */
export function timelineOf(slices: readonly NamedWindow[], from: Date, to: Date): TimelineSegment[] {
  const start = from.getTime();
  const end = to.getTime();
  const cuts = new Set<number>([start]);
  for (const s of slices) {
    for (const t of [s.startsAt.getTime(), s.endsAt.getTime()]) if (t > start && t < end) cuts.add(t);
  }
  const instants = [...cuts].sort((a, b) => a - b);
  const byStart = [...slices].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  // The slices started so far, the one shown on top; one that has ended is dropped once it reaches the top.
  const started = new Heap<NamedWindow>((a, b) => compareActivePriority(a, b) < 0);
  let next = 0;
  const segments: { from: number; until: number; slice: NamedWindow | undefined }[] = [];
  instants.forEach((t, i) => {
    while (next < byStart.length && byStart[next]!.startsAt.getTime() <= t) started.push(byStart[next++]!);
    while (started.top !== undefined && started.top.endsAt.getTime() <= t) started.pop();
    const shown = started.top;
    const last = segments.at(-1);
    const until = instants[i + 1] ?? end;
    if (last !== undefined && last.slice?.id === shown?.id) last.until = until;
    else segments.push({ from: t, until, slice: shown });
  });
  return segments.map((s) => ({
    from: new Date(s.from),
    until: new Date(s.until),
    ...(s.slice === undefined ? {} : { slice: { id: s.slice.id, name: s.slice.name } }),
  }));
}

/** A binary heap: `top` is the item `before` puts first. */
class Heap<T> {
  private readonly items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get top(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!this.before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): void {
    const items = this.items;
    const last = items.pop();
    if (last === undefined || items.length === 0) return;
    items[0] = last;
    for (let i = 0; ;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let first = i;
      if (left < items.length && this.before(items[left]!, items[first]!)) first = left;
      if (right < items.length && this.before(items[right]!, items[first]!)) first = right;
      if (first === i) return;
      [items[i], items[first]] = [items[first]!, items[i]!];
      i = first;
    }
  }
}
