import type { SliceSummary } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { useConsequenceGate } from '../shared/ConsequenceDialog';
import { hrefOf } from '../shared/route';
import { ErrorNote, isNoEnd } from '../shared/ui';
import { useDeleteSlice, type Calendar } from './api';
import { overlapsToFlag } from './overlaps';

/**
 * The same slices as a list: status in words, dates, products, and the overlaps to avoid. Deleting
 * one shows what the storefront serves instead, and asks Confirm or Cancel.
 */
export function SliceList({ calendar }: { calendar: Calendar }) {
  const { t } = useI18n();
  const { canWrite } = useSession();
  const collectionId = calendar.collection.id;
  const remove = useDeleteSlice(collectionId);
  const gate = useConsequenceGate(collectionId);

  function askDelete(slice: SliceSummary) {
    gate.check({ kind: 'delete', sliceId: slice.id }, () => remove.mutate(slice), {
      title: t('deleteNamed', { name: slice.name }),
      extra: <p>{t('confirmDeleteSlice', { name: slice.name })}</p>,
    });
  }

  if (calendar.slices.length === 0) return null;
  return (
    <>
      <ErrorNote error={remove.error ?? undefined} />
      {gate.status}
      <table className="slices stacking" aria-label={t('listView')}>
        <thead>
          <tr>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('starts')}</th>
            <th scope="col">{t('ends')}</th>
            <th scope="col">{t('products')}</th>
            <th scope="col">{t('type')}</th>
            {canWrite && <th scope="col">{t('actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {calendar.slices.map((slice) => (
            <SliceRow key={slice.id} slice={slice} calendar={calendar} onDelete={() => askDelete(slice)} />
          ))}
        </tbody>
      </table>
      {gate.dialog}
    </>
  );
}

/** One slice: its link, whether it is served now, its overlaps, status, window, size and type. */
function SliceRow({ slice, calendar, onDelete }: { slice: SliceSummary; calendar: Calendar; onDelete: () => void }) {
  const { t, dateTime } = useI18n();
  const { canWrite } = useSession();
  const collectionId = calendar.collection.id;
  const overlaps = overlapsToFlag(slice, calendar.slices);
  return (
    <tr>
      <th scope="row">
        <a href={hrefOf({ screen: 'slice', collectionId, sliceId: slice.id })}>{slice.name}</a>
        {calendar.servedNow === slice.id && <strong className="served-tag"> ★ {t('servedNow')}</strong>}
        {overlaps.length > 0 && (
          <p className="warning" role="note">
            ⚠ {t('overlapWarning', { names: overlaps.map((o) => `“${o.name}”`).join(', ') })}
          </p>
        )}
      </th>
      <td data-label={t('status')}>
        <span className={`chip status-${slice.status}`}>{t(`status${slice.status}`)}</span>
      </td>
      <td className="when" data-label={t('starts')}>
        {dateTime(slice.startsAt)}
      </td>
      <td className="when" data-label={t('ends')}>
        {isNoEnd(slice.endsAt) ? t('noEnd') : dateTime(slice.endsAt)}
      </td>
      <td data-label={t('products')}>{slice.productCount}</td>
      <td data-label={t('type')}>{t(`type${slice.type}`)}</td>
      {canWrite && (
        <td className="actions" data-label={t('actions')}>
          <button type="button" className="danger" aria-label={t('deleteNamed', { name: slice.name })} onClick={onDelete}>
            {t('delete')}
          </button>
        </td>
      )}
    </tr>
  );
}
