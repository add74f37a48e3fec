import type { Schemas } from '../api/client';
import { useI18n } from '../i18n/i18n';

export type VersionSummary = Schemas['SliceVersionList']['versions'][number];

/** One kept version: who, when, its name and size, what it changed; a restore button when offered. */
export function VersionItem({ version: v, onRestore }: { version: VersionSummary; onRestore: (() => void) | undefined }) {
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

  return (
    <li>
      <strong>{t('version', { n: v.version })}</strong> {t('versionBy', { by: v.by, at: dateTime(v.at) })} · “{v.name}” ·{' '}
      {t('productCount', { count: v.productCount })} · {describe(v.changes)}
      {onRestore && (
        <button type="button" onClick={onRestore}>
          {t('restoreThisVersion')}
        </button>
      )}
    </li>
  );
}
