import type { Locale } from '../i18n/i18n';

/**
 * Dates as the merchandiser types and reads them, in the chosen language rather than the browser's:
 * pt-BR `dd/mm/aaaa hh:mm`, English the unambiguous `yyyy-mm-dd hh:mm` (24 h). Both also take the
 * ISO form `yyyy-mm-ddThh:mm`, which is how the rest of the builder keeps a date and time in the
 * browser's time zone ("local": the value of a datetime-local input).
 */
export type Typed = { ok: true; local: string } | { ok: false; reason: DateProblem };
/** Why a typed date is refused: not in the format, no such day (31/02), no such hour (25:00), or a time the clock skipped. */
export type DateProblem = 'format' | 'date' | 'time' | 'skipped';

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ ,]+(\d{1,2})[:h](\d{2}))?$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]+(\d{1,2}):(\d{2}))?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** How a local date and time (`yyyy-mm-ddThh:mm`) is shown in a field of `locale`. */
export function formatTyped(local: string, locale: Locale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (m === null) return local;
  const [, y, mo, d, h, mi] = m;
  return locale === 'pt-BR' ? `${d}/${mo}/${y} ${h}:${mi}` : `${y}-${mo}-${d} ${h}:${mi}`;
}

/** What the merchandiser typed, as a local date and time, or why it is not one. A missing time is midnight. */
export function parseTyped(text: string, locale: Locale): Typed {
  const trimmed = text.trim();
  const dmy = locale === 'pt-BR' ? DMY.exec(trimmed) : null;
  const ymd = YMD.exec(trimmed);
  let parts: number[];
  if (dmy !== null) parts = [dmy[3], dmy[2], dmy[1], dmy[4] ?? '0', dmy[5] ?? '0'].map(Number);
  else if (ymd !== null) parts = [ymd[1], ymd[2], ymd[3], ymd[4] ?? '0', ymd[5] ?? '0'].map(Number);
  else return { ok: false, reason: 'format' };
  const [year, month, day, hour, minute] = parts as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return { ok: false, reason: 'date' };
  if (hour > 23 || minute > 59) return { ok: false, reason: 'time' };
  // The browser's time zone decides whether that wall-clock time happened (a clock change skips an hour).
  const instant = new Date(year, month - 1, day, hour, minute);
  if (instant.getDate() !== day || instant.getHours() !== hour || instant.getMinutes() !== minute) {
    return { ok: false, reason: 'skipped' };
  }
  return { ok: true, local: `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}` };
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether `value` is a local date and time the builder can send (and not text still being typed). */
export function isLocal(value: string): boolean {
  const typed = parseTyped(value, 'en');
  return typed.ok && typed.local === value;
}
