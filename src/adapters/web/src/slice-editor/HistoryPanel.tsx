import { useState } from 'react';
import { useProducts } from '../api/products';
import type { TimelinePreview } from '../api/timeline-preview';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { useConsequenceGate } from '../shared/ConsequenceDialog';
import { Dialog, ErrorNote, isNoEnd, QueryNote } from '../shared/ui';
import { useRestoreVersion, useVersion, useVersions, type SliceWritten, type VersionSummary } from './api/slice';
import type { Stored } from './draft';
import { VersionItem } from './VersionItem';

/**
 * Every kept version of the slice, newest first, naming the products each added, removed and
 * moved; "View" shows a version whole, and restoring one shows what the storefront will serve
 * then and asks Confirm or Cancel (and says unsaved edits are lost): never one click.
 */
export function HistoryPanel(props: {
  collectionId: number;
  stored: Stored;
  dirty: boolean;
  onClose: () => void;
  onRestored: (version: number, written: SliceWritten, consequence: TimelinePreview) => void;
}) {
  const { t } = useI18n();
  const { canWrite } = useSession();
  const sliceId = props.stored.slice.id;
  const versions = useVersions(props.collectionId, sliceId);
  const [viewing, setViewing] = useState<number | undefined>(undefined);
  const restore = useRestoreVersion(props.collectionId, sliceId);
  const gate = useConsequenceGate(props.collectionId);
  const list = versions.data?.pages.flatMap((p) => p.versions) ?? [];
  const named = list.flatMap((v) => [
    ...(v.changes?.added.map((p) => p.productId) ?? []),
    ...(v.changes?.removed.map((p) => p.productId) ?? []),
    ...(v.changes?.moved.map((p) => p.productId) ?? []),
  ]);
  const { products } = useProducts(named);
  const nameOf = (id: string) => products.get(id)?.name ?? id;

  function askRestore(v: VersionSummary) {
    gate.check(
      { kind: 'save', sliceId, name: v.name, startsAt: v.startsAt, endsAt: isNoEnd(v.endsAt) ? null : v.endsAt },
      (consequence) =>
        restore.mutate(
          { version: v.version, etag: props.stored.etag },
          { onSuccess: (written) => props.onRestored(v.version, written, consequence) },
        ),
      {
        title: t('restoreVersionTitle', { n: v.version }),
        extra: props.dirty ? <p className="warning">{t('unsavedLost')}</p> : undefined,
      },
    );
  }

  return (
    <Dialog title={t('history')} onClose={props.onClose}>
      <QueryNote query={versions} />
      <ErrorNote error={restore.error ?? undefined} />
      {gate.status}
      {versions.data === undefined ? (
        <p>{t('loading')}</p>
      ) : (
        <ol className="versions">
          {list.map((v) => (
            <VersionItem
              key={v.version}
              version={v}
              nameOf={nameOf}
              onView={() => setViewing(viewing === v.version ? undefined : v.version)}
              onRestore={canWrite && v.version !== props.stored.slice.version ? () => askRestore(v) : undefined}
            >
              {viewing === v.version && (
                <VersionContent collectionId={props.collectionId} sliceId={sliceId} version={v.version} />
              )}
            </VersionItem>
          ))}
        </ol>
      )}
      {versions.hasNextPage && (
        <button type="button" onClick={() => void versions.fetchNextPage()}>
          {t('nextPage')}
        </button>
      )}
      <div className="buttons">
        <button type="button" onClick={props.onClose}>
          {t('close')}
        </button>
      </div>
      {gate.dialog}
    </Dialog>
  );
}

/** A version whole, as restoring it would make the slice: its name, window and products in order. */
function VersionContent({ collectionId, sliceId, version }: { collectionId: number; sliceId: number; version: number }) {
  const { t, dateTime } = useI18n();
  const query = useVersion(collectionId, sliceId, version);
  const v = query.data;
  const { products } = useProducts(v?.products.map((p) => p.productId) ?? []);
  if (v === undefined) return <QueryNote query={query} />;
  const window = isNoEnd(v.endsAt)
    ? t('noEndWindow', { from: dateTime(v.startsAt) })
    : t('window', { from: dateTime(v.startsAt), until: dateTime(v.endsAt) });
  return (
    <section className="version-content" aria-label={t('versionContent', { n: v.version, name: v.name, window })}>
      <p>{t('versionContent', { n: v.version, name: v.name, window })}</p>
      <ol>
        {v.products.map((p) => (
          <li key={p.productId}>{products.get(p.productId)?.name ?? p.productId}</li>
        ))}
      </ol>
    </section>
  );
}
