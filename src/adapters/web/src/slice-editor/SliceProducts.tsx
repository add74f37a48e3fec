import { useCallback, useMemo, type ReactNode } from 'react';
import type { Product } from '../api/client';
import { useI18n } from '../i18n/i18n';
import type { ProductsFailure } from '../api/products';
import { ProductsFailureNote } from '../shared/ui';
import { filtersOf, MAX_SLICE_PRODUCTS, type Draft } from './draft';
import { ProductGrid } from './ProductGrid';

/** The slice's products: how many of the limit, then the grid to reorder and remove them. */
export function SliceProducts({
  draft,
  catalog,
  failure,
  readOnly,
  change,
  children,
}: {
  draft: Draft;
  catalog: ReadonlyMap<string, Product | null>;
  failure: ProductsFailure | undefined;
  readOnly: boolean;
  change: (patch: Partial<Draft>) => void;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const full = draft.products.length >= MAX_SLICE_PRODUCTS;
  const { availableOnly, categories, brands, tags, minPrice, maxPrice } = draft;
  // The same filters object while they do not change, so typing a name re-renders no card.
  const filters = useMemo(
    () => filtersOf({ availableOnly, categories, brands, tags, minPrice, maxPrice }),
    [availableOnly, categories, brands, tags, minPrice, maxPrice],
  );
  const onChange = useCallback((products: string[]) => change({ products }), [change]);
  return (
    <section aria-labelledby="products-title">
      <h2 id="products-title">{t('products')}</h2>
      <p className={full ? 'warning' : undefined}>
        {full
          ? `${t('productCount', { count: draft.products.length })}. ${t('limitReached', { max: MAX_SLICE_PRODUCTS })}`
          : t('limit', { count: draft.products.length, max: MAX_SLICE_PRODUCTS })}
      </p>
      <ProductsFailureNote failure={failure} />
      <ProductGrid products={draft.products} catalog={catalog} filters={filters} readOnly={readOnly} onChange={onChange} />
      {children}
    </section>
  );
}
