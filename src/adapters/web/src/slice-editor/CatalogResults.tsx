import type { Product } from '../api/client';
import { useI18n } from '../i18n/i18n';

/** One page (or more) of catalog results, each with its add button; a status line when none matched. */
export function CatalogResults({
  products,
  chosen,
  full,
  onAdd,
}: {
  products: readonly Product[];
  chosen: readonly string[];
  full: boolean;
  onAdd: (product: Product) => void;
}) {
  const { t } = useI18n();
  if (products.length === 0) return <p role="status">{t('noResults')}</p>;
  return (
    <ul className="results">
      {products.map((p) => (
        <CatalogResult key={p.id} product={p} added={chosen.includes(p.id)} full={full} onAdd={onAdd} />
      ))}
    </ul>
  );
}

function CatalogResult({
  product: p,
  added,
  full,
  onAdd,
}: {
  product: Product;
  added: boolean;
  full: boolean;
  onAdd: (product: Product) => void;
}) {
  const { t, money } = useI18n();
  return (
    <li>
      <span>
        <strong>{p.name}</strong>
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
      <button type="button" disabled={added || full} onClick={() => onAdd(p)}>
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
}
