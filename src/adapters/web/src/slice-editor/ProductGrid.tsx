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
import type { Product, SliceFilters } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { inactiveReasons } from '../shared/slice-filter-rule';
import { moved } from './draft';

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
 */
export function ProductGrid({ products, catalog, filters, readOnly, onChange }: GridProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string) => catalog.get(id)?.name ?? id;
  function dragEnd({ active, over }: DragEndEvent) {
    if (over === null || active.id === over.id) return;
    onChange(moved(products, products.indexOf(String(active.id)), products.indexOf(String(over.id))));
  }
  return (
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
      <SortableContext items={[...products]} strategy={rectSortingStrategy} disabled={readOnly}>
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
              move={(to) => onChange(moved(products, index, to))}
              remove={() => onChange(products.filter((p) => p !== id))}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface CardProps {
  id: string;
  index: number;
  count: number;
  product: Product | null | undefined;
  filters: SliceFilters;
  readOnly: boolean;
  move: (to: number) => void;
  remove: () => void;
}

function ProductCard({ id, index, count, product, filters, readOnly, move, remove }: CardProps) {
  const { t, money } = useI18n();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: readOnly });
  const name = product?.name ?? id;
  const reasons = inactiveReasons(product, filters);
  return (
    <li
      ref={setNodeRef}
      className={`card${isDragging ? ' dragging' : ''}${product === null || reasons.length > 0 ? ' inactive' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={name}
      data-product-id={id}
    >
      <div className="card-top">
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
          {/* A product the catalog does not hold is never shown as active, whatever the filters say. */}
          <span className={`flag ${product === null || reasons.length > 0 ? 'off' : 'on'}`}>
            {product === null
              ? t('notInCatalogFlag')
              : reasons.length > 0
                ? `${t('inactiveFlag')}: ${reasons.map((r) => t(r)).join(', ')}`
                : t('activeFlag')}
          </span>
        </>
      )}
      {!readOnly && (
        <div className="card-actions">
          <button type="button" disabled={index === 0} onClick={() => move(index - 1)} aria-label={t('moveUp', { name })}>
            ↑
          </button>
          <button
            type="button"
            disabled={index === count - 1}
            onClick={() => move(index + 1)}
            aria-label={t('moveDown', { name })}
          >
            ↓
          </button>
          <button type="button" className="danger" onClick={remove} aria-label={t('remove', { name })}>
            ✕
          </button>
        </div>
      )}
    </li>
  );
}
