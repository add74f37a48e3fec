import { useState, type ReactNode } from 'react';
import { useTimelinePreview, type ScheduleChange, type TimelinePreview } from '../api/timeline-preview';
import { useI18n, type I18n } from '../i18n/i18n';
import { Dialog, ErrorNote } from './ui';

type Served = TimelinePreview['changes'][number]['sliceBefore'];

/**
 * Each period a change alters, in the merchandiser's words: which slice the service serves then
 * before and after ("From 1 May 00:00 to 10 May 00:00 this slice replaces “Presentes para mães”.").
 * "This slice" is the one being saved or deleted (`draft`).
 */
export function consequenceLines(preview: TimelinePreview, { t, dateTime }: Pick<I18n, 't' | 'dateTime'>): string[] {
  if (preview.changes.length === 0) return [t('consequenceNone')];
  return preview.changes.map((c) => {
    const when =
      c.until === null
        ? t('periodNoEnd', { from: dateTime(c.from) })
        : t('periodTo', { from: dateTime(c.from), until: dateTime(c.until) });
    const before: Served = c.sliceBefore;
    const after: Served = c.sliceAfter;
    if (after?.draft) {
      return before === null
        ? t('consequenceFillsNothing', { when })
        : t('consequenceReplaces', { when, name: before.sliceName });
    }
    if (before?.draft) {
      return after === null
        ? t('consequenceLeavesNothing', { when })
        : t('consequenceReplacedBy', { when, name: after.sliceName });
    }
    if (before === null) return t('consequenceOtherFills', { when, after: after?.sliceName ?? '' });
    if (after === null) return t('consequenceOtherNothing', { when, before: before.sliceName });
    return t('consequenceOther', { when, before: before.sliceName, after: after.sliceName });
  });
}

export function ConsequenceList({ preview }: { preview: TimelinePreview }) {
  const i18n = useI18n();
  return (
    <ul className="consequence">
      {consequenceLines(preview, i18n).map((line, i) => (
        <li key={i}>{line}</li>
      ))}
    </ul>
  );
}

/** What a pending check asks: the preview, what to do on Confirm, and how the dialog is told. */
interface Pending {
  readonly preview: TimelinePreview;
  readonly proceed: (preview: TimelinePreview) => void;
  readonly always: { title: string; extra?: ReactNode } | undefined;
}

/**
 * The gate before a save that changes what the storefront serves. `check(change, proceed)` asks the
 * service for the consequence; when it needs a confirmation (or `always` asks for one: a restore,
 * a delete) a dialog shows it with Confirm and Cancel, else `proceed` runs at once; either way
 * `proceed` gets the consequence, for the screen to show beside Save (SaveNotes). When the preview
 * fails, nothing is saved.
 */
export function useConsequenceGate(collectionId: number) {
  const { t } = useI18n();
  const ask = useTimelinePreview(collectionId);
  const [pending, setPending] = useState<Pending | undefined>(undefined);

  function check(change: ScheduleChange, proceed: Pending['proceed'], always?: Pending['always']) {
    ask.mutate(change, {
      onSuccess: (preview) => {
        if (preview.needsConfirmation || always !== undefined) setPending({ preview, proceed, always });
        else proceed(preview);
      },
    });
  }

  const dialog = pending && (
    <ConsequenceConfirm
      title={pending.always?.title ?? t('consequenceTitle')}
      preview={pending.preview}
      extra={pending.always?.extra}
      onCancel={() => setPending(undefined)}
      onConfirm={() => {
        setPending(undefined);
        pending.proceed(pending.preview);
      }}
    />
  );

  const status = (
    <>
      {ask.isPending && <p role="status">{t('checkingConsequence')}</p>}
      <ErrorNote error={ask.error ?? undefined} />
    </>
  );
  return { check, dialog, status, checking: ask.isPending };
}

/** A change's consequence, with Cancel (focused first) and Confirm. */
export function ConsequenceConfirm({
  title,
  preview,
  extra,
  onCancel,
  onConfirm,
}: {
  title: string;
  preview: TimelinePreview;
  extra?: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog title={title} onClose={onCancel}>
      {preview.needsConfirmation && <p>{t('consequenceAsk')}</p>}
      <ConsequenceList preview={preview} />
      {extra}
      <div className="buttons">
        <button type="button" onClick={onCancel} autoFocus>
          {t('cancel')}
        </button>
        <button type="button" onClick={onConfirm}>
          {t('confirm')}
        </button>
      </div>
    </Dialog>
  );
}
