import { describe, expect, it } from 'vitest';
import {
  besideSide,
  DAY,
  dragged,
  durationOf,
  HOUR,
  instantAt,
  panned,
  rezoomed,
  rowsOf,
  snapped,
  ticksOf,
  xOf,
  zoomWindow,
} from '../../src/adapters/web/src/shared/time-scale.js';

/** Local instants (the merchandiser's time zone, whatever the machine's). */
const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, min, s, ms).getTime();

describe('the date scale', () => {
  const anchor = local(2026, 11, 27, 15, 42);

  it('shows whole local days at each zoom, a few of them before the anchor', () => {
    expect(zoomWindow('day', anchor)).toEqual({ from: local(2026, 11, 27), to: local(2026, 11, 28) });
    expect(zoomWindow('week', anchor)).toEqual({ from: local(2026, 11, 26), to: local(2026, 12, 3) });
    expect(zoomWindow('month', anchor)).toEqual({ from: local(2026, 11, 24), to: local(2026, 12, 25) });
    expect(zoomWindow('quarter', anchor)).toEqual({ from: local(2026, 11, 20), to: local(2027, 2, 19) });
  });

  it('pans a whole window, and zooms around now when in view, else around the middle of the one shown', () => {
    const week = zoomWindow('week', anchor);
    expect(panned(week, 'week', 1)).toEqual({ from: local(2026, 12, 3), to: local(2026, 12, 10) });
    expect(panned(week, 'week', -1)).toEqual({ from: local(2026, 11, 19), to: local(2026, 11, 26) });
    // Now in the week shown: the day shown is today's.
    expect(rezoomed(week, 'day', anchor)).toEqual({ from: local(2026, 11, 27), to: local(2026, 11, 28) });
    // Now elsewhere: the window is centred on the middle of the one shown (the next week's is 6 Dec 12:00).
    const next = panned(week, 'week', 1);
    expect(rezoomed(next, 'day', anchor)).toEqual({ from: local(2026, 12, 6), to: local(2026, 12, 7) });
    expect(rezoomed(next, 'month', anchor)).toEqual({ from: local(2026, 11, 21), to: local(2026, 12, 22) });
  });

  it('maps instants to x and back, exactly at the edges', () => {
    const day = zoomWindow('day', anchor);
    expect(xOf(day.from, day, 960)).toBe(0);
    expect(xOf(local(2026, 11, 27, 12), day, 960)).toBe(480);
    expect(xOf(day.to, day, 960)).toBe(960);
    expect(instantAt(480, day, 960)).toBe(local(2026, 11, 27, 12));
    expect(instantAt(40, day, 960)).toBe(local(2026, 11, 27, 1));
    expect(durationOf(40, day, 960)).toBe(HOUR);
  });

  it('snaps a dragged date to whole hours at Day and whole days otherwise, a half rounding up', () => {
    expect(snapped(local(2026, 11, 27, 15, 29, 59, 999), 'day')).toBe(local(2026, 11, 27, 15));
    expect(snapped(local(2026, 11, 27, 15, 30), 'day')).toBe(local(2026, 11, 27, 16));
    expect(snapped(local(2026, 11, 27, 11, 59, 59, 999), 'week')).toBe(local(2026, 11, 27));
    expect(snapped(local(2026, 11, 27, 12), 'month')).toBe(local(2026, 11, 28));
    expect(snapped(local(2026, 11, 27), 'quarter')).toBe(local(2026, 11, 27));
  });

  it('moves a whole slice keeping its length, and one end never past the other', () => {
    const slice = { startsAt: local(2026, 12, 1), endsAt: local(2026, 12, 8, 6) };
    expect(dragged(slice, 'move', 2 * DAY + 3 * HOUR, 'week')).toEqual({
      startsAt: local(2026, 12, 3),
      endsAt: local(2026, 12, 10, 6),
    });
    expect(dragged(slice, 'end', -3 * DAY - 5 * HOUR, 'month')).toEqual({ startsAt: slice.startsAt, endsAt: local(2026, 12, 5) });
    expect(dragged(slice, 'end', -30 * DAY, 'month')).toEqual({ startsAt: slice.startsAt, endsAt: local(2026, 12, 2) });
    expect(dragged(slice, 'start', 90 * DAY, 'day')).toEqual({ startsAt: local(2026, 12, 8, 5), endsAt: slice.endsAt });
    expect(dragged(slice, 'start', -100 * 60_000, 'day')).toEqual({ startsAt: local(2026, 11, 30, 22), endsAt: slice.endsAt });
  });

  it('marks every 3 hours at Day, every day at Week, every week at Month', () => {
    const day = zoomWindow('day', anchor);
    expect(ticksOf(day, 'day')).toHaveLength(8);
    expect(ticksOf(day, 'day')[1]).toBe(local(2026, 11, 27, 3));
    expect(ticksOf(zoomWindow('week', anchor), 'week')).toHaveLength(7);
    expect(ticksOf(zoomWindow('month', anchor), 'month')).toEqual([0, 7, 14, 21, 28].map((d) => local(2026, 11, 24 + d)));
  });

  it('puts bars in rows so none covers another, a bar ending where another starts sharing its row', () => {
    const a = { from: 0, to: 0.3 };
    const b = { from: 0.3, to: 0.5 };
    const c = { from: 0.2, to: 0.4 };
    const rows = rowsOf([c, b, a], (x: { from: number; to: number }) => x);
    expect([rows.get(a), rows.get(b), rows.get(c)]).toEqual([0, 0, 1]);
  });
});

describe('a name too long for its bar', () => {
  it('goes after the bar when it fits there, else before it, else on the side with more room', () => {
    expect(besideSide({ left: 0.1, width: 0.1 }, 0.8)).toBe('after');
    expect(besideSide({ left: 0.5, width: 0.1 }, 0.45)).toBe('before');
    expect(besideSide({ left: 0.3, width: 0.1 }, 0.7)).toBe('after');
    expect(besideSide({ left: 0.6, width: 0.1 }, 0.7)).toBe('before');
  });
});
