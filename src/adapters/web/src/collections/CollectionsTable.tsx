import type { Collection, ListedCollection } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { hrefOf } from '../shared/route';

/** One page of collections, a row each, with rename and delete for those who may write. */
export function CollectionsTable({
  collections,
  onRename,
  onDelete,
}: {
  collections: readonly ListedCollection[];
  onRename: (collection: Collection) => void;
  onDelete: (collection: Collection) => void;
}) {
  const { t } = useI18n();
  const { canWrite } = useSession();
  return (
    <table className="collections stacking">
      <thead>
        <tr>
          <th scope="col">{t('name')}</th>
          <th scope="col">{t('description')}</th>
          <th scope="col">{t('created')}</th>
          <th scope="col">{t('slices')}</th>
          <th scope="col">{t('liveNow')}</th>
          {canWrite && <th scope="col">{t('actions')}</th>}
        </tr>
      </thead>
      <tbody>
        {collections.map((c) => (
          <CollectionRow key={c.id} collection={c} onRename={() => onRename(c)} onDelete={() => onDelete(c)} />
        ))}
      </tbody>
    </table>
  );
}

function CollectionRow({
  collection,
  onRename,
  onDelete,
}: {
  collection: ListedCollection;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t, date } = useI18n();
  const { canWrite } = useSession();
  const live = collection.activeSlice;
  return (
    <tr>
      <th scope="row">
        <a href={hrefOf({ screen: 'collection', collectionId: collection.id })}>{collection.name}</a>
      </th>
      <td data-label={t('description')}>{collection.description}</td>
      <td data-label={t('created')}>{date(collection.createdAt)}</td>
      <td data-label={t('slices')}>{collection.sliceCount}</td>
      <td data-label={t('liveNow')}>{live === null ? <em>{t('nothingLive')}</em> : live.name}</td>
      {canWrite && (
        <td className="actions" data-label={t('actions')}>
          <button type="button" aria-label={t('renameNamed', { name: collection.name })} onClick={onRename}>
            {t('rename')}
          </button>
          <button type="button" className="danger" aria-label={t('deleteNamed', { name: collection.name })} onClick={onDelete}>
            {t('delete')}
          </button>
        </td>
      )}
    </tr>
  );
}
