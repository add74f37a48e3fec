import { useI18n } from '../i18n/i18n';
import { Dialog } from '../shared/ui';
import type { Stored } from './draft';

/** A save refused with 412: who changed the slice and when, then reload theirs or overwrite with ours. */
export function ConflictDialog({
  conflict,
  onClose,
  onReload,
  onOverwrite,
}: {
  conflict: Stored;
  onClose: () => void;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  const { t, dateTime } = useI18n();
  return (
    <Dialog title={t('conflictTitle')} onClose={onClose}>
      <p>{t('conflictBody', { by: conflict.slice.updatedBy, at: dateTime(conflict.slice.updatedAt) })}</p>
      <div className="buttons">
        <button type="button" onClick={onReload}>
          {t('reload')}
        </button>
        <button type="button" className="danger" onClick={onOverwrite}>
          {t('overwrite')}
        </button>
      </div>
    </Dialog>
  );
}
