import { useId, useState, type FormEvent } from 'react';
import { useSlicePerformance, type PerformanceWindow, type ProductFigures, type SlicePerformance } from '../api/performance';
import { useProducts } from '../api/products';
import { useI18n } from '../i18n/i18n';
import { DateTimeField } from './DateTimeField';
import { dateFieldError, type FieldError } from './field-errors';
import { Dialog, fromLocalInput, isNoEnd, ProductsFailureNote, QueryNote, toLocalInput } from './ui';

type NameOf = (productId: string) => string;

/**
 * What the slice's products did while it was live (views, add-to-carts, purchases), in total and
 * per product, its best and worst, those nobody viewed, beside the slice live before it; over its
 * window so far, or the part of it the merchandiser chooses.
 */
export function PerformancePanel({
  collectionId,
  slice,
  onClose,
}: {
  collectionId: number;
  slice: PerformedSlice;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog title={t('performance')} onClose={onClose}>
      <SliceFigures collectionId={collectionId} slice={slice} />
      <div className="buttons">
        <button type="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Dialog>
  );
}

/** The slice whose figures are read: its id and window. */
export interface PerformedSlice {
  readonly id: number;
  readonly startsAt: string;
  readonly endsAt: string;
}

/** The panel's content without its dialog: the window asked for, then the figures (the planner's side panel shows it inline). */
export function SliceFigures({ collectionId, slice }: { collectionId: number; slice: PerformedSlice }) {
  const { t } = useI18n();
  const [asked, setAsked] = useState<PerformanceWindow>({});
  const query = useSlicePerformance(collectionId, slice.id, asked);
  const figures = query.data;
  const { products, failure } = useProducts(figures?.products.map((p) => p.productId) ?? []);
  const nameOf: NameOf = (id) => products.get(id)?.name ?? id;
  return (
    <>
      <WindowForm slice={slice} onAsk={setAsked} />
      <QueryNote query={query} />
      <ProductsFailureNote failure={failure} />
      {figures === undefined ? <p>{t('loading')}</p> : <Figures figures={figures} nameOf={nameOf} />}
    </>
  );
}

/** The part of the window to count: from its start until its end or now, unless changed. */
function WindowForm({ slice, onAsk }: { slice: PerformedSlice; onAsk: (window: PerformanceWindow) => void }) {
  const { t, locale } = useI18n();
  const ids = [useId(), useId()] as const;
  const { startsAt, endsAt } = slice;
  const [from, setFrom] = useState(() => toLocalInput(startsAt));
  const [to, setTo] = useState(() => toLocalInput(countedUntil(endsAt)));
  const [errors, setErrors] = useState<{ from?: FieldError | undefined; to?: FieldError | undefined }>({});

  function ask(event: FormEvent) {
    event.preventDefault();
    const wrong = { from: dateFieldError(from, locale), to: dateFieldError(to, locale) };
    setErrors(wrong);
    if (wrong.from === undefined && wrong.to === undefined) onAsk({ from: fromLocalInput(from), to: fromLocalInput(to) });
  }

  return (
    <form onSubmit={ask} className="inline" noValidate>
      <DateTimeField id={ids[0]} label={t('performanceFrom')} required value={from} onChange={setFrom} error={errors.from} />
      <DateTimeField id={ids[1]} label={t('performanceTo')} required value={to} onChange={setTo} error={errors.to} />
      <button type="submit">{t('performanceCount')}</button>
    </form>
  );
}

/** Where the default stretch ends: the slice's end, or now while it is live. */
function countedUntil(endsAt: string): string {
  const now = new Date().toISOString();
  return isNoEnd(endsAt) || endsAt > now ? now : endsAt;
}

/** The figures: the stretch counted, the totals beside the slice before, the best, the worst, the unseen, every product. */
function Figures({ figures, nameOf }: { figures: SlicePerformance; nameOf: NameOf }) {
  const { t, dateTime } = useI18n();
  const before = figures.before;
  return (
    <div role="status" className="performance">
      <p>{t('performanceWindow', { from: dateTime(figures.from), until: dateTime(figures.until) })}</p>
      {!figures.complete && <p className="warning">{t('performanceIncomplete', { until: dateTime(figures.countedUntil) })}</p>}
      <p>
        {before === null
          ? t('performanceNoBefore')
          : t('performanceBefore', { name: before.sliceName, from: dateTime(before.from), until: dateTime(before.until) })}
      </p>
      <Totals figures={figures} />
      <h3>{t('performanceBest')}</h3>
      <Ranking products={figures.best} nameOf={nameOf} />
      <h3>{t('performanceWorst')}</h3>
      <Ranking products={figures.worst} nameOf={nameOf} />
      <h3>{t('performanceNotViewed', { count: figures.notViewed.length })}</h3>
      {figures.notViewed.length > 0 && <p>{figures.notViewed.map(nameOf).join(', ')}</p>}
      <details>
        <summary>{t('performanceEveryProduct')}</summary>
        <ProductTable products={figures.products} nameOf={nameOf} />
      </details>
    </div>
  );
}

/** This slice's totals, and the slice before's beside them. */
function Totals({ figures }: { figures: SlicePerformance }) {
  const { t } = useI18n();
  const before = figures.before;
  const rows = [
    ['performanceViews', 'views'],
    ['performanceAddToCarts', 'addToCarts'],
    ['performancePurchases', 'purchases'],
  ] as const;
  return (
    <table aria-label={t('performanceTotals')}>
      <thead>
        <tr>
          <th scope="col">{t('performanceTotals')}</th>
          <th scope="col">{figures.sliceName}</th>
          {before !== null && <th scope="col">{before.sliceName}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, key]) => (
          <tr key={key}>
            <th scope="row">{t(label)}</th>
            <td>{figures.totals[key]}</td>
            {before !== null && <td>{before.totals[key]}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Ranking({ products, nameOf }: { products: readonly ProductFigures[]; nameOf: NameOf }) {
  const { t } = useI18n();
  return (
    <ol>
      {products.map((p) => (
        <li key={p.productId}>
          {t('performanceRow', {
            name: nameOf(p.productId),
            position: p.position,
            views: p.views,
            addToCarts: p.addToCarts,
            purchases: p.purchases,
          })}
        </li>
      ))}
    </ol>
  );
}

/** Every product in the slice's order; a list of cards on a phone. */
function ProductTable({ products, nameOf }: { products: readonly ProductFigures[]; nameOf: NameOf }) {
  const { t } = useI18n();
  return (
    <table className="stacking" aria-label={t('performanceEveryProduct')}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t('products')}</th>
          <th scope="col">{t('performanceViews')}</th>
          <th scope="col">{t('performanceAddToCarts')}</th>
          <th scope="col">{t('performancePurchases')}</th>
        </tr>
      </thead>
      <tbody>
        {products.map((p) => (
          <tr key={p.productId}>
            <td data-label="#">{p.position}</td>
            <td data-label={t('products')}>{nameOf(p.productId)}</td>
            <td data-label={t('performanceViews')}>{p.views}</td>
            <td data-label={t('performanceAddToCarts')}>{p.addToCarts}</td>
            <td data-label={t('performancePurchases')}>{p.purchases}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
