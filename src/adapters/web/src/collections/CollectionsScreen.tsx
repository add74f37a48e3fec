import { useId, useState, type FormEvent } from 'react';
import { ApiError, type Collection } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import {
  COLLECTION_PATHS,
  collectionFormErrors,
  refusalOf,
  hasErrors,
  type CollectionField,
  type FieldErrors,
} from '../shared/field-errors';
import { describedBy, ErrorSummary, FieldMessage, focusFirst, TextField } from '../shared/field-messages';
import { ConfirmDialog, Dialog, ErrorNote, QueryNote } from '../shared/ui';
import { useCollectionsPage, useDeleteCollection, useSaveCollection } from './api';
import { CollectionsTable } from './CollectionsTable';

const PAGE_SIZE = 20;

/** Collections by id, searched by name, a page at a time, with what each shows now: one request a page. */
export function CollectionsScreen() {
  const { t } = useI18n();
  const { canWrite } = useSession();
  const [search, setSearch] = useState('');
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const listed = useCollectionsPage({ limit: PAGE_SIZE, cursor: cursors.at(-1), name: search.trim() });
  const page = listed.data;
  const deletion = useDeleteCollection();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Collection | undefined>(undefined);
  const [deleting, setDeleting] = useState<Collection | undefined>(undefined);

  return (
    <main id="main">
      <div className="heading">
        <h1>{t('collections')}</h1>
        {canWrite && (
          <button type="button" onClick={() => setCreating(true)}>
            {t('newCollection')}
          </button>
        )}
      </div>
      <input
        type="search"
        aria-label={t('searchCollections')}
        placeholder={t('searchCollections')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setCursors([undefined]);
        }}
      />
      <QueryNote query={listed} />
      <ErrorNote error={deletion.error} />
      {page === undefined ? (
        <p>{t('loading')}</p>
      ) : page.collections.length === 0 ? (
        <p>{t('noCollections')}</p>
      ) : (
        <CollectionsTable collections={page.collections} onRename={setRenaming} onDelete={setDeleting} />
      )}
      <div className="pager">
        {cursors.length > 1 && (
          <button type="button" onClick={() => setCursors([undefined])}>
            {t('firstPage')}
          </button>
        )}
        {page?.nextCursor && (
          <button type="button" onClick={() => setCursors([...cursors, page.nextCursor ?? undefined])}>
            {t('nextPage')}
          </button>
        )}
      </div>
      {creating && <CollectionForm onClose={() => setCreating(false)} />}
      {renaming && <CollectionForm collection={renaming} onClose={() => setRenaming(undefined)} />}
      {deleting && (
        <ConfirmDialog
          title={t('deleteNamed', { name: deleting.name })}
          message={t('confirmDeleteCollection', { name: deleting.name, count: deleting.sliceCount })}
          confirm={t('delete')}
          onConfirm={() => {
            setDeleting(undefined);
            deletion.mutate(deleting);
          }}
          onCancel={() => setDeleting(undefined)}
        />
      )}
    </main>
  );
}

function CollectionForm({ collection, onClose }: { collection?: Collection; onClose: () => void }) {
  const { t } = useI18n();
  const saving = useSaveCollection();
  const [name, setName] = useState(collection?.name ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const [checked, setChecked] = useState<FieldErrors<CollectionField>>({});
  const ids: Record<CollectionField, string> = { name: useId(), description: useId() };
  // A refusal's errors go beside their fields; what no field takes (and a conflict) is said above the buttons.
  const { placed, rest } = refusalOf(saving.error ?? undefined, COLLECTION_PATHS);
  const refused = hasErrors(placed);
  const errors = refused ? placed : checked;
  const error = saving.error instanceof ApiError && saving.error.status === 412 ? new Error(t('conflictTitle')) : rest;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = collectionFormErrors({ name });
    setChecked(found);
    saving.reset();
    if (hasErrors(found)) {
      focusFirst(found, ids);
      return;
    }
    saving.mutate({ ...(collection ? { collection } : {}), name, description }, { onSuccess: onClose });
  }

  return (
    <Dialog title={collection === undefined ? t('newCollection') : t('renameNamed', { name: collection.name })} onClose={onClose}>
      <form onSubmit={submit} className="stack" noValidate>
        <ErrorSummary errors={errors} labels={{ name: t('name'), description: t('description') }} refused={refused} />
        <TextField id={ids.name} label={t('name')} required maxLength={200} value={name} onChange={setName} error={errors.name} />
        <label htmlFor={ids.description}>{t('description')}</label>
        <textarea
          id={ids.description}
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          {...describedBy(errors.description, `${ids.description}-error`)}
        />
        <FieldMessage id={`${ids.description}-error`} error={errors.description} />
        <ErrorNote error={error} />
        <div className="buttons">
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit">{collection === undefined ? t('create') : t('save')}</button>
        </div>
      </form>
    </Dialog>
  );
}
