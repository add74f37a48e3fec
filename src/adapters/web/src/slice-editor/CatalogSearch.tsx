import { useId, useState, type FormEvent } from 'react';
import { ok, type Product } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { useRememberProducts } from '../api/products';
import { ErrorNote } from '../shared/ui';
import { CatalogResults } from './CatalogResults';

const PAGE = 24;

/** The catalog, searched by relevance through the service's content index; each result can be added. */
export function CatalogSearch({
  chosen,
  full,
  onAdd,
}: {
  chosen: readonly string[];
  full: boolean;
  onAdd: (product: Product) => void;
}) {
  const { t } = useI18n();
  const { api } = useSession();
  const remember = useRememberProducts();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<{ products: Product[]; nextCursor: string | null } | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const fieldId = useId();

  async function search(event: FormEvent | undefined, cursor?: string) {
    event?.preventDefault();
    try {
      const query = { limit: String(PAGE), ...(q.trim() ? { q: q.trim() } : {}), ...(cursor ? { cursor } : {}) };
      const page = await ok(api.GET('/api/v1/products/protected/catalog', { params: { query } }));
      remember(page.products);
      setResults(cursor ? { products: [...(results?.products ?? []), ...page.products], nextCursor: page.nextCursor } : page);
      setError(undefined);
    } catch (e) {
      setError(e);
    }
  }

  return (
    <section className="catalog-search" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`}>{t('searchProducts')}</h2>
      <form role="search" onSubmit={search} className="inline">
        <input
          id={fieldId}
          type="search"
          aria-label={t('searchProducts')}
          value={q}
          maxLength={200}
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="submit">{t('search')}</button>
      </form>
      <ErrorNote error={error} />
      {results !== undefined && <CatalogResults products={results.products} chosen={chosen} full={full} onAdd={onAdd} />}
      {results?.nextCursor && (
        <button type="button" onClick={() => void search(undefined, results.nextCursor ?? undefined)}>
          {t('nextPage')}
        </button>
      )}
    </section>
  );
}
