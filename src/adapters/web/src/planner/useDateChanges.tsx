import { useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { ErrorNote, isNoEnd } from '../shared/ui';
import { useDuplicateSlice, useMoveSlice, type PlannerSlice } from './api';
import type { DateChange } from './Lane';
import { useChangeGate } from './useChangeGate';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The planner's writes, each after its consequence is shown and confirmed: new dates for a slice
 * (If-Match; a 412 says someone changed it first and reloads the planner), and a copy elsewhere.
 */
export function useDateChanges(reload: () => void) {
  const { t } = useI18n();
  const gate = useChangeGate();
  const moving = useMoveSlice();
  const copying = useDuplicateSlice();
  const [note, setNote] = useState<string | undefined>(undefined);

  function move(change: DateChange) {
    const { collectionId, slice } = change;
    const startsAt = iso(change.startsAt);
    const endsAt = change.endsAt === null ? null : iso(change.endsAt);
    setNote(undefined);
    gate.check(
      collectionId,
      { kind: 'save', sliceId: slice.id, name: slice.name, startsAt, endsAt },
      t('moveTitle', { name: slice.name }),
      () =>
        moving.mutate(
          { collectionId, slice, startsAt, endsAt },
          {
            onSuccess: (result) => {
              if (result === 'conflict') {
                setNote(t('plannerConflict', { name: slice.name }));
                reload();
              } else setNote(t('plannerSaved', { name: slice.name }));
            },
          },
        ),
    );
  }

  function duplicate(fromCollection: number, slice: PlannerSlice, target: { collectionId: number; startsAt: string }) {
    const length = Date.parse(slice.endsAt) - Date.parse(slice.startsAt);
    const endsAt = isNoEnd(slice.endsAt) ? null : iso(Date.parse(target.startsAt) + length);
    setNote(undefined);
    gate.check(
      target.collectionId,
      { kind: 'save', name: slice.name, startsAt: target.startsAt, endsAt },
      t('duplicateTitle', { name: slice.name }),
      () =>
        copying.mutate(
          {
            from: { collectionId: fromCollection, sliceId: slice.id },
            to: { collectionId: target.collectionId, startsAt: target.startsAt, endsAt },
          },
          { onSuccess: () => setNote(t('plannerCopied', { name: slice.name })) },
        ),
    );
  }

  const status = (
    <>
      {gate.status}
      {(moving.isPending || copying.isPending) && <p role="status">{t('saving')}</p>}
      <ErrorNote error={moving.error ?? copying.error ?? undefined} />
      {note !== undefined && (
        <p role="status" className="note">
          {note}
        </p>
      )}
    </>
  );
  return { move, duplicate, dialog: gate.dialog, status };
}
