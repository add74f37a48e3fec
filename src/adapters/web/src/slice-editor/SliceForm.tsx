import type { SliceType } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { DateTimeField } from '../shared/DateTimeField';
import type { FieldErrors, SliceField } from '../shared/field-errors';
import { describedBy, ErrorSummary, FieldMessage, TextField } from '../shared/field-messages';
import type { Draft } from './draft';
import { RuleFields } from './RuleFields';
import { SliceFilters } from './SliceFilters';

const TYPES: readonly SliceType[] = ['MANUAL', 'SPREADSHEET', 'AI', 'RULES'];

/** The id of a field of the slice form (one slice form a page), for labels, errors and focus. */
export const sliceFieldId = (name: string) => `slice-${name}`;

/** The slice's fields in the order the form shows them, by their ids: where the focus goes to fix the first error. */
export const SLICE_FIELD_IDS: Readonly<Record<SliceField, string>> = Object.fromEntries(
  (['name', 'type', 'startsAt', 'endsAt', 'categories', 'brands', 'tags', 'minPrice', 'maxPrice', 'products'] as const).map(
    (f) => [f, sliceFieldId(f)],
  ),
) as Record<SliceField, string>;

/** What the form shows when the builder held the slice back or the service refused it, and the draft it was said of. */
export interface SliceFormErrors {
  errors: FieldErrors<SliceField>;
  refused: boolean;
  of?: Draft;
}

/** The errors still true: one beside a field the merchandiser has changed since is not shown any more. */
export function currentErrors({ errors, of }: SliceFormErrors, draft: Draft): FieldErrors<SliceField> {
  if (of === undefined) return errors;
  const kept: FieldErrors<SliceField> = {};
  for (const field of Object.keys(errors) as SliceField[]) {
    if (draft[field] === of[field] && (field !== 'endsAt' || draft.noEnd === of.noEnd)) kept[field] = errors[field];
  }
  return kept;
}

/** Name, type, window and filters of the slice being edited. */
export function SliceForm({
  draft,
  change,
  readOnly,
  problems = { errors: {}, refused: false },
}: {
  draft: Draft;
  change: (patch: Partial<Draft>) => void;
  readOnly: boolean;
  problems?: SliceFormErrors;
}) {
  const { t, timeZone } = useI18n();
  const field = sliceFieldId;
  const errors = currentErrors(problems, draft);
  const labels = useSliceLabels();
  return (
    <fieldset className="slice-form" disabled={readOnly}>
      <legend>{t('slice')}</legend>
      <ErrorSummary errors={errors} labels={labels} refused={problems.refused} />
      <div className="grid-2">
        <div>
          <TextField
            id={field('name')}
            label={t('name')}
            required
            maxLength={200}
            value={draft.name}
            onChange={(name) => change({ name })}
            error={errors.name}
          />
        </div>
        <div>
          <label htmlFor={field('type')}>{t('type')}</label>
          <select
            id={field('type')}
            value={draft.type}
            onChange={(e) => change({ type: e.target.value as SliceType })}
            {...describedBy(errors.type, field('type-error'))}
          >
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`type${type}`)}
              </option>
            ))}
          </select>
          <FieldMessage id={field('type-error')} error={errors.type} />
        </div>
        <DateTimeField
          id={field('startsAt')}
          label={t('starts')}
          required
          value={draft.startsAt}
          onChange={(startsAt) => change({ startsAt })}
          error={errors.startsAt}
        />
        <div>
          <DateTimeField
            id={field('endsAt')}
            label={t('ends')}
            disabled={draft.noEnd}
            required={!draft.noEnd}
            value={draft.endsAt}
            onChange={(endsAt) => change({ endsAt })}
            error={draft.noEnd ? undefined : errors.endsAt}
          />
          <label className="check">
            <input type="checkbox" checked={draft.noEnd} onChange={(e) => change({ noEnd: e.target.checked })} /> {t('noEnd')}
          </label>
        </div>
      </div>
      <p className="zone">{t('timeZoneNote', { zone: timeZone })}</p>
      <SliceFilters draft={draft} change={change} field={field} errors={errors} />
      {draft.type === 'RULES' && (
        <RuleFields rules={draft.rules} onChange={(patch) => change({ rules: { ...draft.rules, ...patch } })} />
      )}
    </fieldset>
  );
}

/** The slice form's fields by their labels: what the summary of errors names. */
function useSliceLabels(): Record<SliceField, string> {
  const { t } = useI18n();
  return {
    name: t('name'),
    type: t('type'),
    startsAt: t('starts'),
    endsAt: t('ends'),
    categories: t('categories'),
    brands: t('brands'),
    tags: t('tags'),
    minPrice: t('minPrice'),
    maxPrice: t('maxPrice'),
    products: t('products'),
  };
}
