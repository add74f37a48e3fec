/**
 * ISO 8601 instants as the API accepts them: a date, a time and an explicit offset (`Z` or
 * `±hh:mm`). A local time without an offset names no instant, so it is refused.
 */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The range of instants the API writes as `YYYY-MM-DDTHH:mm:ss.sssZ` (four-digit years). */
export const EARLIEST_INSTANT_MS = Date.UTC(2000, 0, 1) - 730_485 * 86_400_000; // 0000-01-01T00:00:00.000Z
export const LATEST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** Parses an ISO 8601 instant with an offset; answers `undefined` for anything else. */
export function parseInstant(text: string): Date | undefined {
  const match = ISO_INSTANT.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, oh, om] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  const millisecond = fraction === undefined ? 0 : Number(fraction.padEnd(3, '0').slice(0, 3));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (zulu === undefined) {
    const offsetHours = Number(oh);
    const offsetRest = Number(om);
    if (offsetHours > 23 || offsetRest > 59) return undefined;
    offsetMinutes = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetRest);
  }
  const wallClock = new Date(0);
  wallClock.setUTCFullYear(year, month - 1, day);
  wallClock.setUTCHours(hour, minute, second, millisecond);
  const ms = wallClock.getTime() - offsetMinutes * 60_000;
  if (ms < EARLIEST_INSTANT_MS || ms > LATEST_INSTANT_MS) return undefined;
  return new Date(ms);
}
