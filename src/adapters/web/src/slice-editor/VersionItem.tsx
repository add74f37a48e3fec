import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';
import type { VersionSummary } from './api/slice';

export type { VersionSummary };

/** One kept version: who, when, its name and size, what it changed (naming the products); View and Restore. */
export function VersionItem({
  version: v,
  nameOf,
  onView,
  onRestore,
  children,
}: {
  version: VersionSummary;
  nameOf: (id: string) => string;
  onView: () => void;
  onRestore: (() => void) | undefined;
  children?: ReactNode;
}) {
  const { t, dateTime } = useI18n();

  /** What the version changed from the one before it (unknown for the first kept one). */
  const describe = (c: VersionSummary['changes']): string => {
    if (c === null) return t('changeCreated');
    const parts: string[] = [];
    if (c.counts.added) parts.push(t('changeAdded', { count: c.counts.added }));
    if (c.counts.removed) parts.push(t('changeRemoved', { count: c.counts.removed }));
    if (c.counts.moved) parts.push(t('changeMoved', { count: c.counts.moved }));
    if (c.fields.includes('name')) parts.push(t('changeName'));
    if (c.fields.includes('startsAt') || c.fields.includes('endsAt')) parts.push(t('changeDates'));
    if (c.fields.includes('filters')) parts.push(t('changeFilters'));
    if (c.fields.includes('type')) parts.push(t('changeType'));
    return parts.length > 0 ? parts.join(', ') : t('noChange');
  };
  const c = v.changes;

  return (
    <li>
      <strong>{t('version', { n: v.version })}</strong> {t('versionBy', { by: v.by, at: dateTime(v.at) })} · “{v.name}” ·{' '}
      {t('productCount', { count: v.productCount })} · {describe(c)}
      {c !== null && (
        <ul className="version-changes">
          {c.added.length > 0 && <li>{t('changedAdded', { names: c.added.map((p) => nameOf(p.productId)).join(', ') })}</li>}
          {c.removed.length > 0 && (
            <li>{t('changedRemoved', { names: c.removed.map((p) => nameOf(p.productId)).join(', ') })}</li>
          )}
          {c.moved.length > 0 && (
            <li>
              {t('changedMoved', {
                names: c.moved.map((p) => t('movedFromTo', { name: nameOf(p.productId), from: p.from, to: p.to })).join(', '),
              })}
            </li>
          )}
        </ul>
      )}
      <button type="button" aria-expanded={children !== undefined && children !== false} onClick={onView}>
        {t('viewVersion')}
      </button>
      {onRestore && (
        <button type="button" onClick={onRestore}>
          {t('restoreThisVersion')}
        </button>
      )}
      {children}
    </li>
  );
}
