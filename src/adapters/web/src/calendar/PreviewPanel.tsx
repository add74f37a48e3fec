import { useId, useState, type FormEvent } from 'react';
import { useI18n } from '../i18n/i18n';
import { useProducts } from '../api/products';
import { DateTimeField } from '../shared/DateTimeField';
import { dateFieldError, type FieldError } from '../shared/field-errors';
import { fromLocalInput, ProductsFailureNote, QueryNote, toLocalInput } from '../shared/ui';
import { useServedAt } from './api';

/** What `GET /:id?at=` answers at a chosen instant: the slice served then, and its products' flags. */
export function PreviewPanel({ collectionId }: { collectionId: number }) {
  const { t, dateTime, locale } = useI18n();
  const [atError, setAtError] = useState<FieldError | undefined>(undefined);
  const [at, setAt] = useState(() => toLocalInput(new Date().toISOString()));
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const query = useServedAt(collectionId, asked);
  const answer = asked !== undefined && query.data !== undefined ? { at: asked, slice: query.data } : undefined;
  const fieldId = useId();
  const { products, failure } = useProducts(answer?.slice?.products.map((p) => p.productId) ?? []);

  function preview(event: FormEvent) {
    event.preventDefault();
    const wrong = dateFieldError(at, locale);
    setAtError(wrong);
    if (wrong !== undefined) return;
    setAsked(fromLocalInput(at));
  }

  return (
    <section aria-labelledby="preview-title" className="preview">
      <h2 id="preview-title">{t('preview')}</h2>
      <form onSubmit={preview} className="inline" noValidate>
        <DateTimeField id={fieldId} label={t('previewAt')} required value={at} onChange={setAt} error={atError} />
        <button type="submit">{t('preview')}</button>
      </form>
      <QueryNote query={query} />
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
