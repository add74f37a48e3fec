import { useMemo, useState, type FormEvent } from 'react';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { readProposal } from '../shared/drafts';
import { useProducts } from '../api/products';
import { useRememberSliceNotes, useSliceNotes } from '../api/slice-notes';
import type { TimelinePreview } from '../api/timeline-preview';
import { useConsequenceGate } from '../shared/ConsequenceDialog';
import { PerformancePanel } from '../shared/PerformancePanel';
import { hasErrors, refusalOf, SLICE_PATHS, sliceFormErrors } from '../shared/field-errors';
import { focusFirst } from '../shared/field-messages';
import { useLeaveGuard } from '../shared/leave-guard';
import { go, hrefOf } from '../shared/route';
import { SaveNotes } from '../shared/SaveNotes';
import { ErrorNote, QueryNote } from '../shared/ui';
import { useReadSlice, useSaveSlice, useStoredSlice } from './api/slice';
import { CatalogSearch } from './CatalogSearch';
import { ConflictDialog } from './ConflictDialog';
import { bodyOf, draftOf, emptyDraft, MAX_SLICE_PRODUCTS, sameDraft, type Draft, type Stored } from './draft';
import { HistoryPanel } from './HistoryPanel';
import { RuleSliceBody } from './RuleSliceBody';
import { SheetReplace } from './SheetReplace';
import { SLICE_FIELD_IDS, SliceForm, type SliceFormErrors } from './SliceForm';
import { SliceProducts } from './SliceProducts';
import { UndoButtons } from './UndoButtons';
import { useDraftEdits } from './useDraftEdits';
import { useDraftHistory } from './useDraftHistory';

/** The draft a new slice starts from: empty, or the proposal the URL names (kept in this tab: a reload keeps it). */
function startingDraft(proposal: string | undefined): Draft {
  const proposed = proposal === undefined ? undefined : readProposal(proposal);
  return proposed
    ? { ...emptyDraft(), name: proposed.name, type: proposed.type, products: [...proposed.products] }
    : emptyDraft();
}

/**
 * The draft being edited, with its undo history, and what it is compared with for unsaved edits:
 * the stored slice as last read (the draft, and its history, start again from it whenever a new
 * version is read), or the new slice's start.
 */
function useDraft(collectionId: number, sliceId: number | 'new', proposal: string | undefined) {
  const query = useStoredSlice(collectionId, sliceId === 'new' ? undefined : sliceId);
  const stored = query.data;
  const [fresh] = useState(() => (sliceId === 'new' ? startingDraft(proposal) : undefined));
  const { draft, setDraft, ...undoable } = useDraftHistory(() => fresh);
  const [seen, setSeen] = useState<string | undefined>(undefined);
  if (stored !== undefined && stored.etag !== seen) {
    setSeen(stored.etag);
    setDraft(draftOf(stored.slice));
  }
  const baseline = useMemo(() => (stored ? draftOf(stored.slice) : fresh), [stored, fresh]);
  const dirty = draft !== undefined && baseline !== undefined && !sameDraft(draft, baseline);
  return { query, stored, draft, setDraft, undoable, dirty };
}

/** The editor's window as the preview and the save take it. */
function windowOf(draft: Draft) {
  const body = bodyOf(draft);
  return { name: body.name || '—', startsAt: body.startsAt, endsAt: body.endsAt };
}

/**
 * Saving the draft: POST when new (then open it), PUT with If-Match otherwise (a 412 becomes a
 * conflict to settle, its dialog answered here). A new slice or new dates ask the consequence first (a dialog when it must
 * be confirmed); what the service then warns about is kept for the editor (SaveNotes).
 */
function useSliceSave(
  collectionId: number,
  sliceId: number | 'new',
  stored: Stored | undefined,
  draft: Draft | undefined,
  takeTheirs: (theirs: Stored) => void,
) {
  const { t, locale } = useI18n();
  const save = useSaveSlice(collectionId);
  const [problems, setProblems] = useState<SliceFormErrors>({ errors: {}, refused: false });
  const readSlice = useReadSlice(collectionId);
  const rememberNotes = useRememberSliceNotes(collectionId);
  const gate = useConsequenceGate(collectionId);
  const [conflict, setConflict] = useState<Stored | undefined>(undefined);
  const [status, setStatus] = useState<string | undefined>(undefined);

  function write(current: Draft, etag: string | undefined, consequence: TimelinePreview | undefined) {
    save.mutate(
      { sliceId, body: bodyOf(current), etag },
      {
        onError: (error) => {
          // A refusal's errors go beside the fields they name; only what no field takes is shown as the problem.
          const { placed } = refusalOf(error, SLICE_PATHS);
          if (hasErrors(placed)) {
            setProblems({ errors: placed, refused: true, of: current });
            focusFirst(placed, SLICE_FIELD_IDS);
          }
        },
        onSuccess: async (result) => {
          if (result.kind === 'conflict') {
            if (sliceId !== 'new') setConflict(await readSlice(sliceId));
            return;
          }
          rememberNotes(result.written, consequence);
          if (sliceId === 'new') go({ screen: 'slice', collectionId, sliceId: result.written.id });
          else setStatus(t('saved'));
        },
      },
    );
  }

  function submit(event: FormEvent | undefined, etag = stored?.etag) {
    event?.preventDefault();
    if (draft === undefined) return;
    const current = draft;
    const errors = sliceFormErrors(current, locale);
    setProblems({ errors, refused: false, of: current });
    if (hasErrors(errors)) {
      focusFirst(errors, SLICE_FIELD_IDS);
      return;
    }
    const window = windowOf(current);
    const storedWindow = stored && windowOf(draftOf(stored.slice));
    const moves = sliceId === 'new' || storedWindow?.startsAt !== window.startsAt || storedWindow?.endsAt !== window.endsAt;
    if (!moves) {
      write(current, etag, undefined);
      return;
    }
    gate.check({ kind: 'save', ...(sliceId === 'new' ? {} : { sliceId }), ...window }, (consequence) =>
      write(current, etag, consequence),
    );
  }
  const conflictDialog = conflict && (
    <ConflictDialog
      conflict={conflict}
      onClose={() => setConflict(undefined)}
      onReload={() => {
        setConflict(undefined);
        takeTheirs(conflict);
      }}
      onOverwrite={() => {
        setConflict(undefined);
        submit(undefined, conflict.etag);
      }}
    />
  );
  const error = save.error === null ? undefined : refusalOf(save.error, SLICE_PATHS).rest;
  return { submit, save, error, problems, gate, conflictDialog, status, setStatus, rememberNotes };
}

/** The slice editor: its form, its products as a grid, the catalog search, saving with If-Match. */
export function SliceScreen({
  collectionId,
  sliceId,
  proposal,
}: {
  collectionId: number;
  sliceId: number | 'new';
  proposal?: string | undefined;
}) {
  const { t } = useI18n();
  const { canWrite } = useSession();
  const { query, stored, draft, setDraft, undoable, dirty } = useDraft(collectionId, sliceId, proposal);
  const { submit, save, error, problems, gate, conflictDialog, status, setStatus, rememberNotes } = useSliceSave(
    collectionId,
    sliceId,
    stored,
    draft,
    (theirs) => {
      setDraft(draftOf(theirs.slice));
      void query.refetch();
    },
  );
  const notes = useSliceNotes(collectionId, sliceId === 'new' ? undefined : sliceId);
  const [panel, setPanel] = useState<EditorPanel | undefined>(undefined);
  const leaving = useLeaveGuard(dirty && !save.isPending);
  const readOnly = !canWrite;

  const { change, add, pin } = useDraftEdits(draft, undoable.edit, setStatus);

  if (draft === undefined) return <EditorLoading query={query} />;
  return (
    <main id="main" className="editor">
      <p>
        <a href={hrefOf({ screen: 'collection', collectionId })}>← {t('calendar')}</a>
      </p>
      <form onSubmit={(e) => submit(e)} noValidate>
        <SliceHeading
          title={sliceId === 'new' ? t('newSliceTitle') : draft.name || t('slice')}
          stored={stored}
          busy={save.isPending || gate.checking}
          onPanel={sliceId !== 'new' ? setPanel : undefined}
        />
        {status && <p role="status">{status}</p>}
        {gate.status}
        {!dirty && <SaveNotes notes={notes} />}
        <ErrorNote error={error} />
        {!readOnly && <UndoButtons history={undoable} />}
        <SliceForm draft={draft} change={change} readOnly={readOnly} problems={problems} />
      </form>
      <SliceBody
        collectionId={collectionId}
        draft={draft}
        stored={stored}
        readOnly={readOnly}
        edits={{ change, add, pin }}
        onReplaced={() => setStatus(t('saved'))}
      />
      {gate.dialog}
      {leaving}
      {conflictDialog}
      {panel === 'performance' && stored && (
        <PerformancePanel collectionId={collectionId} slice={stored.slice} onClose={() => setPanel(undefined)} />
      )}
      {panel === 'history' && stored && (
        <HistoryPanel
          collectionId={collectionId}
          stored={stored}
          dirty={dirty}
          onClose={() => setPanel(undefined)}
          onRestored={(n, written, consequence) => {
            setPanel(undefined);
            rememberNotes(written, consequence);
            setStatus(t('restored', { n }));
          }}
        />
      )}
    </main>
  );
}

/**
 * Under the form: the products to order by hand beside the catalog search, or a RULES slice's
 * pins, preview and saved list (with its hand-made order when sorted by hand).
 */
function SliceBody({
  collectionId,
  draft,
  stored,
  readOnly,
  edits: { change, add, pin },
  onReplaced,
}: {
  collectionId: number;
  draft: Draft;
  stored: Stored | undefined;
  readOnly: boolean;
  edits: ReturnType<typeof useDraftEdits>;
  onReplaced: () => void;
}) {
  const { canWrite } = useSession();
  const { products: catalog, failure } = useProducts(draft.products);
  const full = draft.products.length >= MAX_SLICE_PRODUCTS;
  const products = (
    <SliceProducts draft={draft} catalog={catalog} failure={failure} readOnly={readOnly} change={change}>
      {canWrite && stored && draft.type !== 'RULES' && (
        <SheetReplace collectionId={collectionId} stored={stored} onReplaced={onReplaced} />
      )}
    </SliceProducts>
  );
  const byHand = canWrite && <CatalogSearch chosen={draft.products} full={full} onAdd={add} />;
  if (draft.type !== 'RULES') {
    return (
      <div className="editor-body">
        {products}
        {byHand}
      </div>
    );
  }
  const pinned = draft.rules.pins.map((p) => p.productId);
  return (
    <RuleSliceBody
      collectionId={collectionId}
      draft={draft}
      stored={stored}
      readOnly={readOnly}
      change={change}
      products={products}
      search={draft.rules.sort === 'manual' ? byHand : canWrite && <CatalogSearch chosen={pinned} full={false} onAdd={pin} />}
    />
  );
}

/** The dialogs the editor's heading opens over a stored slice. */
type EditorPanel = 'history' | 'performance';

/** The editor while its slice is read: why not yet (a failure, retried), else "Loading". */
function EditorLoading({ query }: { query: Parameters<typeof QueryNote>[0]['query'] }) {
  const { t } = useI18n();
  return (
    <main id="main">
      <QueryNote query={query} />
      <p>{t('loading')}</p>
    </main>
  );
}

/** The editor's title with its history, performance and save buttons, then the stored slice's status and version. */
function SliceHeading({
  title,
  stored,
  busy,
  onPanel,
}: {
  title: string;
  stored: Stored | undefined;
  busy: boolean;
  onPanel: ((panel: EditorPanel) => void) | undefined;
}) {
  const { t } = useI18n();
  const { canWrite } = useSession();
  return (
    <>
      <div className="heading">
        <h1>{title}</h1>
        <div className="buttons">
          {onPanel && (
            <>
              <button type="button" onClick={() => onPanel('history')}>
                {t('history')}
              </button>
              <button type="button" onClick={() => onPanel('performance')}>
                {t('performance')}
              </button>
            </>
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
