import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError, etagOf, ok } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { takeProposal } from '../shared/drafts';
import { useProducts } from '../api/products';
import { go, hrefOf } from '../shared/route';
import { hasErrors, refusalOf, SLICE_PATHS, sliceFormErrors } from '../shared/field-errors';
import { focusFirst } from '../shared/field-messages';
import { ErrorNote } from '../shared/ui';
import { CatalogSearch } from './CatalogSearch';
import { ConflictDialog } from './ConflictDialog';
import { bodyOf, draftOf, emptyDraft, MAX_SLICE_PRODUCTS, type Stored } from './draft';
import { HistoryPanel } from './HistoryPanel';
import { SheetReplace } from './SheetReplace';
import { SLICE_FIELD_IDS, SliceForm, type SliceFormErrors } from './SliceForm';
import { SliceProducts } from './SliceProducts';
import { UndoButtons } from './UndoButtons';
import { useDraftEdits } from './useDraftEdits';
import { useDraftHistory } from './useDraftHistory';

function useStoredSlice(collectionId: number, sliceId: number | 'new') {
  const { api } = useSession();
  const [stored, setStored] = useState<Stored | undefined>(undefined);
  const { draft, setDraft, ...undoable } = useDraftHistory(() => {
    if (sliceId !== 'new') return undefined;
    const proposal = takeProposal();
    return proposal
      ? { ...emptyDraft(), name: proposal.name, type: proposal.type, products: [...proposal.products] }
      : emptyDraft();
  });
  const [error, setError] = useState<unknown>(undefined);
  const read = useCallback(async (): Promise<Stored | undefined> => {
    if (sliceId === 'new') return undefined;
    const answer = await api.GET('/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}', {
      params: { path: { id: collectionId, sliceId } },
    });
    if (answer.data === undefined) throw new ApiError(answer.response.status, answer.error as never);
    return { slice: answer.data, etag: etagOf(answer.response) };
  }, [api, collectionId, sliceId]);
  const reload = useCallback(async () => {
    try {
      const fresh = await read();
      if (fresh) {
        setStored(fresh);
        setDraft(draftOf(fresh.slice));
      }
    } catch (e) {
      setError(e);
    }
  }, [read, setDraft]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { stored, setStored, draft, setDraft, undoable, error, setError, read, reload };
}

/** Saving the draft: POST when new (then open it), PUT with If-Match otherwise; a 412 becomes a conflict to settle. */
function useSliceSave(collectionId: number, sliceId: number | 'new', slice: ReturnType<typeof useStoredSlice>) {
  const { t, locale } = useI18n();
  const { api } = useSession();
  const { stored, setStored, draft, setDraft, setError, read, reload } = slice;
  const [problems, setProblems] = useState<SliceFormErrors>({ errors: {}, refused: false });
  const [conflict, setConflict] = useState<Stored | undefined>(undefined);
  const [status, setStatus] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent | undefined, etag = stored?.etag) {
    event?.preventDefault();
    if (draft === undefined) return;
    const errors = sliceFormErrors(draft, locale);
    setProblems({ errors, refused: false, of: draft });
    if (hasErrors(errors)) {
      focusFirst(errors, SLICE_FIELD_IDS);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      if (sliceId === 'new') {
        const created = await ok(
          api.POST('/api/v1/merchandising-collections/protected/{id}/slices', {
            params: { path: { id: collectionId } },
            body: bodyOf(draft),
          }),
        );
        go({ screen: 'slice', collectionId, sliceId: created.id });
        return;
      }
      const answer = await api.PUT('/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}', {
        params: { path: { id: collectionId, sliceId }, header: { 'If-Match': etag ?? '*' } },
        body: bodyOf(draft),
      });
      if (answer.response.status === 412) {
        setConflict(await read());
        return;
      }
      if (answer.data === undefined) throw new ApiError(answer.response.status, answer.error as never);
      await reload();
      setStatus(t('saved'));
    } catch (e) {
      // A refusal's errors go beside the fields they name; only what no field takes is shown as the problem.
      const { placed, rest } = refusalOf(e, SLICE_PATHS);
      if (hasErrors(placed)) {
        setProblems({ errors: placed, refused: true, of: draft });
        focusFirst(placed, SLICE_FIELD_IDS);
      }
      setError(rest);
    } finally {
      setBusy(false);
    }
  }
  /** Drops our edits for the version that won. */
  function takeTheirs() {
    if (conflict === undefined) return;
    setStored(conflict);
    setDraft(draftOf(conflict.slice));
    setConflict(undefined);
  }
  /** Saves ours over the version that won, naming it in If-Match. */
  function overwrite() {
    if (conflict === undefined) return;
    setConflict(undefined);
    void save(undefined, conflict.etag);
  }
  return { save, busy, conflict, setConflict, takeTheirs, overwrite, status, setStatus, problems };
}

/** The slice editor: its form, its products as a grid, the catalog search, saving with If-Match. */
export function SliceScreen({ collectionId, sliceId }: { collectionId: number; sliceId: number | 'new' }) {
  const { t } = useI18n();
  const { canWrite } = useSession();
  const slice = useStoredSlice(collectionId, sliceId);
  const { stored, draft, undoable, error, reload } = slice;
  const saving = useSliceSave(collectionId, sliceId, slice);
  const [history, setHistory] = useState(false);
  const { products: catalog, failure } = useProducts(draft?.products ?? []);
  const readOnly = !canWrite;

  const { change, add } = useDraftEdits(draft, undoable.edit, saving.setStatus);

  if (draft === undefined) {
    return (
      <main id="main">
        <ErrorNote error={error} />
        <p>{t('loading')}</p>
      </main>
    );
  }
  const full = draft.products.length >= MAX_SLICE_PRODUCTS;
  return (
    <main id="main" className="editor">
      <p>
        <a href={hrefOf({ screen: 'collection', collectionId })}>← {t('calendar')}</a>
      </p>
      <form onSubmit={saving.save} noValidate>
        <SliceHeading
          title={sliceId === 'new' ? t('newSliceTitle') : draft.name || t('slice')}
          stored={stored}
          busy={saving.busy}
          onHistory={sliceId !== 'new' ? () => setHistory(true) : undefined}
        />
        {saving.status && <p role="status">{saving.status}</p>}
        <ErrorNote error={error} />
        {!readOnly && <UndoButtons history={undoable} />}
        <SliceForm draft={draft} change={change} readOnly={readOnly} problems={saving.problems} />
      </form>
      <div className="editor-body">
        <SliceProducts draft={draft} catalog={catalog} failure={failure} readOnly={readOnly} change={change}>
          {canWrite && stored && <SheetReplace collectionId={collectionId} stored={stored} onReplaced={() => void reload()} />}
        </SliceProducts>
        {canWrite && <CatalogSearch chosen={draft.products} full={full} onAdd={add} />}
      </div>
      {saving.conflict && (
        <ConflictDialog
          conflict={saving.conflict}
          onClose={() => saving.setConflict(undefined)}
          onReload={saving.takeTheirs}
          onOverwrite={saving.overwrite}
        />
      )}
      {history && stored && (
        <HistoryPanel
          collectionId={collectionId}
          stored={stored}
          onClose={() => setHistory(false)}
          onRestored={(n) => {
            setHistory(false);
            saving.setStatus(t('restored', { n }));
            void reload();
          }}
        />
      )}
    </main>
  );
}

/** The editor's title with its history and save buttons, then the stored slice's status and version. */
function SliceHeading({
  title,
  stored,
  busy,
  onHistory,
}: {
  title: string;
  stored: Stored | undefined;
  busy: boolean;
  onHistory: (() => void) | undefined;
}) {
  const { t } = useI18n();
  const { canWrite } = useSession();
  return (
    <>
      <div className="heading">
        <h1>{title}</h1>
        <div className="buttons">
          {onHistory && (
            <button type="button" onClick={onHistory}>
              {t('history')}
            </button>
          )}
          {canWrite && (
            <button type="submit" disabled={busy}>
              {busy ? t('saving') : t('save')}
            </button>
          )}
        </div>
      </div>
      {stored && stored.slice.status && (
        <p>
          <span className={`chip status-${stored.slice.status}`}>{t(`status${stored.slice.status}`)}</span> · v
          {stored.slice.version}
        </p>
      )}
    </>
  );
}
