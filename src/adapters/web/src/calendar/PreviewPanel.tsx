import { useId, useState, type FormEvent } from 'react';
import { ApiError, type ActiveSlice } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { useProducts } from '../api/products';
import { DateTimeField } from '../shared/DateTimeField';
import { dateFieldError, type FieldError } from '../shared/field-errors';
import { ErrorNote, fromLocalInput, ProductsFailureNote, toLocalInput } from '../shared/ui';

/** What `GET /:id?at=` answers at a chosen instant: the slice served then, and its products' flags. */
export function PreviewPanel({ collectionId }: { collectionId: number }) {
  const { t, dateTime, locale } = useI18n();
  const [atError, setAtError] = useState<FieldError | undefined>(undefined);
  const { api } = useSession();
  const [at, setAt] = useState(() => toLocalInput(new Date().toISOString()));
  const [answer, setAnswer] = useState<{ at: string; slice: ActiveSlice | null } | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const fieldId = useId();
  const { products, failure } = useProducts(answer?.slice?.products.map((p) => p.productId) ?? []);

  async function preview(event: FormEvent) {
    event.preventDefault();
    const wrong = dateFieldError(at, locale);
    setAtError(wrong);
    if (wrong !== undefined) return;
    const instant = fromLocalInput(at);
    const {
      data,
      error: problem,
      response,
    } = await api.GET('/api/v1/merchandising-collections/protected/{id}', {
      params: { path: { id: collectionId }, query: { at: instant } },
    });
    if (data !== undefined) setAnswer({ at: instant, slice: data });
    else if (response.status === 404 && (problem as { code?: string } | undefined)?.code === 'NO_ACTIVE_SLICE') {
      setAnswer({ at: instant, slice: null });
    } else {
      setError(new ApiError(response.status, problem as never));
      return;
    }
    setError(undefined);
  }

  return (
    <section aria-labelledby="preview-title" className="preview">
      <h2 id="preview-title">{t('preview')}</h2>
      <form onSubmit={preview} className="inline" noValidate>
        <DateTimeField id={fieldId} label={t('previewAt')} required value={at} onChange={setAt} error={atError} />
        <button type="submit">{t('preview')}</button>
      </form>
      <ErrorNote error={error} />
      <ProductsFailureNote failure={failure} />
      {answer !== undefined && (
        <div role="status">
          {answer.slice === null ? (
            <p>{t('previewNothing', { instant: dateTime(answer.at) })}</p>
          ) : (
            <>
              <p>{t('previewServes', { instant: dateTime(answer.at), name: answer.slice.sliceName })}</p>
              <table className="stacking" aria-label={answer.slice.sliceName}>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{t('products')}</th>
                    <th scope="col">{t('status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {answer.slice.products.map((p) => (
                    <tr key={p.productId}>
                      <td data-label="#">{p.position}</td>
                      <td data-label={t('products')}>{products.get(p.productId)?.name ?? p.productId}</td>
                      <td data-label={t('status')}>{p.active ? t('activeFlag') : t('inactiveFlag')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </div>
      )}
    </section>
  );
}
