import { useId, useState, type FormEvent } from 'react';
import type { Product } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useDebounced } from '../shared/debounce';
import { ErrorNote } from '../shared/ui';
import { useCatalogNames, useCatalogSearch, type CatalogQuery } from './api/catalog';
import { CatalogResults } from './CatalogResults';
import { MAX_SLICE_PRODUCTS } from './draft';

const PAGE = 24;
/** How long typing must pause before the catalog is asked (Enter asks at once). */
export const SEARCH_DELAY_MS = 250;

/** What adding some results did: how many went into the slice, how many the limit left out. */
export interface AddOutcome {
  readonly added: number;
  readonly leftOut: number;
}

/**
 * The catalog, searched as the merchandiser types (the last word also as the start of a word) and
 * filtered by category, brand and availability; each result, or all those shown, can be added.
 */
export function CatalogSearch({
  chosen,
  full,
  onAdd,
}: {
  chosen: readonly string[];
  full: boolean;
  onAdd: (products: readonly Product[]) => AddOutcome;
}) {
  const { t } = useI18n();
  const [typed, setTyped] = useState<CatalogQuery>({ q: '', category: '', brand: '', available: '' });
  const { settled, flush } = useDebounced(typed, SEARCH_DELAY_MS);
  // Nothing is asked before the merchandiser types or filters, nor the filters' choices before the search is used.
  const asked = settled.q.trim() !== '' || settled.category !== '' || settled.brand !== '' || settled.available !== '';
  const [engaged, setEngaged] = useState(false);
  const search = useCatalogSearch(settled, PAGE, asked);
  const names = useCatalogNames(engaged);
  const [outcome, setOutcome] = useState<AddOutcome | undefined>(undefined);
  const fieldId = useId();
  const results = search.data?.pages.flatMap((page) => page.products);
  const set = (patch: Partial<CatalogQuery>) => {
    setTyped((q) => ({ ...q, ...patch }));
    setOutcome(undefined);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    flush();
  }

  function addAll() {
    if (results !== undefined) setOutcome(onAdd(results));
  }

  return (
    <section className="catalog-search" aria-labelledby={`${fieldId}-title`} onFocus={() => setEngaged(true)}>
      <h2 id={`${fieldId}-title`}>{t('searchProducts')}</h2>
      <form role="search" onSubmit={submit} className="search-form">
        <input
          id={fieldId}
          type="search"
          aria-label={t('searchProducts')}
          value={typed.q}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => set({ q: e.target.value })}
        />
        <SearchFilters typed={typed} names={names.data} onChange={set} />
      </form>
      <ErrorNote error={search.error ?? names.error ?? undefined} />
      {search.isFetching && !search.isFetchingNextPage && (
        <p className="meta" role="status">
          {t('searching')}
        </p>
      )}
      {asked && results !== undefined && <CatalogResults products={results} chosen={chosen} full={full} onAdd={onAdd} />}
      {asked && results !== undefined && results.length > 0 && (
        <p className="inline">
          <button type="button" disabled={full} onClick={addAll}>
            {t('addAllResults')}
          </button>
        </p>
      )}
      {outcome !== undefined && (
        <p role="status" className={outcome.leftOut > 0 ? 'warning' : undefined}>
          {t('productsAdded', { added: outcome.added })}
          {outcome.leftOut > 0 && ` ${t('productsLeftOut', { leftOut: outcome.leftOut, max: MAX_SLICE_PRODUCTS })}`}
        </p>
      )}
      {asked && search.hasNextPage && (
        <button type="button" disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
          {t('nextPage')}
        </button>
      )}
    </section>
  );
}

/** The search's filters: a category and a brand of the catalog's (once they are read), availability. */
function SearchFilters({
  typed,
  names,
  onChange,
}: {
  typed: CatalogQuery;
  names: { categories: readonly string[]; brands: readonly string[] } | undefined;
  onChange: (patch: Partial<CatalogQuery>) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="search-filters">
      <NameFilter
        label={t('categoryFilter')}
        any={t('anyCategory')}
        names={names?.categories}
        value={typed.category}
        onChange={(category) => onChange({ category })}
      />
      <NameFilter
        label={t('brandFilter')}
        any={t('anyBrand')}
        names={names?.brands}
        value={typed.brand}
        onChange={(brand) => onChange({ brand })}
      />
      <label>
        {t('availabilityFilter')}
        <select value={typed.available} onChange={(e) => onChange({ available: e.target.value as CatalogQuery['available'] })}>
          <option value="">{t('anyAvailability')}</option>
          <option value="true">{t('onlyAvailable')}</option>
          <option value="false">{t('onlyUnavailable')}</option>
        </select>
      </label>
    </div>
  );
}

/** A filter by one of the catalog's names (a category, a brand), or by none. */
function NameFilter({
  label,
  any,
  names,
  value,
  onChange,
}: {
  label: string;
  any: string;
  names: readonly string[] | undefined;
  value: string;
  onChange: (name: string) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{any}</option>
        {names?.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
