import { describe, expect, it } from 'vitest';
import { parseInstant } from '../../src/domain/shared/instant.js';

describe('parsing ISO 8601 instants', () => {
  it.each([
    ['2026-11-21T18:04:05.123Z', '2026-11-21T18:04:05.123Z'],
    ['2026-11-21T18:04:05Z', '2026-11-21T18:04:05.000Z'],
    ['2026-11-21T18:04Z', '2026-11-21T18:04:00.000Z'],
    ['2026-11-21T15:04:05.123-03:00', '2026-11-21T18:04:05.123Z'],
    ['2026-11-22T00:04:05+06:00', '2026-11-21T18:04:05.000Z'],
    ['2026-11-21T18:04:05.123456789Z', '2026-11-21T18:04:05.123Z'],
    ['2026-11-21T18:04:05.1Z', '2026-11-21T18:04:05.100Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ['0050-06-01T00:00:00Z', '0050-06-01T00:00:00.000Z'],
  ])('%s is %s', (text, iso) => {
    expect(parseInstant(text)?.toISOString()).toBe(iso);
  });

  it.each([
    ['without an offset', '2026-11-21T18:04:05.123'],
    ['a date only', '2026-11-21'],
    ['month 13', '2026-13-01T00:00:00Z'],
    ['30 February', '2026-02-30T00:00:00Z'],
    ['29 February of a common year', '2026-02-29T00:00:00Z'],
    ['hour 24', '2026-11-21T24:00:00Z'],
    ['second 60', '2026-11-21T23:59:60Z'],
    ['an offset without a colon', '2026-11-21T18:04:05+0300'],
    ['an offset of 24 hours', '2026-11-21T18:04:05+24:00'],
    ['after 9999', '9999-12-31T23:59:59.999-00:01'],
    ['free text', 'tomorrow'],
    ['epoch milliseconds', '1795290016791'],
    ['surrounding spaces', ' 2026-11-21T18:04:05Z'],
  ])('refuses %s', (_label, text) => {
    expect(parseInstant(text)).toBeUndefined();
  });
});
