import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, ok, type Collection, type ListedCollection } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { ConfirmDialog, Dialog, ErrorNote } from '../shared/ui';
import { CollectionsTable } from './CollectionsTable';

const PAGE_SIZE = 20;

/** A page of collections whose name holds the search, at the cursor last followed; reloaded after a change. */
function useCollectionsPage() {
  const { api } = useSession();
  const [search, setSearch] = useState('');
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<{ collections: ListedCollection[]; nextCursor: string | null } | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const cursor = cursors[cursors.length - 1];

  const load = useCallback(async () => {
    try {
      const query = {
        limit: String(PAGE_SIZE),
        ...(cursor ? { cursor } : {}),
        ...(search.trim() ? { name: search.trim() } : {}),
      };
      setPage(await ok(api.GET('/api/v1/merchandising-collections/protected', { params: { query } })));
      setError(undefined);
    } catch (e) {
      setError(e);
    }
  }, [api, cursor, search]);

  useEffect(() => {
    void load();
  }, [load]);

  async function remove(collection: Collection) {
    try {
      await ok(
        api.DELETE('/api/v1/merchandising-collections/protected/{id}', {
          params: { path: { id: collection.id }, header: { 'If-Match': `"collection-${collection.id}.${collection.version}"` } },
        }),
      );
      await load();
    } catch (e) {
      setError(e);
    }
  }
  return { search, setSearch, cursors, setCursors, page, error, load, remove };
}

/** Collections by id, searched by name, a page at a time, with what each shows now: one request a page. */
export function CollectionsScreen() {
  const { t } = useI18n();
  const { canWrite } = useSession();
  const { search, setSearch, cursors, setCursors, page, error, load, remove } = useCollectionsPage();
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
      <ErrorNote error={error} />
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
      {creating && <CollectionForm onClose={() => setCreating(false)} onSaved={load} />}
      {renaming && <CollectionForm collection={renaming} onClose={() => setRenaming(undefined)} onSaved={load} />}
      {deleting && (
        <ConfirmDialog
          title={t('deleteNamed', { name: deleting.name })}
          message={t('confirmDeleteCollection', { name: deleting.name, count: deleting.sliceCount })}
          confirm={t('delete')}
          onConfirm={() => {
            setDeleting(undefined);
            void remove(deleting);
          }}
          onCancel={() => setDeleting(undefined)}
        />
      )}
    </main>
  );
}

function CollectionForm({
  collection,
  onClose,
  onSaved,
}: {
  collection?: Collection;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useI18n();
  const { api } = useSession();
  const [name, setName] = useState(collection?.name ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const [error, setError] = useState<unknown>(undefined);
  const nameId = useId();
  const descriptionId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      if (collection === undefined) {
        await ok(api.POST('/api/v1/merchandising-collections/protected', { body: { name, description } }));
      } else {
        await ok(
          api.PATCH('/api/v1/merchandising-collections/protected/{id}', {
            params: {
              path: { id: collection.id },
              header: { 'If-Match': `"collection-${collection.id}.${collection.version}"` },
            },
            body: { name, description },
          }),
        );
      }
      onClose();
      await onSaved();
    } catch (e) {
      setError(e instanceof ApiError && e.status === 412 ? new Error(t('conflictTitle')) : e);
    }
  }

  return (
    <Dialog title={collection === undefined ? t('newCollection') : t('renameNamed', { name: collection.name })} onClose={onClose}>
      <form onSubmit={submit} className="stack">
        <label htmlFor={nameId}>{t('name')}</label>
        <input id={nameId} required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={descriptionId}>{t('description')}</label>
        <textarea id={descriptionId} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />
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
