import { LATEST_INSTANT_MS } from '../shared/instant.js';
import { timelineOf, type TimelineSegment } from './schedule.js';
import type { SliceWindow } from './slice.js';

type NamedWindow = SliceWindow & { readonly id: number; readonly name: string };

/** How far ahead a change to what the storefront serves needs a confirmation: the next 24 hours. */
export const CONFIRMATION_HORIZON_MS = 24 * 3_600_000;

/**
 * A save or a delete a merchandiser is about to make. A save without `sliceId` is a new slice;
 * with one, it gives that slice a new name and window.
 */
export type ScheduleChange =
  | {
      readonly kind: 'save';
      readonly sliceId?: number | undefined;
      readonly name: string;
      readonly startsAt: Date;
      readonly endsAt: Date;
    }
  | { readonly kind: 'delete'; readonly sliceId: number };

/** The slice a period shows: `draft` when it is the slice being saved or deleted (`id` undefined when it is new). */
export interface ServedSlice {
  readonly id?: number | undefined;
  readonly name: string;
  readonly draft: boolean;
}

/** A stretch of time shown by one slice (or none), as the preview lists it. */
export interface PreviewSegment {
  readonly from: Date;
  readonly until: Date;
  readonly slice?: ServedSlice | undefined;
}

/** A period during which the slice served differs: `until` undefined means it never ends. */
export interface ServedChange {
  readonly from: Date;
  readonly until?: Date | undefined;
  readonly before?: ServedSlice | undefined;
  readonly after?: ServedSlice | undefined;
}

export interface Consequence {
  readonly before: readonly PreviewSegment[];
  readonly after: readonly PreviewSegment[];
  /** Every period from `from` on (not only until `to`) whose slice differs, in time order. */
  readonly changes: readonly ServedChange[];
}

/** The id a new slice ranks with: above every stored id, the way it will be created. */
const NEW_SLICE_ID = Number.MAX_SAFE_INTEGER;

/**
 * What the collection shows from `from` to `to` before and after `change`, and every period from
 * `from` on in which the slice it shows differs. The slices are ranked as timelineOf ranks them (a
 * new slice as the newest), so the answer is what the storefront will serve.
 */
export function consequenceOf(slices: readonly NamedWindow[], change: ScheduleChange, from: Date, to: Date): Consequence {
  // The slice being saved (or deleted) is "this slice" wherever it shows.
  const draftId = change.kind === 'save' ? (change.sliceId ?? NEW_SLICE_ID) : change.sliceId;
  const others = slices.filter((s) => s.id !== change.sliceId);
  const changed =
    change.kind === 'save'
      ? [...others, { id: draftId!, name: change.name, startsAt: change.startsAt, endsAt: change.endsAt }]
      : others;
  const end = new Date(LATEST_INSTANT_MS);
  const servedOf = (segment: TimelineSegment): PreviewSegment => ({
    from: segment.from,
    until: segment.until,
    ...(segment.slice === undefined
      ? {}
      : {
          slice: {
            ...(segment.slice.id === NEW_SLICE_ID ? {} : { id: segment.slice.id }),
            name: segment.slice.name,
            draft: segment.slice.id === draftId,
          },
        }),
  });
  const clip = (segments: readonly PreviewSegment[]) =>
    segments
      .filter((s) => s.from.getTime() < to.getTime())
      .map((s) => (s.until.getTime() > to.getTime() ? { ...s, until: to } : s));
  const before = timelineOf(slices, from, end).map(servedOf);
  const after = timelineOf(changed, from, end).map(servedOf);
  return { before: clip(before), after: clip(after), changes: differences(before, after) };
}

const keyOf = (slice: ServedSlice | undefined) =>
  slice === undefined ? 'none' : slice.draft ? `draft:${slice.id}` : `${slice.id}`;

/** The periods in which two timelines covering the same range show different slices, merged where alike. */
function differences(before: readonly PreviewSegment[], after: readonly PreviewSegment[]): ServedChange[] {
  const changes: { from: number; until: number; before?: ServedSlice | undefined; after?: ServedSlice | undefined }[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length && j < after.length) {
    const b = before[i]!;
    const a = after[j]!;
    const start = Math.max(b.from.getTime(), a.from.getTime());
    const until = Math.min(b.until.getTime(), a.until.getTime());
    if (keyOf(b.slice) !== keyOf(a.slice) && start < until) {
      const last = changes.at(-1);
      if (
        last !== undefined &&
        last.until === start &&
        keyOf(last.before) === keyOf(b.slice) &&
        keyOf(last.after) === keyOf(a.slice)
      ) {
        last.until = until;
      } else changes.push({ from: start, until, before: b.slice, after: a.slice });
    }
    if (b.until.getTime() === until) i++;
    if (a.until.getTime() === until) j++;
  }
  return changes.map((c) => ({
    from: new Date(c.from),
    ...(c.until >= LATEST_INSTANT_MS ? {} : { until: new Date(c.until) }),
    ...(c.before === undefined ? {} : { before: c.before }),
    ...(c.after === undefined ? {} : { after: c.after }),
  }));
}

/**
 * Whether a merchandiser must confirm a change before it is saved: when some period it changes
 * reaches the next 24 hours from `now` (it is served now or starts before then) or never ends.
 * Further changes are shown, not asked about.
 */
export function needsConfirmation(changes: readonly ServedChange[], now: Date): boolean {
  const t = now.getTime();
  return changes.some((c) => c.until === undefined || (c.from.getTime() < t + CONFIRMATION_HORIZON_MS && c.until.getTime() > t));
}
