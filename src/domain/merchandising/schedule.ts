import { pickActiveSlice, type SliceWindow } from './slice.js';

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
  const segments: { from: number; until: number; slice: NamedWindow | undefined }[] = [];
  instants.forEach((t, i) => {
    const shown = pickActiveSlice(slices, new Date(t));
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
