import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import type { Product, SliceFilters } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { inactiveReasons, type InactiveReason } from '../shared/slice-filter-rule';
import { moved, movedTo } from './draft';

interface GridProps {
  products: readonly string[];
  catalog: ReadonlyMap<string, Product | null>;
  filters: SliceFilters;
  readOnly: boolean;
  onChange: (products: string[]) => void;
}

/**
 * The slice's products as cards in display order: reordered by dragging, by keyboard (Space on a
 * card's handle, the arrow keys, Space again) or by its Move buttons; removed by its Remove button.
 * Cards can be selected (their checkbox) to remove them together or move them, in their order, to a
 * position. The grid, and each card, render again only when what they show changes (not when the
 * slice's name does: the drag-and-drop contexts would otherwise render all 500 cards a key).
 */
export const ProductGrid = memo(function ProductGrid({ products, catalog, filters, readOnly, onChange }: GridProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  // Only the cards still in the slice count as selected (an undo may take some away).
  const selected = useMemo(() => new Set(products.filter((id) => chosen.has(id))), [products, chosen]);
  const items = useMemo(() => [...products], [products]);
  const nameOf = (id: string) => catalog.get(id)?.name ?? id;
  function dragEnd({ active, over }: DragEndEvent) {
    if (over === null || active.id === over.id) return;
    onChange(moved(products, products.indexOf(String(active.id)), products.indexOf(String(over.id))));
  }
  const move = useCallback((id: string, to: number) => onChange(moved(products, products.indexOf(id), to)), [products, onChange]);
  const remove = useCallback((id: string) => onChange(products.filter((p) => p !== id)), [products, onChange]);
  const toggle = useCallback((id: string, on: boolean) => {
    setChosen((before) => {
      const after = new Set(before);
      if (on) after.add(id);
      else after.delete(id);
      return after;
    });
  }, []);
  return (
    <>
      {!readOnly && selected.size > 0 && (
        <SelectionBar
          count={selected.size}
          max={products.length}
          onRemove={() => {
            onChange(products.filter((id) => !selected.has(id)));
            setChosen(new Set());
          }}
          onMove={(position) => onChange(movedTo(products, selected, position))}
          onClear={() => setChosen(new Set())}
        />
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={dragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `${nameOf(String(active.id))}: ${products.indexOf(String(active.id)) + 1}`,
            onDragOver: ({ active, over }) =>
              over ? `${nameOf(String(active.id))} → ${products.indexOf(String(over.id)) + 1}` : '',
            onDragEnd: ({ active, over }) =>
              over ? `${nameOf(String(active.id))} → ${products.indexOf(String(over.id)) + 1}` : '',
            onDragCancel: ({ active }) => nameOf(String(active.id)),
          },
        }}
      >
        <SortableContext items={items} strategy={rectSortingStrategy} disabled={readOnly}>
          <ol className="product-grid">
            {products.map((id, index) => (
              <ProductCard
                key={id}
                id={id}
                index={index}
                count={products.length}
                product={catalog.get(id)}
                filters={filters}
                readOnly={readOnly}
                selected={selected.has(id)}
                move={move}
                remove={remove}
                toggle={toggle}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </>
  );
});

/** What to do with the selected cards: remove them, or move them to a position. */
function SelectionBar({
  count,
  max,
  onRemove,
  onMove,
  onClear,
}: {
  count: number;
  max: number;
  onRemove: () => void;
  onMove: (position: number) => void;
  onClear: () => void;
}) {
  const { t } = useI18n();
  const [position, setPosition] = useState('1');
  const fieldId = useId();
  const valid = /^\d+$/.test(position) && Number(position) >= 1 && Number(position) <= max;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid) onMove(Number(position));
  }
  return (
    <form className="selection-bar" onSubmit={submit} aria-label={t('selectedCount', { count })}>
      <span role="status">{t('selectedCount', { count })}</span>
      <button type="button" className="danger" onClick={onRemove}>
        {t('removeSelected')}
      </button>
      <label htmlFor={fieldId}>{t('positionField')}</label>
      <input
        id={fieldId}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={position}
        onChange={(e) => setPosition(e.target.value)}
      />
      <button type="submit" disabled={!valid}>
        {t('moveSelected')}
      </button>
      <button type="button" onClick={onClear}>
        {t('clearSelection')}
      </button>
    </form>
  );
}

interface CardProps {
  id: string;
  index: number;
  count: number;
  product: Product | null | undefined;
  filters: SliceFilters;
  readOnly: boolean;
  selected: boolean;
  move: (id: string, to: number) => void;
  remove: (id: string) => void;
  toggle: (id: string, on: boolean) => void;
}

const ProductCard = memo(function ProductCard({
  id,
  index,
  count,
  product,
  filters,
  readOnly,
  selected,
  move,
  remove,
  toggle,
}: CardProps) {
  const { t, money } = useI18n();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: readOnly });
  const name = product?.name ?? id;
  const reasons = inactiveReasons(product, filters);
  return (
    <li
      ref={setNodeRef}
      className={`card${isDragging ? ' dragging' : ''}${product === null || reasons.length > 0 ? ' inactive' : ''}${selected ? ' selected' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={name}
      data-product-id={id}
    >
      <div className="card-top">
        {!readOnly && (
          <input
            type="checkbox"
            className="select"
            checked={selected}
            onChange={(e) => toggle(id, e.target.checked)}
            aria-label={t('selectProduct', { name })}
          />
        )}
        <span className="position">{t('position', { n: index + 1 })}</span>
        {!readOnly && (
          <button type="button" className="handle" {...attributes} {...listeners} aria-label={t('dragHandle', { name })}>
            ⠿
          </button>
        )}
      </div>
      {product?.imageUrl ? (
        <img src={product.imageUrl} alt={name} loading="lazy" referrerPolicy="no-referrer" />
      ) : (
        <div className="placeholder" role="img" aria-label={t('noImage')}>
          {name.slice(0, 1).toUpperCase()}
        </div>
      )}
      <strong className="name">{name}</strong>
      <span className="meta">
        {[product?.brand, product?.price === undefined ? undefined : money(product.price)].filter(Boolean).join(' · ')}
      </span>
      {product === undefined ? (
        <span className="meta">{t('loading')}</span>
      ) : (
        <>
          <span className="meta">
            {product === null ? t('whyMissing') : product.available ? t('available') : t('unavailable')}
          </span>
          <CardFlag product={product} reasons={reasons} />
        </>
      )}
      {!readOnly && <CardActions id={id} name={name} index={index} count={count} move={move} remove={remove} />}
    </li>
  );
});

/**
 * Whether the card's product is active, and why not. A product the catalog does not hold is never
 * shown as active, whatever the filters say; one the filters keep while it is unavailable is
 * active (the contract's flag) but said so, never plain green.
 */
function CardFlag({ product, reasons }: { product: Product | null; reasons: readonly InactiveReason[] }) {
  const { t } = useI18n();
  const kept = product !== null && reasons.length === 0;
  return (
    <span
      className={`flag ${!kept ? 'off' : product.available ? 'on' : 'warn'}`}
      title={kept && !product.available ? t('activeUnavailableHelp') : undefined}
    >
      {product === null
        ? t('notInCatalogFlag')
        : reasons.length > 0
          ? `${t('inactiveFlag')}: ${reasons.map((r) => t(r)).join(', ')}`
          : product.available
            ? t('activeFlag')
            : t('activeUnavailableFlag')}
    </span>
  );
}

/** A card's buttons: one place up or down, and remove. */
function CardActions({
  id,
  name,
  index,
  count,
  move,
  remove,
}: Pick<CardProps, 'id' | 'index' | 'count' | 'move' | 'remove'> & { name: string }) {
  const { t } = useI18n();
  return (
    <div className="card-actions">
      <button type="button" disabled={index === 0} onClick={() => move(id, index - 1)} aria-label={t('moveUp', { name })}>
        ↑
      </button>
      <button
        type="button"
        disabled={index === count - 1}
        onClick={() => move(id, index + 1)}
        aria-label={t('moveDown', { name })}
      >
        ↓
      </button>
      <button type="button" className="danger" onClick={() => remove(id)} aria-label={t('remove', { name })}>
        ✕
      </button>
    </div>
  );
}
