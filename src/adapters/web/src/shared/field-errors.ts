import { ApiError, type Problem } from '../api/client';
import type { Locale } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';
import { isLocal, parseTyped, type DateProblem } from './datetime';

/**
 * What is wrong with one field, in the merchandiser's words: a message of the builder (translated
 * where it is shown), or the service's own text when the builder does not know the refusal.
 */
export type FieldError = { key: MessageKey; values?: Record<string, string | number> } | { text: string };
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

export const hasErrors = (errors: FieldErrors<string>): boolean => Object.keys(errors).length > 0;

/** The fields of a slice that the builder checks before sending it, and that a refusal may name. */
export type SliceField =
  'name' | 'type' | 'startsAt' | 'endsAt' | 'categories' | 'brands' | 'tags' | 'minPrice' | 'maxPrice' | 'products';

/** A slice's window and filters as the form holds them: dates local (or the text typed so far), prices as typed. */
export interface SliceFormValues {
  name: string;
  startsAt: string;
  endsAt: string;
  /** A slice without an end: the end field is not read. */
  noEnd: boolean;
  minPrice?: string;
  maxPrice?: string;
}

const DATE_PROBLEM: Record<DateProblem, MessageKey> = {
  format: 'dateFormat',
  date: 'dateNoSuchDay',
  time: 'dateNoSuchTime',
  skipped: 'dateSkipped',
};

/** Why a date field cannot be sent, or undefined when it holds a local date and time. */
export function dateFieldError(value: string, locale: Locale): FieldError | undefined {
  if (value.trim() === '') return { key: 'required' };
  if (isLocal(value)) return undefined;
  // Text that reads as a date only in the other language (typed before switching) is typed again.
  const typed = parseTyped(value, locale);
  return { key: typed.ok ? 'dateFormat' : DATE_PROBLEM[typed.reason] };
}

/** What the builder refuses before sending a slice: the service would refuse the same, in developer words. */
export function sliceFormErrors(values: SliceFormValues, locale: Locale): FieldErrors<SliceField> {
  const errors: FieldErrors<SliceField> = {};
  if (values.name.trim() === '') errors.name = { key: 'required' };
  const start = dateFieldError(values.startsAt, locale);
  if (start) errors.startsAt = start;
  if (!values.noEnd) {
    const end = dateFieldError(values.endsAt, locale);
    if (end) errors.endsAt = end;
    else if (!start && new Date(values.endsAt).getTime() <= new Date(values.startsAt).getTime()) {
      errors.endsAt = { key: 'endBeforeStart' };
    }
  }
  const prices: Partial<Record<'minPrice' | 'maxPrice', number>> = {};
  for (const key of ['minPrice', 'maxPrice'] as const) {
    const typed = (values[key] ?? '').trim().replace(',', '.');
    if (typed === '') continue;
    const price = Number(typed);
    if (!Number.isFinite(price) || price < 0) errors[key] = { key: 'priceNotNegative' };
    else prices[key] = price;
  }
  if (prices.minPrice !== undefined && prices.maxPrice !== undefined && prices.minPrice > prices.maxPrice) {
    errors.minPrice = { key: 'minOverMax' };
  }
  return errors;
}

/** The service's validation messages the builder says in its own words (src/domain's, and the edge's). */
const KNOWN: readonly [RegExp, (m: RegExpExecArray) => FieldError][] = [
  [/^must not be empty$|^is empty$/, () => ({ key: 'required' })],
  [/^must be after startsAt$/, () => ({ key: 'endBeforeStart' })],
  [/^must not be greater than maxPrice$/, () => ({ key: 'minOverMax' })],
  [/^must be a number of 0 or more$/, () => ({ key: 'priceNotNegative' })],
  [/^must be a valid instant$/, () => ({ key: 'dateFormat' })],
  [/^must be before 9999-12-31/, () => ({ key: 'startTooLate' })],
  [/^must be at most (\d+) characters$/, (m) => ({ key: 'tooLong', values: { max: Number(m[1]) } })],
];

/**
 * A 400's `errors[]` as errors beside the fields they name. `fields` maps the start of a path
 * (`filters.minPrice`, `products`) to a field; the first error for a field wins. A path no field
 * takes is left out: the caller shows the problem itself for those.
 */
export function fieldErrorsOfProblem<F extends string>(
  problem: Problem | undefined,
  fields: Readonly<Record<string, F>>,
): { errors: FieldErrors<F>; unplaced: { path: string; message: string }[] } {
  const errors: FieldErrors<F> = {};
  const unplaced: { path: string; message: string }[] = [];
  for (const issue of problem?.errors ?? []) {
    const field = fieldOfPath(issue.path, fields);
    if (field === undefined) unplaced.push(issue);
    else errors[field] ??= known(issue.message) ?? { text: issue.message };
  }
  return { errors, unplaced };
}

/**
 * A failed save as the form shows it: a 400's errors beside the fields they name, and what is left
 * to say above the buttons (the refusal's other errors, or any other failure); `placed` is empty
 * when nothing went beside a field.
 */
export function refusalOf<F extends string>(
  error: unknown,
  fields: Readonly<Record<string, F>>,
): { placed: FieldErrors<F>; rest: unknown } {
  if (!(error instanceof ApiError) || error.status !== 400) return { placed: {}, rest: error };
  const { errors, unplaced } = fieldErrorsOfProblem(error.problem, fields);
  if (!hasErrors(errors)) return { placed: {}, rest: error };
  return { placed: errors, rest: unplaced.length === 0 ? undefined : new ApiError(400, { ...error.problem!, errors: unplaced }) };
}

function fieldOfPath<F extends string>(path: string, fields: Readonly<Record<string, F>>): F | undefined {
  let best: string | undefined;
  for (const prefix of Object.keys(fields)) {
    const matches = path === prefix || path.startsWith(`${prefix}.`);
    if (matches && (best === undefined || prefix.length > best.length)) best = prefix;
  }
  return best === undefined ? undefined : fields[best];
}

function known(message: string): FieldError | undefined {
  for (const [pattern, error] of KNOWN) {
    const m = pattern.exec(message);
    if (m !== null) return error(m);
  }
  return undefined;
}

/** Where the service's paths for a slice land in the slice form. */
export const SLICE_PATHS: Readonly<Record<string, SliceField>> = {
  name: 'name',
  type: 'type',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
  'filters.categories': 'categories',
  'filters.brands': 'brands',
  'filters.tags': 'tags',
  'filters.minPrice': 'minPrice',
  'filters.maxPrice': 'maxPrice',
  products: 'products',
};

/** The fields of a new slice from a spreadsheet, and where the service's paths land in them. */
export type SheetField = 'name' | 'startsAt' | 'endsAt' | 'file';
export const SHEET_PATHS: Readonly<Record<string, SheetField>> = { name: 'name', startsAt: 'startsAt', endsAt: 'endsAt' };

/** The fields of a collection, and where the service's paths land in them. */
export type CollectionField = 'name' | 'description';
export const COLLECTION_PATHS: Readonly<Record<string, CollectionField>> = { name: 'name', description: 'description' };

export function collectionFormErrors(values: { name: string }): FieldErrors<CollectionField> {
  return values.name.trim() === '' ? { name: { key: 'required' } } : {};
}

/** The fields of a proposal from a brief or from seeds. */
export type BriefField = 'brief' | 'size' | 'seeds';
export const BRIEF_PATHS: Readonly<Record<string, BriefField>> = { brief: 'brief', size: 'size', seeds: 'seeds' };

/** What a proposal needs: the brief (or, `fromSeeds`, the seeds) and a size from 1 to 500. */
export function briefFormErrors(
  values: { brief: string; seeds: string; size: number },
  fromSeeds: boolean,
): FieldErrors<BriefField> {
  const errors: FieldErrors<BriefField> = {};
  if (fromSeeds ? values.seeds.trim() === '' : values.brief.trim() === '')
    errors[fromSeeds ? 'seeds' : 'brief'] = { key: 'required' };
  if (!Number.isInteger(values.size) || values.size < 1 || values.size > 500)
    errors.size = { key: 'sizeRange', values: { max: 500 } };
  return errors;
}
