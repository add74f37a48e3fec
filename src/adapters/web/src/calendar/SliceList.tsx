import { useState } from 'react';
import { ok, type SliceSummary } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { hrefOf } from '../shared/route';
import { ConfirmDialog, ErrorNote, isNoEnd } from '../shared/ui';
import type { Calendar } from './calendar';
import { overlapsToFlag } from './overlaps';

/** The same slices as a list: status in words, dates, products, and the overlaps to avoid. */
export function SliceList({ calendar, onChanged }: { calendar: Calendar; onChanged: () => void }) {
  const { t } = useI18n();
  const { api, canWrite } = useSession();
  const [deleting, setDeleting] = useState<SliceSummary | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const collectionId = calendar.collection.id;

  async function remove(slice: SliceSummary) {
    setDeleting(undefined);
    try {
      await ok(
        api.DELETE('/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}', {
          params: {
            path: { id: collectionId, sliceId: slice.id },
            header: { 'If-Match': `"slice-${slice.id}.${slice.version}"` },
          },
        }),
      );
      onChanged();
    } catch (e) {
      setError(e);
    }
  }

  if (calendar.slices.length === 0) return null;
  return (
    <>
      <ErrorNote error={error} />
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
            <SliceRow key={slice.id} slice={slice} calendar={calendar} onDelete={() => setDeleting(slice)} />
          ))}
        </tbody>
      </table>
      {deleting && (
        <ConfirmDialog
          title={t('deleteNamed', { name: deleting.name })}
          message={t('confirmDeleteSlice', { name: deleting.name })}
          confirm={t('delete')}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(undefined)}
        />
      )}
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
      <td data-label={t('starts')}>{dateTime(slice.startsAt)}</td>
      <td data-label={t('ends')}>{isNoEnd(slice.endsAt) ? t('noEnd') : dateTime(slice.endsAt)}</td>
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
