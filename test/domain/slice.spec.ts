import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/domain/shared/errors.js';
import {
  draftSlice,
  isActiveAt,
  MAX_SLICE_PRODUCTS,
  nextTransitionAfter,
  noExpiry,
  pickActiveSlice,
  sliceStatusAt,
  STATUS_COLOUR,
} from '../../src/domain/merchandising/slice.js';
import { aSliceInput, at } from '../support/mothers.js';

const window = { startsAt: at('2026-11-27T03:00:00.000Z'), endsAt: at('2026-11-28T03:00:00.000Z') };
const ms = (iso: string, delta: number) => new Date(new Date(iso).getTime() + delta);

function issuesOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error.issues;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('slice status at an instant (active in [startsAt, endsAt))', () => {
  it.each([
    ['one millisecond before the start', ms('2026-11-27T03:00:00.000Z', -1), 'SCHEDULED'],
    ['exactly at the start', ms('2026-11-27T03:00:00.000Z', 0), 'ACTIVE'],
    ['one millisecond after the start', ms('2026-11-27T03:00:00.000Z', 1), 'ACTIVE'],
    ['one millisecond before the end', ms('2026-11-28T03:00:00.000Z', -1), 'ACTIVE'],
    ['exactly at the end', ms('2026-11-28T03:00:00.000Z', 0), 'EXPIRED'],
    ['long after the end', at('2027-01-01T00:00:00.000Z'), 'EXPIRED'],
  ])('%s → %s', (_label, instant, status) => {
    expect(sliceStatusAt(window, instant)).toBe(status);
    expect(isActiveAt(window, instant)).toBe(status === 'ACTIVE');
  });

  it('keeps a slice without expiry active until the last representable millisecond', () => {
    const forever = { startsAt: at('2026-01-01T00:00:00.000Z'), endsAt: noExpiry() };
    expect(sliceStatusAt(forever, at('9999-12-31T23:59:59.998Z'))).toBe('ACTIVE');
    expect(sliceStatusAt(forever, at('9999-12-31T23:59:59.999Z'))).toBe('EXPIRED');
  });

  it('gives each status its builder colour', () => {
    expect(STATUS_COLOUR).toEqual({ SCHEDULED: 'yellow', ACTIVE: 'green', EXPIRED: 'red' });
  });
});

describe('choosing the active slice', () => {
  const a = { id: 1, startsAt: at('2026-11-01T00:00:00.000Z'), endsAt: at('2026-12-01T00:00:00.000Z') };
  const b = { id: 2, startsAt: at('2026-11-20T00:00:00.000Z'), endsAt: at('2026-11-25T00:00:00.000Z') };
  const c = { id: 3, startsAt: at('2026-11-20T00:00:00.000Z'), endsAt: at('2026-11-22T00:00:00.000Z') };

  it('answers nothing when no slice is active', () => {
    expect(pickActiveSlice([a, b], at('2026-10-31T23:59:59.999Z'))).toBeUndefined();
    expect(pickActiveSlice([], at('2026-11-21T00:00:00.000Z'))).toBeUndefined();
  });

  it('answers the only active slice', () => {
    expect(pickActiveSlice([a, b], at('2026-11-10T00:00:00.000Z'))).toBe(a);
  });

  it('prefers the latest start among overlapping active slices', () => {
    expect(pickActiveSlice([a, b], at('2026-11-21T00:00:00.000Z'))).toBe(b);
    expect(pickActiveSlice([b, a], at('2026-11-21T00:00:00.000Z'))).toBe(b);
  });

  it('breaks a tie of equal starts by the higher slice id, whatever the order', () => {
    expect(pickActiveSlice([a, b, c], at('2026-11-21T00:00:00.000Z'))).toBe(c);
    expect(pickActiveSlice([c, b, a], at('2026-11-21T00:00:00.000Z'))).toBe(c);
  });

  it('falls back to the earlier slice the instant the later one ends', () => {
    expect(pickActiveSlice([a, b, c], at('2026-11-22T00:00:00.000Z'))).toBe(b);
    expect(pickActiveSlice([a, b, c], at('2026-11-25T00:00:00.000Z'))).toBe(a);
  });

  it('agrees with the definition for any schedule (property)', () => {
    const slice = fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      start: fc.integer({ min: 0, max: 100 }),
      length: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(slice, { selector: (s) => s.id, maxLength: 8 }),
        fc.integer({ min: -5, max: 160 }),
        (specs, t) => {
          const slices = specs.map((s) => ({ id: s.id, startsAt: new Date(s.start), endsAt: new Date(s.start + s.length) }));
          const active = slices.filter((s) => s.startsAt.getTime() <= t && t < s.endsAt.getTime());
          const expected = active.sort((x, y) => y.startsAt.getTime() - x.startsAt.getTime() || y.id - x.id)[0];
          expect(pickActiveSlice(slices, new Date(t))).toBe(expected);
        },
      ),
    );
  });
});

describe('next transition', () => {
  const slices = [
    { startsAt: at('2026-11-01T00:00:00.000Z'), endsAt: at('2026-12-01T00:00:00.000Z') },
    { startsAt: at('2026-11-20T00:00:00.000Z'), endsAt: at('2026-11-25T00:00:00.000Z') },
  ];

  it('is the nearest start or end strictly after the instant', () => {
    expect(nextTransitionAfter(slices, at('2026-10-01T00:00:00.000Z'))).toEqual(at('2026-11-01T00:00:00.000Z'));
    expect(nextTransitionAfter(slices, at('2026-11-10T00:00:00.000Z'))).toEqual(at('2026-11-20T00:00:00.000Z'));
    expect(nextTransitionAfter(slices, at('2026-11-21T00:00:00.000Z'))).toEqual(at('2026-11-25T00:00:00.000Z'));
  });

  it('does not count a transition happening exactly now', () => {
    expect(nextTransitionAfter(slices, at('2026-11-20T00:00:00.000Z'))).toEqual(at('2026-11-25T00:00:00.000Z'));
    expect(nextTransitionAfter(slices, ms('2026-11-20T00:00:00.000Z', -1))).toEqual(at('2026-11-20T00:00:00.000Z'));
  });

  it('is undefined when every slice has ended', () => {
    expect(nextTransitionAfter(slices, at('2026-12-01T00:00:00.000Z'))).toBeUndefined();
    expect(nextTransitionAfter([], at('2026-12-01T00:00:00.000Z'))).toBeUndefined();
  });

  it('is the status change the clock will see next (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ start: fc.integer({ min: 0, max: 100 }), length: fc.integer({ min: 1, max: 50 }) }), {
          maxLength: 6,
        }),
        fc.integer({ min: -5, max: 160 }),
        (specs, t) => {
          const windows = specs.map((s) => ({ startsAt: new Date(s.start), endsAt: new Date(s.start + s.length) }));
          const next = nextTransitionAfter(windows, new Date(t));
          const statuses = (x: number) => windows.map((w) => sliceStatusAt(w, new Date(x))).join();
          const horizon = next?.getTime() ?? 200;
          for (let x = t + 1; x < horizon; x++) expect(statuses(x)).toBe(statuses(t));
          if (next !== undefined) expect(statuses(next.getTime())).not.toBe(statuses(t));
        },
      ),
    );
  });
});

describe('drafting a slice', () => {
  it('gives a slice without an end the far-future end 9999-12-31T23:59:59.999Z', () => {
    const draft = draftSlice(aSliceInput({ endsAt: undefined }));
    expect(draft.endsAt.toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(noExpiry().toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('keeps the products in the order given, trimming them and the name', () => {
    const draft = draftSlice(aSliceInput({ name: '  Natal  ', products: ['C', ' A', 'B\n'] }));
    expect(draft.name).toBe('Natal');
    expect(draft.products).toEqual(['C', 'A', 'B']);
  });

  it('blames startsAt when a slice without endsAt would start at the end of time', () => {
    expect(issuesOf(() => draftSlice(aSliceInput({ startsAt: at('9999-12-31T23:59:59.999Z'), endsAt: undefined })))).toEqual([
      { path: 'startsAt', message: 'must be before 9999-12-31T23:59:59.999Z, the end of a slice that never expires' },
    ]);
  });

  it('accepts exactly 500 products and refuses 501', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `P-${i + 1}`);
    expect(draftSlice(aSliceInput({ products: ids(MAX_SLICE_PRODUCTS) })).products).toHaveLength(500);
    expect(issuesOf(() => draftSlice(aSliceInput({ products: ids(501) })))).toEqual([
      { path: 'products', message: 'must hold at most 500 products (got 501)' },
    ]);
  });

  it('accepts an empty product list', () => {
    expect(draftSlice(aSliceInput({ products: [] })).products).toEqual([]);
  });

  it('names every duplicate and every empty id at once', () => {
    expect(issuesOf(() => draftSlice(aSliceInput({ products: ['A', 'B', 'A', '', '  ', ' B'] })))).toEqual([
      { path: 'products.2', message: 'duplicates products.0 (A)' },
      { path: 'products.3', message: 'must not be empty' },
      { path: 'products.4', message: 'must not be empty' },
      { path: 'products.5', message: 'duplicates products.1 (B)' },
    ]);
  });

  it('refuses an end at or before the start', () => {
    const startsAt = at('2026-11-27T03:00:00.000Z');
    expect(issuesOf(() => draftSlice(aSliceInput({ startsAt, endsAt: startsAt })))).toEqual([
      { path: 'endsAt', message: 'must be after startsAt' },
    ]);
    expect(issuesOf(() => draftSlice(aSliceInput({ startsAt, endsAt: ms('2026-11-27T03:00:00.000Z', -1) })))).toHaveLength(1);
    expect(draftSlice(aSliceInput({ startsAt, endsAt: ms('2026-11-27T03:00:00.000Z', 1) })).endsAt.getTime()).toBe(
      startsAt.getTime() + 1,
    );
  });

  it('refuses an empty name, an unknown type and invalid dates together', () => {
    const paths = issuesOf(() =>
      draftSlice(aSliceInput({ name: ' ', type: 'RANDOM' as never, startsAt: new Date(Number.NaN) })),
    ).map((i) => i.path);
    expect(paths).toEqual(['name', 'type', 'startsAt']);
  });

  it('normalises filters and refuses filters that cannot hold', () => {
    const draft = draftSlice(
      aSliceInput({ filters: { availableOnly: false, categories: [], brands: ['A', 'A'], minPrice: 10 } }),
    );
    expect(draft.filters).toEqual({ brands: ['A'], minPrice: 10 });
    expect(issuesOf(() => draftSlice(aSliceInput({ filters: { minPrice: 100, maxPrice: 50 } })))).toEqual([
      { path: 'filters.minPrice', message: 'must not be greater than maxPrice' },
    ]);
    expect(issuesOf(() => draftSlice(aSliceInput({ filters: { maxPrice: -1, tags: [''] } }))).map((i) => i.path)).toEqual([
      'filters.tags.0',
      'filters.maxPrice',
    ]);
  });
});
