import { describe, expect, it } from 'vitest';
import {
  checkPlannerWindow,
  DEFAULT_PLANNER_COLLECTIONS,
  MAX_PLANNER_COLLECTIONS,
  overlapsWindow,
  plannerPageSize,
} from '../../src/domain/merchandising/planner.js';
import { ValidationError } from '../../src/domain/shared/errors.js';
import { at } from '../support/mothers.js';

/** The issues a ValidationError names, or fails when none is thrown. */
function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.issues;
    throw error;
  }
  throw new Error('no ValidationError');
}

describe('the planner policy', () => {
  it('reads a window of at most 400 days, ending after it starts', () => {
    const from = at('2026-01-01T00:00:00.000Z');
    expect(checkPlannerWindow({ from, to: at('2027-02-05T00:00:00.000Z') }).to).toEqual(at('2027-02-05T00:00:00.000Z'));
    expect(() => checkPlannerWindow({ from, to: at('2027-02-05T00:00:00.001Z') })).toThrow(ValidationError);
    expect(issuesOf(() => checkPlannerWindow({ from, to: from }))).toEqual([{ path: 'to', message: 'must be after from' }]);
    expect(issuesOf(() => checkPlannerWindow({ from, to: at('2027-02-05T00:00:00.001Z') }))).toEqual([
      { path: 'to', message: 'must be at most 400 days after from' },
    ]);
  });

  it('pages 20 collections unless asked, 1 to 50', () => {
    expect(plannerPageSize(undefined)).toBe(DEFAULT_PLANNER_COLLECTIONS);
    expect(plannerPageSize(MAX_PLANNER_COLLECTIONS)).toBe(50);
    for (const wrong of [0, 51, 2.5]) {
      expect(issuesOf(() => plannerPageSize(wrong))).toEqual([{ path: 'limit', message: 'must be a whole number from 1 to 50' }]);
    }
  });

  it('counts a slice in the window when it is active at some instant of [from, to)', () => {
    const window = { from: at('2026-11-10T00:00:00.000Z'), to: at('2026-11-20T00:00:00.000Z') };
    const slice = (startsAt: string, endsAt: string) => ({ startsAt: at(startsAt), endsAt: at(endsAt) });
    expect(overlapsWindow(slice('2026-11-01T00:00:00.000Z', '2026-11-10T00:00:00.000Z'), window)).toBe(false);
    expect(overlapsWindow(slice('2026-11-01T00:00:00.000Z', '2026-11-10T00:00:00.001Z'), window)).toBe(true);
    expect(overlapsWindow(slice('2026-11-19T23:59:59.999Z', '2026-12-01T00:00:00.000Z'), window)).toBe(true);
    expect(overlapsWindow(slice('2026-11-20T00:00:00.000Z', '2026-12-01T00:00:00.000Z'), window)).toBe(false);
  });
});
