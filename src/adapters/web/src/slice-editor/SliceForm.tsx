import { useId } from 'react';
import type { SliceType } from '../api/client';
import { useI18n } from '../i18n/i18n';
import type { Draft } from './draft';
import { SliceFilters } from './SliceFilters';

const TYPES: readonly SliceType[] = ['MANUAL', 'SPREADSHEET', 'AI'];

/** Name, type, window and filters of the slice being edited. */
export function SliceForm({
  draft,
  change,
  readOnly,
}: {
  draft: Draft;
  change: (patch: Partial<Draft>) => void;
  readOnly: boolean;
}) {
  const { t, timeZone } = useI18n();
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  return (
    <fieldset className="slice-form" disabled={readOnly}>
      <legend>{t('slice')}</legend>
      <div className="grid-2">
        <div>
          <label htmlFor={field('name')}>{t('name')}</label>
          <input
            id={field('name')}
            required
            maxLength={200}
            value={draft.name}
            onChange={(e) => change({ name: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor={field('type')}>{t('type')}</label>
          <select id={field('type')} value={draft.type} onChange={(e) => change({ type: e.target.value as SliceType })}>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`type${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={field('starts')}>{t('starts')}</label>
          <input
            id={field('starts')}
            type="datetime-local"
            required
            value={draft.startsAt}
            onChange={(e) => change({ startsAt: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor={field('ends')}>{t('ends')}</label>
          <input
            id={field('ends')}
            type="datetime-local"
            disabled={draft.noEnd}
            required={!draft.noEnd}
            value={draft.endsAt}
            onChange={(e) => change({ endsAt: e.target.value })}
          />
          <label className="check">
            <input type="checkbox" checked={draft.noEnd} onChange={(e) => change({ noEnd: e.target.checked })} /> {t('noEnd')}
          </label>
        </div>
      </div>
      <p className="zone">{t('timeZoneNote', { zone: timeZone })}</p>
      <SliceFilters draft={draft} change={change} field={field} />
    </fieldset>
  );
}
