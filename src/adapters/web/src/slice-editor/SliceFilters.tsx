import { useI18n } from '../i18n/i18n';
import type { FieldErrors, SliceField } from '../shared/field-errors';
import { describedBy, FieldMessage, TextField } from '../shared/field-messages';
import type { Draft } from './draft';

/** The slice's filters, folded away unless one is set; `field` names each input's id. */
export function SliceFilters({
  draft,
  change,
  field,
  errors = {},
}: {
  draft: Draft;
  change: (patch: Partial<Draft>) => void;
  field: (name: string) => string;
  errors?: FieldErrors<SliceField>;
}) {
  const { t } = useI18n();
  const wrong = (['categories', 'brands', 'tags', 'minPrice', 'maxPrice'] as const).some((key) => errors[key] !== undefined);
  return (
    <details open={hasAnyFilter(draft) || wrong}>
      <summary>{t('filters')}</summary>
      <label className="check">
        <input type="checkbox" checked={draft.availableOnly} onChange={(e) => change({ availableOnly: e.target.checked })} />{' '}
        {t('availableOnly')}
      </label>
      <div className="grid-2">
        {(['categories', 'brands', 'tags'] as const).map((key) => (
          <div key={key}>
            <TextField
              id={field(key)}
              label={t(key)}
              value={draft[key]}
              onChange={(value) => change({ [key]: value })}
              error={errors[key]}
            />
          </div>
        ))}
        {(['minPrice', 'maxPrice'] as const).map((key) => (
          <div key={key}>
            <label htmlFor={field(key)}>{t(key)}</label>
            <input
              id={field(key)}
              type="number"
              min={0}
              step="0.01"
              value={draft[key]}
              onChange={(e) => change({ [key]: e.target.value })}
              {...describedBy(errors[key], field(`${key}-error`))}
            />
            <FieldMessage id={field(`${key}-error`)} error={errors[key]} />
          </div>
        ))}
      </div>
    </details>
  );
}

function hasAnyFilter(d: Draft): boolean {
  return d.availableOnly || [d.categories, d.brands, d.tags, d.minPrice, d.maxPrice].some((v) => v.trim() !== '');
}
