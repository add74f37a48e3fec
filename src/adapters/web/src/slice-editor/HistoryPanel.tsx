import { useEffect, useState } from 'react';
import { ok } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { Dialog, ErrorNote } from '../shared/ui';
import type { Stored } from './draft';
import { VersionItem, type VersionSummary } from './VersionItem';

/** Every kept version of the slice, newest first, with what changed; any can be restored. */
export function HistoryPanel(props: {
  collectionId: number;
  stored: Stored;
  onClose: () => void;
  onRestored: (version: number) => void;
}) {
  const { t } = useI18n();
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

  return (
    <Dialog title={t('history')} onClose={props.onClose}>
      <ErrorNote error={error} />
      {versions === undefined ? (
        <p>{t('loading')}</p>
      ) : (
        <ol className="versions">
          {versions.map((v) => (
            <VersionItem
              key={v.version}
              version={v}
              onRestore={canWrite && v.version !== props.stored.slice.version ? () => void restore(v.version) : undefined}
            />
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
