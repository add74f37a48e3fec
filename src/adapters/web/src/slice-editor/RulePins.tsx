import { useMemo } from 'react';
import { useProducts } from '../api/products';
import { useI18n } from '../i18n/i18n';
import type { Pin, RulesDraft } from './rules';

/** The products pinned at fixed positions of a RULES slice: each one's position, and unpinning it. */
export function RulePins({
  rules,
  readOnly,
  onChange,
}: {
  rules: RulesDraft;
  readOnly: boolean;
  onChange: (pins: Pin[]) => void;
}) {
  const { t } = useI18n();
  const ids = useMemo(() => rules.pins.map((pin) => pin.productId), [rules.pins]);
  const { products: catalog } = useProducts(ids);
  const nameOf = (productId: string) => catalog.get(productId)?.name ?? productId;
  const moved = (productId: string, position: number) =>
    onChange(rules.pins.map((pin) => (pin.productId === productId ? { productId, position } : pin)));
  return (
    <section aria-labelledby="pins-title">
      <h2 id="pins-title">{t('pinsTitle')}</h2>
      <p className="meta">{t('pinsHelp')}</p>
      {rules.pins.length === 0 ? (
        <p>{t('noPins')}</p>
      ) : (
        <ol className="pins">
          {rules.pins.map((pin) => (
            <li key={pin.productId}>
              <span>{nameOf(pin.productId)}</span>{' '}
              <label>
                <span className="sr-only">{t('pinPosition', { name: nameOf(pin.productId) })}</span>
                <input
                  type="number"
                  min={1}
                  max={500}
                  disabled={readOnly}
                  value={pin.position}
                  onChange={(e) => moved(pin.productId, Number(e.target.value))}
                />
              </label>{' '}
              {!readOnly && (
                <button type="button" onClick={() => onChange(rules.pins.filter((p) => p.productId !== pin.productId))}>
                  {t('unpin', { name: nameOf(pin.productId) })}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
