import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatTyped, isLocal, parseTyped } from '../../src/adapters/web/src/shared/datetime';
import { ApiError } from '../../src/adapters/web/src/api/client';
import { fieldErrorsOfProblem, refusalOf, SLICE_PATHS, sliceFormErrors } from '../../src/adapters/web/src/shared/field-errors';

const zone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/Sao_Paulo';
});
afterEach(() => {
  process.env.TZ = zone;
});

describe('Dates typed in the chosen language', () => {
  it('shows a local date and time in the language’s order', () => {
    expect(formatTyped('2027-05-07T09:30', 'pt-BR')).toBe('07/05/2027 09:30');
    expect(formatTyped('2027-05-07T09:30', 'en')).toBe('2027-05-07 09:30');
  });

  it('reads pt-BR as day/month/year, and English as year-month-day', () => {
    expect(parseTyped('07/05/2027 09:30', 'pt-BR')).toEqual({ ok: true, local: '2027-05-07T09:30' });
    expect(parseTyped(' 7/5/2027 9:30 ', 'pt-BR')).toEqual({ ok: true, local: '2027-05-07T09:30' });
    expect(parseTyped('07/05/2027', 'pt-BR')).toEqual({ ok: true, local: '2027-05-07T00:00' });
    expect(parseTyped('2027-05-07 09:30', 'en')).toEqual({ ok: true, local: '2027-05-07T09:30' });
    expect(parseTyped('2027-05-07T09:30', 'en')).toEqual({ ok: true, local: '2027-05-07T09:30' });
    // The unambiguous ISO order is taken in Portuguese too; the slashed order never in English (05/07 is ambiguous there).
    expect(parseTyped('2027-05-07 09:30', 'pt-BR')).toEqual({ ok: true, local: '2027-05-07T09:30' });
    expect(parseTyped('05/07/2027 09:30', 'en')).toEqual({ ok: false, reason: 'format' });
  });

  it('refuses days and hours that do not exist, saying which', () => {
    expect(parseTyped('31/02/2027 10:00', 'pt-BR')).toEqual({ ok: false, reason: 'date' });
    expect(parseTyped('29/02/2027 10:00', 'pt-BR')).toEqual({ ok: false, reason: 'date' });
    expect(parseTyped('29/02/2028 10:00', 'pt-BR')).toEqual({ ok: true, local: '2028-02-29T10:00' });
    expect(parseTyped('01/13/2027 10:00', 'pt-BR')).toEqual({ ok: false, reason: 'date' });
    expect(parseTyped('2027-04-31 10:00', 'en')).toEqual({ ok: false, reason: 'date' });
    expect(parseTyped('01/05/2027 24:00', 'pt-BR')).toEqual({ ok: false, reason: 'time' });
    expect(parseTyped('01/05/2027 10:60', 'pt-BR')).toEqual({ ok: false, reason: 'time' });
    expect(parseTyped('amanhã', 'pt-BR')).toEqual({ ok: false, reason: 'format' });
    expect(parseTyped('', 'en')).toEqual({ ok: false, reason: 'format' });
  });

  it('refuses a time the clock skipped in the browser’s zone (São Paulo’s last daylight saving, 4 Nov 2018)', () => {
    expect(parseTyped('04/11/2018 00:30', 'pt-BR')).toEqual({ ok: false, reason: 'skipped' });
    expect(parseTyped('04/11/2018 01:00', 'pt-BR')).toEqual({ ok: true, local: '2018-11-04T01:00' });
    // The hour lived twice when the clock went back (17 Feb 2019, 00:00 became 23:00) is a time that exists.
    expect(parseTyped('16/02/2019 23:30', 'pt-BR')).toEqual({ ok: true, local: '2019-02-16T23:30' });
  });

  it('knows a kept local value from text still being typed', () => {
    expect(isLocal('2027-05-07T09:30')).toBe(true);
    expect(isLocal('2027-02-31T09:30')).toBe(false);
    expect(isLocal('07/05/2027 09:30')).toBe(false);
    expect(isLocal('')).toBe(false);
  });
});

const slice = { name: 'Dia das Mães', startsAt: '2027-05-01T00:00', endsAt: '2027-05-10T00:00', noEnd: false };

describe('A slice’s errors before sending, in the merchandiser’s words', () => {
  it('finds nothing wrong in a good slice', () => {
    expect(sliceFormErrors(slice, 'pt-BR')).toEqual({});
    expect(sliceFormErrors({ ...slice, endsAt: 'garbage', noEnd: true }, 'pt-BR')).toEqual({});
  });

  it('names the fields that are wrong and why', () => {
    expect(sliceFormErrors({ ...slice, name: '  ', startsAt: '', endsAt: '' }, 'pt-BR')).toEqual({
      name: { key: 'required' },
      startsAt: { key: 'required' },
      endsAt: { key: 'required' },
    });
    expect(sliceFormErrors({ ...slice, startsAt: '31/02/2027 10:00' }, 'pt-BR')).toEqual({
      startsAt: { key: 'dateNoSuchDay' },
    });
    expect(sliceFormErrors({ ...slice, endsAt: '1 de maio' }, 'pt-BR')).toEqual({ endsAt: { key: 'dateFormat' } });
  });

  it('wants the end after the start', () => {
    expect(sliceFormErrors({ ...slice, endsAt: '2027-05-01T00:00' }, 'pt-BR')).toEqual({ endsAt: { key: 'endBeforeStart' } });
    expect(sliceFormErrors({ ...slice, endsAt: '2027-04-30T23:59' }, 'pt-BR')).toEqual({ endsAt: { key: 'endBeforeStart' } });
    expect(sliceFormErrors({ ...slice, endsAt: '2027-05-01T00:01' }, 'pt-BR')).toEqual({});
  });

  it('has text typed before switching language typed again, never read in the wrong order', () => {
    // The field keeps a date it can read as yyyy-mm-ddThh:mm; text is what it could not read when typed.
    expect(sliceFormErrors({ ...slice, endsAt: '07/05/2027 10:00' }, 'pt-BR')).toEqual({ endsAt: { key: 'dateFormat' } });
  });

  it('wants prices of 0 or more, the minimum not above the maximum', () => {
    expect(sliceFormErrors({ ...slice, minPrice: '-1', maxPrice: '' }, 'en')).toEqual({ minPrice: { key: 'priceNotNegative' } });
    expect(sliceFormErrors({ ...slice, minPrice: '300', maxPrice: '200' }, 'en')).toEqual({ minPrice: { key: 'minOverMax' } });
    expect(sliceFormErrors({ ...slice, minPrice: '199,90', maxPrice: '199.90' }, 'pt-BR')).toEqual({});
  });
});

describe('A refusal’s errors beside their fields', () => {
  const problem = (...errors: { path: string; message: string }[]) => ({
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    code: 'VALIDATION_FAILED' as const,
    errors,
  });

  it('puts the service’s paths on the slice form’s fields, in the builder’s words when it knows them', () => {
    const { errors, unplaced } = fieldErrorsOfProblem(
      problem(
        { path: 'endsAt', message: 'must be after startsAt' },
        { path: 'filters.minPrice', message: 'must not be greater than maxPrice' },
        { path: 'filters.categories.2', message: 'must not be empty' },
        { path: 'name', message: 'must be at most 200 characters' },
        { path: 'products.3', message: 'duplicates products.1 (A)' },
      ),
      SLICE_PATHS,
    );
    expect(errors).toEqual({
      endsAt: { key: 'endBeforeStart' },
      minPrice: { key: 'minOverMax' },
      categories: { key: 'required' },
      name: { key: 'tooLong', values: { max: 200 } },
      products: { text: 'duplicates products.1 (A)' },
    });
    expect(unplaced).toEqual([]);
  });

  it('keeps the first error of a field, and gives back the paths no field takes', () => {
    const { errors, unplaced } = fieldErrorsOfProblem(
      problem(
        { path: 'endsAt', message: 'must be a valid instant' },
        { path: 'endsAt', message: 'other' },
        { path: 'generator', message: 'x' },
      ),
      SLICE_PATHS,
    );
    expect(errors).toEqual({ endsAt: { key: 'dateFormat' } });
    expect(unplaced).toEqual([{ path: 'generator', message: 'x' }]);
    expect(fieldErrorsOfProblem(undefined, SLICE_PATHS)).toEqual({ errors: {}, unplaced: [] });
  });

  it('leaves above the buttons only what no field takes, and any failure that is not a 400', () => {
    const both = refusalOf(
      new ApiError(400, problem({ path: 'endsAt', message: 'must be after startsAt' }, { path: 'generator', message: 'x' })),
      SLICE_PATHS,
    );
    expect(both.placed).toEqual({ endsAt: { key: 'endBeforeStart' } });
    expect((both.rest as ApiError).problem?.errors).toEqual([{ path: 'generator', message: 'x' }]);
    expect(refusalOf(new ApiError(400, problem({ path: 'name', message: 'must not be empty' })), SLICE_PATHS)).toEqual({
      placed: { name: { key: 'required' } },
      rest: undefined,
    });
    const outage = new ApiError(503, undefined);
    expect(refusalOf(outage, SLICE_PATHS)).toEqual({ placed: {}, rest: outage });
    const rows = new ApiError(400, problem({ path: 'rows.2.productId', message: 'is empty' }));
    expect(refusalOf(rows, SLICE_PATHS)).toEqual({ placed: {}, rest: rows });
  });
});
