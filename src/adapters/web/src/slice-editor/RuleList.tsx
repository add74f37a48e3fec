import { useMemo } from 'react';
import { useProducts } from '../api/products';
import { useI18n } from '../i18n/i18n';
import { useDebounced } from '../shared/debounce';
import { ErrorNote, ProductsFailureNote } from '../shared/ui';
import { useRulePreview } from './api/rules';
import type { Stored } from './draft';
import { rulesBodyOf, type RulesDraft } from './rules';

/** How long editing must pause before the rules are previewed again. */
const PREVIEW_DELAY_MS = 300;

/**
 * What a RULES slice holds: live, what its rules as edited would hold now (the preview route,
 * asked again as they change), and for a saved slice the list its rules made, when they last did
 * and when that last changed it. Its order is the rules' (read-only): only pins move products.
 */
export function RuleList({
  collectionId,
  rules,
  order,
  stored,
}: {
  collectionId: number;
  rules: RulesDraft;
  order: readonly string[];
  stored: Stored | undefined;
}) {
  const { t, dateTime } = useI18n();
  const body = useMemo(() => rulesBodyOf(rules, order), [rules, order]);
  const { settled } = useDebounced(body, PREVIEW_DELAY_MS);
  const preview = useRulePreview(collectionId, settled);
  const saved = stored?.slice.rules === undefined ? undefined : stored.slice;
  return (
    <section aria-labelledby="rule-preview-title" className="rule-list">
      <h2 id="rule-preview-title">{t('rulePreviewTitle')}</h2>
      <ErrorNote error={preview.error ?? undefined} />
      {preview.data && (
        <>
          <p role="status">
            {t('rulePreviewCounts', {
              shown: preview.data.counts.shown,
              matching: preview.data.counts.matching,
              pinned: preview.data.counts.pinned,
            })}
          </p>
          <RuleProducts label={t('rulePreviewTitle')} products={preview.data.products} />
        </>
      )}
      {saved && (
        <>
          <h3>{t('ruleSavedTitle')}</h3>
          {saved.refreshedAt && (
            <p className="meta">
              {t('ruleRefreshed', {
                at: dateTime(saved.refreshedAt),
                changed: dateTime(saved.listChangedAt ?? saved.refreshedAt),
              })}
            </p>
          )}
          <RuleProducts
            label={t('ruleSavedTitle')}
            products={saved.products.map((p) => ({
              ...p,
              pinned: (saved.rules?.pins ?? []).some((pin) => pin.productId === p.productId),
            }))}
          />
        </>
      )}
    </section>
  );
}

/** A list of a rule slice's products in their order, pinned ones marked (read-only). */
function RuleProducts({
  label,
  products,
}: {
  label: string;
  products: readonly { productId: string; position: number; pinned: boolean }[];
}) {
  const { t } = useI18n();
  const ids = useMemo(() => products.map((p) => p.productId), [products]);
  const { products: catalog, failure } = useProducts(ids);
  return (
    <>
      <ProductsFailureNote failure={failure} />
      <ol className="rule-products" aria-label={label}>
        {products.map((p) => (
          <li key={p.productId}>
            <span className="position">{p.position}.</span> {catalog.get(p.productId)?.name ?? p.productId}{' '}
            <span className="meta sku">{t('sku', { id: p.productId })}</span>
            {p.pinned && <span className="chip pinned"> {t('pinned')}</span>}
          </li>
        ))}
      </ol>
    </>
  );
}
