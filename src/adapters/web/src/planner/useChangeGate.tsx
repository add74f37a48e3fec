import { useState } from 'react';
import type { ScheduleChange, TimelinePreview } from '../api/timeline-preview';
import { useI18n } from '../i18n/i18n';
import { ConsequenceConfirm } from '../shared/ConsequenceDialog';
import { ErrorNote } from '../shared/ui';
import { usePlannerPreview } from './api';

interface Pending {
  readonly title: string;
  readonly preview: TimelinePreview;
  readonly run: () => void;
}

/**
 * The planner's gate before a change of dates or a copy: the service says what it would change in
 * what the collection serves, and the merchandiser confirms or cancels. A drag is a quick gesture,
 * so the planner always asks, not only when the change is served within a day.
 */
export function useChangeGate() {
  const { t } = useI18n();
  const ask = usePlannerPreview();
  const [pending, setPending] = useState<Pending | undefined>(undefined);

  function check(collectionId: number, change: ScheduleChange, title: string, run: () => void) {
    ask.mutate({ collectionId, change }, { onSuccess: (preview) => setPending({ title, preview, run }) });
  }

  const dialog = pending && (
    <ConsequenceConfirm
      title={pending.title}
      preview={pending.preview}
      onCancel={() => setPending(undefined)}
      onConfirm={() => {
        setPending(undefined);
        pending.run();
      }}
    />
  );
  const status = (
    <>
      {ask.isPending && <p role="status">{t('checkingConsequence')}</p>}
      <ErrorNote error={ask.error ?? undefined} />
    </>
  );
  return { check, dialog, status };
}
