import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { overlapIdsOf, overlapsOf, timelineOf } from '../../src/domain/merchandising/schedule.js';
import { pickActiveSlice } from '../../src/domain/merchandising/slice.js';

const T0 = Date.parse('2026-11-01T00:00:00.000Z');
const HOUR = 3_600_000;

/** Slices on a small grid of hours, so that starts, ends and overlaps coincide often. */
const slices = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 20 })), { maxLength: 40 })
  .map((windows) =>
    windows.map(([start, length], i) => ({
      id: i + 1,
      name: `S${i + 1}`,
      startsAt: new Date(T0 + start * HOUR),
      endsAt: new Date(T0 + (start + length) * HOUR),
    })),
  );

describe('the schedule of a collection', () => {
  it('cuts the timeline where the shown slice changes, showing what pickActiveSlice picks at every instant', () => {
    fc.assert(
      fc.property(slices, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 40 }), (all, from, span) => {
        const start = new Date(T0 + from * HOUR);
        const end = new Date(T0 + (from + span) * HOUR);
        const segments = timelineOf(all, start, end);
        expect(segments[0]?.from).toEqual(start);
        expect(segments.at(-1)?.until).toEqual(end);
        for (let h = from; h < from + span; h++) {
          const at = new Date(T0 + h * HOUR);
          const segment = segments.find((s) => s.from <= at && at < s.until);
          expect(segment?.slice?.id).toBe(pickActiveSlice(all, at)?.id);
        }
        segments.slice(1).forEach((s, i) => expect(s.slice?.id).not.toBe(segments[i]?.slice?.id));
      }),
    );
  });

  it('finds by a sweep exactly the overlaps a comparison of every pair finds', () => {
    fc.assert(
      fc.property(slices, (all) => {
        const swept = overlapIdsOf(all, Number.MAX_SAFE_INTEGER);
        for (const slice of all) {
          const pairwise = overlapsOf(slice, all).map((o) => o.sliceId);
          expect([...(swept.get(slice.id) ?? [])].sort((a, b) => a - b)).toEqual(pairwise.sort((a, b) => a - b));
        }
      }),
    );
  });

  it('lists at most the number of overlaps asked for each slice', () => {
    const all = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      name: `S${i + 1}`,
      startsAt: new Date(T0),
      endsAt: new Date(T0 + HOUR),
    }));
    const swept = overlapIdsOf(all, 3);
    for (const ids of swept.values()) expect(ids).toHaveLength(3);
  });
});
