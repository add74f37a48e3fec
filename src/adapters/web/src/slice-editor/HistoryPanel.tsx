import { useEffect, useState } from 'react';
import { ok, type Schemas } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { Dialog, ErrorNote } from '../shared/ui';
import type { Stored } from './draft';

type VersionSummary = Schemas['SliceVersionList']['versions'][number];

/** Every kept version of the slice, newest first, with what changed; any can be restored. */
export function HistoryPanel(props: {
  collectionId: number;
  stored: Stored;
  onClose: () => void;
  onRestored: (version: number) => void;
}) {
  const { t, dateTime } = useI18n();
  const { api, canWrite } = useSession();
  const [versions, setVersions] = useState<VersionSummary[] | undefined>(undefined);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const path = { id: props.collectionId, sliceId: props.stored.slice.id };

  async function load(cursor?: string) {
    try {
      const page = await ok(
        api.GET('/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}/versions', {
          params: { path, query: { limit: '20', ...(cursor ? { cursor } : {}) } },
        }),
      );
      setVersions((v) => [...(cursor ? (v ?? []) : []), ...page.versions]);
      setNext(page.nextCursor);
    } catch (e) {
      setError(e);
    }
  }
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once when opened
  }, []);

  async function restore(version: number) {
    try {
      await ok(
        api.POST('/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}/versions/{version}/restore', {
          params: { path: { ...path, version }, header: { 'If-Match': props.stored.etag } },
        }),
      );
      props.onRestored(version);
    } catch (e) {
      setError(e);
    }
  }

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
    <Dialog title={t('history')} onClose={props.onClose}>
      <ErrorNote error={error} />
      {versions === undefined ? (
        <p>{t('loading')}</p>
      ) : (
        <ol className="versions">
          {versions.map((v) => (
            <li key={v.version}>
              <strong>{t('version', { n: v.version })}</strong> {t('versionBy', { by: v.by, at: dateTime(v.at) })} · “{v.name}” ·{' '}
              {t('productCount', { count: v.productCount })} · {describe(v.changes)}
              {canWrite && v.version !== props.stored.slice.version && (
                <button type="button" onClick={() => void restore(v.version)}>
                  {t('restoreThisVersion')}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {next && (
        <button type="button" onClick={() => void load(next)}>
          {t('nextPage')}
        </button>
      )}
      <div className="buttons">
        <button type="button" onClick={props.onClose}>
          {t('close')}
        </button>
      </div>
    </Dialog>
  );
}
