import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  consequenceOf,
  needsConfirmation,
  type ScheduleChange,
  type ServedChange,
} from '../../src/domain/merchandising/consequence.js';
import { noExpiry, pickActiveSlice } from '../../src/domain/merchandising/slice.js';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;
const T0 = Date.parse('2027-05-01T00:00:00.000Z');

const mothers = { id: 3, name: 'Presentes para mães', startsAt: at('2027-04-20T00:00:00.000Z'), endsAt: noExpiry() };
const spring = { id: 5, name: 'Primavera', startsAt: at('2027-05-05T00:00:00.000Z'), endsAt: at('2027-05-08T00:00:00.000Z') };

describe('the consequence of a change to the schedule', () => {
  it('names the slice a new one replaces, until it ends, and what shows after', () => {
    const change: ScheduleChange = {
      kind: 'save',
      name: 'Dia das Mães',
      startsAt: at('2027-05-01T00:00:00.000Z'),
      endsAt: at('2027-05-10T00:00:00.000Z'),
    };
    const { before, after, changes } = consequenceOf(
      [mothers, spring],
      change,
      at('2027-04-30T00:00:00.000Z'),
      at('2027-05-31T00:00:00.000Z'),
    );
    const draft = { name: 'Dia das Mães', draft: true };
    const mothersServed = { id: 3, name: 'Presentes para mães', draft: false };
    // The new slice starts earlier than Primavera, so Primavera (the later start) still wins its days.
    expect(changes).toEqual([
      { from: at('2027-05-01T00:00:00.000Z'), until: at('2027-05-05T00:00:00.000Z'), before: mothersServed, after: draft },
      { from: at('2027-05-08T00:00:00.000Z'), until: at('2027-05-10T00:00:00.000Z'), before: mothersServed, after: draft },
    ]);
    expect(before.map((s) => s.slice?.id)).toEqual([3, 5, 3]);
    expect(after.map((s) => s.slice?.name)).toEqual([
      'Presentes para mães',
      'Dia das Mães',
      'Primavera',
      'Dia das Mães',
      'Presentes para mães',
    ]);
    expect(after.at(-1)?.until).toEqual(at('2027-05-31T00:00:00.000Z'));
  });

  it('ranks a new slice as the newest: at an equal start it wins over a stored one', () => {
    const change: ScheduleChange = { kind: 'save', name: 'Nova', startsAt: spring.startsAt, endsAt: spring.endsAt };
    const { changes } = consequenceOf([spring], change, at('2027-05-01T00:00:00.000Z'), at('2027-05-31T00:00:00.000Z'));
    expect(changes).toEqual([
      {
        from: spring.startsAt,
        until: spring.endsAt,
        before: { id: 5, name: 'Primavera', draft: false },
        after: { name: 'Nova', draft: true },
      },
    ]);
  });

  it('says "no end" (no until) for a change that lasts for ever, even past `to`', () => {
    const change: ScheduleChange = { kind: 'save', name: 'Sempre', startsAt: at('2027-06-01T00:00:00.000Z'), endsAt: noExpiry() };
    const { changes, after } = consequenceOf([], change, at('2027-05-01T00:00:00.000Z'), at('2027-05-02T00:00:00.000Z'));
    expect(changes).toEqual([{ from: at('2027-06-01T00:00:00.000Z'), after: { name: 'Sempre', draft: true } }]);
    expect(after).toEqual([{ from: at('2027-05-01T00:00:00.000Z'), until: at('2027-05-02T00:00:00.000Z') }]);
  });

  it('moves a stored slice: what it stops serving and what it starts serving', () => {
    const change: ScheduleChange = {
      kind: 'save',
      sliceId: 5,
      name: 'Primavera',
      startsAt: at('2027-05-06T00:00:00.000Z'),
      endsAt: spring.endsAt,
    };
    const { changes } = consequenceOf([mothers, spring], change, at('2027-05-01T00:00:00.000Z'), at('2027-05-31T00:00:00.000Z'));
    expect(changes).toEqual([
      {
        from: at('2027-05-05T00:00:00.000Z'),
        until: at('2027-05-06T00:00:00.000Z'),
        before: { id: 5, name: 'Primavera', draft: true },
        after: { id: 3, name: 'Presentes para mães', draft: false },
      },
    ]);
  });

  it('deletes a slice ("this slice"): nothing shown where it was alone', () => {
    const { changes } = consequenceOf(
      [mothers],
      { kind: 'delete', sliceId: 3 },
      at('2027-05-01T00:00:00.000Z'),
      at('2027-05-31T00:00:00.000Z'),
    );
    expect(changes).toEqual([
      { from: at('2027-05-01T00:00:00.000Z'), before: { id: 3, name: 'Presentes para mães', draft: true } },
    ]);
  });

  it('lists exactly the hours in which pickActiveSlice picks differently after the change', () => {
    const windows = fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 20 })), { maxLength: 12 });
    fc.assert(
      fc.property(
        windows,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 12 }),
        (ws, start, length, target) => {
          const slices = ws.map(([s, l], i) => ({
            id: i + 1,
            name: `S${i + 1}`,
            startsAt: new Date(T0 + s * HOUR),
            endsAt: new Date(T0 + (s + l) * HOUR),
          }));
          const window = { startsAt: new Date(T0 + start * HOUR), endsAt: new Date(T0 + (start + length) * HOUR) };
          const edited = slices.some((s) => s.id === target);
          const change: ScheduleChange = { kind: 'save', ...(edited ? { sliceId: target } : {}), name: 'X', ...window };
          const newId = 1_000;
          const afterSlices = [
            ...slices.filter((s) => s.id !== target || !edited),
            { id: edited ? target : newId, name: 'X', ...window },
          ];
          const { changes } = consequenceOf(slices, change, new Date(T0), new Date(T0 + 100 * HOUR));
          for (let h = 0; h < 70; h++) {
            const instant = new Date(T0 + h * HOUR);
            const differs = pickActiveSlice(slices, instant)?.id !== pickActiveSlice(afterSlices, instant)?.id;
            const listed = changes.some((c) => c.from <= instant && (c.until === undefined || instant < c.until));
            expect(listed).toBe(differs);
          }
        },
      ),
    );
  });
});

describe('when a change needs a confirmation', () => {
  const now = at('2027-05-01T12:00:00.000Z');
  const change = (from: string, until?: string): ServedChange => ({ from: at(from), ...(until ? { until: at(until) } : {}) });

  it('asks when a changed period starts before the next 24 hours end, not at the 24th hour', () => {
    expect(needsConfirmation([change('2027-05-02T11:59:59.999Z', '2027-05-03T00:00:00.000Z')], now)).toBe(true);
    expect(needsConfirmation([change('2027-05-02T12:00:00.000Z', '2027-05-03T00:00:00.000Z')], now)).toBe(false);
  });

  it('asks when the change is served now, and not when it ended before now', () => {
    expect(needsConfirmation([change('2027-04-01T00:00:00.000Z', '2027-05-01T12:00:00.001Z')], now)).toBe(true);
    expect(needsConfirmation([change('2027-04-01T00:00:00.000Z', '2027-05-01T12:00:00.000Z')], now)).toBe(false);
  });

  it('asks for a change that never ends, however far away it starts', () => {
    expect(needsConfirmation([change('2030-01-01T00:00:00.000Z')], now)).toBe(true);
  });

  it('does not ask when nothing changes', () => {
    expect(needsConfirmation([], now)).toBe(false);
  });
});
