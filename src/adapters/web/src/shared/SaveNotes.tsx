import type { SliceNotes } from '../api/slice-notes';
import { useI18n } from '../i18n/i18n';
import { ConsequenceList } from './ConsequenceDialog';
import { isNoEnd } from './ui';

/**
 * What the service said about the last save, where the merchandiser saved: what it changed in
 * what the storefront serves, the slices it overlaps, its products not in the catalog.
 */
export function SaveNotes({ notes }: { notes: SliceNotes | undefined }) {
  const { t, dateTime } = useI18n();
  if (notes === undefined) return null;
  const { consequence, warnings, notInCatalog } = notes;
  if (consequence === undefined && warnings.length === 0 && notInCatalog.length === 0) return null;
  return (
    <div className="save-notes" role="status">
      {consequence && <ConsequenceList preview={consequence} />}
      {warnings.map((w) => (
        <p key={`${w.sliceId}-${w.from}`} className="warning">
          ⚠{' '}
          {t('overlapSaved', {
            name: w.sliceName,
            from: dateTime(w.from),
            until: isNoEnd(w.until) ? t('noEnd') : dateTime(w.until),
          })}
        </p>
      ))}
      {notInCatalog.length > 0 && <p className="warning">⚠ {t('notInCatalogSaved', { ids: notInCatalog.join(', ') })}</p>}
    </div>
  );
}
