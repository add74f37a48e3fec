import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError, etagOf, ok } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { takeProposal } from '../shared/drafts';
import { rememberProducts, useProducts } from '../shared/products';
import { go, hrefOf } from '../shared/route';
import { Dialog, ErrorNote } from '../shared/ui';
import { CatalogSearch } from './CatalogSearch';
import { bodyOf, draftOf, emptyDraft, filtersOf, MAX_SLICE_PRODUCTS, type Draft, type Stored } from './draft';
import { HistoryPanel } from './HistoryPanel';
import { ProductGrid } from './ProductGrid';
import { SheetReplace } from './SheetReplace';
import { SliceForm } from './SliceForm';

function useStoredSlice(collectionId: number, sliceId: number | 'new') {
  const { api } = useSession();
  const [stored, setStored] = useState<Stored | undefined>(undefined);
  const [draft, setDraft] = useState<Draft | undefined>(() => {
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
  }, [read]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { stored, setStored, draft, setDraft, error, setError, read, reload };
}

/** The slice editor: its form, its products as a grid, the catalog search, saving with If-Match. */
export function SliceScreen({ collectionId, sliceId }: { collectionId: number; sliceId: number | 'new' }) {
  const { t, dateTime } = useI18n();
  const { api, canWrite } = useSession();
  const { stored, setStored, draft, setDraft, error, setError, read, reload } = useStoredSlice(collectionId, sliceId);
  const [conflict, setConflict] = useState<Stored | undefined>(undefined);
  const [status, setStatus] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState(false);
  const catalog = useProducts(api, draft?.products ?? []);
  const readOnly = !canWrite;

  const change = (patch: Partial<Draft>) => {
    setDraft((d) => (d === undefined ? d : { ...d, ...patch }));
    setStatus(undefined);
  };

  async function save(event: FormEvent | undefined, etag = stored?.etag) {
    event?.preventDefault();
    if (draft === undefined) return;
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
      setError(e);
    } finally {
      setBusy(false);
    }
  }

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
      <form onSubmit={save}>
        <div className="heading">
          <h1>{sliceId === 'new' ? t('newSliceTitle') : draft.name || t('slice')}</h1>
          <div className="buttons">
            {sliceId !== 'new' && (
              <button type="button" onClick={() => setHistory(true)}>
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
        {status && <p role="status">{status}</p>}
        <ErrorNote error={error} />
        <SliceForm draft={draft} change={change} readOnly={readOnly} />
      </form>
      <div className="editor-body">
        <section aria-labelledby="products-title">
          <h2 id="products-title">{t('products')}</h2>
          <p className={full ? 'warning' : undefined}>
            {t('limit', { count: draft.products.length, max: MAX_SLICE_PRODUCTS })}
            {full && ` ${t('limitReached', { max: MAX_SLICE_PRODUCTS })}`}
          </p>
          <ProductGrid
            products={draft.products}
            catalog={catalog}
            filters={filtersOf(draft)}
            readOnly={readOnly}
            onChange={(products) => change({ products })}
          />
          {canWrite && stored && <SheetReplace collectionId={collectionId} stored={stored} onReplaced={() => void reload()} />}
        </section>
        {canWrite && (
          <CatalogSearch
            chosen={draft.products}
            full={full}
            onAdd={(product) => {
              rememberProducts(api, [product]);
              if (!draft.products.includes(product.id) && !full) change({ products: [...draft.products, product.id] });
            }}
          />
        )}
      </div>
      {conflict && (
        <Dialog title={t('conflictTitle')} onClose={() => setConflict(undefined)}>
          <p>{t('conflictBody', { by: conflict.slice.updatedBy, at: dateTime(conflict.slice.updatedAt) })}</p>
          <div className="buttons">
            <button
              type="button"
              onClick={() => {
                setStored(conflict);
                setDraft(draftOf(conflict.slice));
                setConflict(undefined);
              }}
            >
              {t('reload')}
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => {
                const etag = conflict.etag;
                setConflict(undefined);
                void save(undefined, etag);
              }}
            >
              {t('overwrite')}
            </button>
          </div>
        </Dialog>
      )}
      {history && stored && (
        <HistoryPanel
          collectionId={collectionId}
          stored={stored}
          onClose={() => setHistory(false)}
          onRestored={(n) => {
            setHistory(false);
            setStatus(t('restored', { n }));
            void reload();
          }}
        />
      )}
    </main>
  );
}
