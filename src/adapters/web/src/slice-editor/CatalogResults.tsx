import { memo, useMemo } from 'react';
import type { Product } from '../api/client';
import { useI18n } from '../i18n/i18n';

/** Results of the catalog search, each with its picture, SKU and add button; a status line when none matched. */
export function CatalogResults({
  products,
  chosen,
  full,
  onAdd,
}: {
  products: readonly Product[];
  chosen: readonly string[];
  full: boolean;
  onAdd: (products: readonly Product[]) => unknown;
}) {
  const { t } = useI18n();
  const inSlice = useMemo(() => new Set(chosen), [chosen]);
  if (products.length === 0) return <p role="status">{t('noResults')}</p>;
  return (
    <ul className="results">
      {products.map((p) => (
        <CatalogResult key={p.id} product={p} added={inSlice.has(p.id)} full={full} onAdd={onAdd} />
      ))}
    </ul>
  );
}

const CatalogResult = memo(function CatalogResult({
  product: p,
  added,
  full,
  onAdd,
}: {
  product: Product;
  added: boolean;
  full: boolean;
  onAdd: (products: readonly Product[]) => unknown;
}) {
  const { t, money } = useI18n();
  return (
    <li className="result" data-product-id={p.id}>
      {p.imageUrl ? (
        <img src={p.imageUrl} alt="" loading="lazy" referrerPolicy="no-referrer" />
      ) : (
        <span className="placeholder" aria-hidden="true">
          {p.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="result-text">
        <strong>{p.name}</strong>
        <span className="meta sku">{t('sku', { id: p.id })}</span>
        <span className="meta">
          {[
            p.brand,
            p.category,
            p.price === undefined ? undefined : money(p.price),
            p.available ? t('available') : t('unavailable'),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </span>
      <button type="button" disabled={added || full} onClick={() => onAdd([p])}>
        {added ? (
          <>
            {t('added')}
            <span className="sr-only"> {p.name}</span>
          </>
        ) : (
          <>
            <span aria-hidden="true">+</span>
            <span className="sr-only">{t('add', { name: p.name })}</span>
          </>
        )}
      </button>
    </li>
  );
});
