import { describe, expect, it } from 'vitest';
import { liveBefore, performanceWindow, SliceTally } from '../../src/domain/merchandising/slice-performance.js';
import { ValidationError } from '../../src/domain/shared/errors.js';
import { at } from '../support/mothers.js';

const window = (from: string, until: string) => ({ startsAt: at(from), endsAt: at(until) });
const named = (id: number, name: string, from: string, until: string) => ({ id, name, ...window(from, until) });

describe('the stretch a slice’s figures cover', () => {
  const slice = window('2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z');

  it('is the window up to now, or the part asked for within it', () => {
    expect(performanceWindow(slice, at('2026-11-25T00:00:00.000Z'), {})).toEqual({
      from: at('2026-11-23T00:00:00.000Z'),
      until: at('2026-11-25T00:00:00.000Z'),
    });
    expect(performanceWindow(slice, at('2026-12-25T00:00:00.000Z'), { from: at('2026-11-01T00:00:00.000Z') })).toEqual({
      from: at('2026-11-23T00:00:00.000Z'),
      until: at('2026-11-30T00:00:00.000Z'),
    });
  });

  it('is empty, at its start, for a slice that has not started', () => {
    expect(performanceWindow(slice, at('2026-11-20T00:00:00.000Z'), {})).toEqual({
      from: at('2026-11-23T00:00:00.000Z'),
      until: at('2026-11-23T00:00:00.000Z'),
    });
  });

  it('refuses a part upside down or outside the window, naming the field', () => {
    const now = at('2026-12-25T00:00:00.000Z');
    const pathOf = (asked: { from?: Date; to?: Date }) => {
      try {
        performanceWindow(slice, now, asked);
        return 'accepted';
      } catch (error) {
        return error instanceof ValidationError ? error.issues[0]!.path : String(error);
      }
    };
    expect(pathOf({ from: at('2026-11-24T00:00:00.000Z'), to: at('2026-11-24T00:00:00.000Z') })).toBe('to');
    expect(pathOf({ from: at('2026-11-30T00:00:00.000Z') })).toBe('from');
    expect(pathOf({ to: at('2026-11-23T00:00:00.000Z') })).toBe('to');
    expect(pathOf({ from: at('2026-11-29T23:59:59.999Z') })).toBe('accepted');
  });
});

describe('the slice live before another', () => {
  it('is the one shown just before its start, over the stretch it was shown', () => {
    const slices = [
      named(1, 'Long', '2026-11-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z'),
      named(2, 'Weekend', '2026-11-20T00:00:00.000Z', '2026-11-22T00:00:00.000Z'),
      named(3, 'Week', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'),
    ];
    // The long slice shows again once the weekend is over: it is the one live before the week.
    expect(liveBefore(slices, slices[2]!)).toEqual({
      id: 1,
      name: 'Long',
      window: { from: at('2026-11-22T00:00:00.000Z'), until: at('2026-11-23T00:00:00.000Z') },
    });
    expect(liveBefore(slices, slices[1]!)).toMatchObject({ id: 1, window: { from: at('2026-11-01T00:00:00.000Z') } });
    expect(liveBefore(slices, slices[0]!)).toBeUndefined();
  });

  it('is none when the collection showed nothing just before', () => {
    const slices = [
      named(1, 'Early', '2026-11-01T00:00:00.000Z', '2026-11-10T00:00:00.000Z'),
      named(2, 'Late', '2026-11-20T00:00:00.000Z', '2026-11-30T00:00:00.000Z'),
    ];
    expect(liveBefore(slices, slices[1]!)).toBeUndefined();
  });
});

describe('the tally', () => {
  it('breaks a tie in the score by the higher place, and counts neither other products nor clicks', () => {
    const tally = new SliceTally(['A', 'B', 'C']);
    for (const productId of ['C', 'B', 'Z']) tally.add({ type: 'add_to_cart', productId });
    tally.add({ type: 'recommendation_click', productId: 'A' });
    tally.add({ type: 'view', productId: 'A' });
    const figures = tally.figures();
    expect(figures.best.map((p) => p.productId)).toEqual(['B', 'C', 'A']);
    expect(figures.worst.map((p) => p.productId)).toEqual(['A', 'C', 'B']);
    expect(figures.totals).toEqual({ views: 1, addToCarts: 2, purchases: 0 });
    expect(figures.notViewed).toEqual(['B', 'C']);
  });

  it('lists at most five best and five worst', () => {
    const figures = new SliceTally(Array.from({ length: 12 }, (_, i) => `P${i}`)).figures();
    expect(figures.best.map((p) => p.productId)).toEqual(['P0', 'P1', 'P2', 'P3', 'P4']);
    expect(figures.worst.map((p) => p.productId)).toEqual(['P11', 'P10', 'P9', 'P8', 'P7']);
  });
});
