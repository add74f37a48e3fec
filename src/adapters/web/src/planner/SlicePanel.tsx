import { useI18n } from '../i18n/i18n';
import { SliceFigures } from '../shared/PerformancePanel';
import { hrefOf } from '../shared/route';
import { isNoEnd } from '../shared/ui';
import type { PlannerLane, PlannerSlice } from './api';

/** The chosen slice beside the planner: its dates, a link to its editor, ways to change it, and what it did. */
export function SlicePanel({
  lane,
  slice,
  canWrite,
  onChangeDates,
  onDuplicate,
  onClose,
}: {
  lane: PlannerLane;
  slice: PlannerSlice;
  canWrite: boolean;
  onChangeDates: () => void;
  onDuplicate: () => void;
  onClose: () => void;
}) {
  const { t, dateTime } = useI18n();
  return (
    <aside className="slice-panel" aria-labelledby="slice-panel-title">
      <div className="heading">
        <h2 id="slice-panel-title">{slice.name}</h2>
        <button type="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <dl>
        <dt>{t('plannerCollection')}</dt>
        <dd>{lane.name}</dd>
        <dt>{t('starts')}</dt>
        <dd>{dateTime(slice.startsAt)}</dd>
        <dt>{t('ends')}</dt>
        <dd>{isNoEnd(slice.endsAt) ? t('noEnd') : dateTime(slice.endsAt)}</dd>
        <dt>{t('status')}</dt>
        <dd>{t(`status${slice.status}`)}</dd>
      </dl>
      <p>
        <a href={hrefOf({ screen: 'slice', collectionId: lane.id, sliceId: slice.id })}>{t('openInEditor')}</a>
      </p>
      {canWrite && (
        <div className="buttons">
          <button type="button" onClick={onChangeDates}>
            {t('plannerChangeDates')}
          </button>
          <button type="button" onClick={onDuplicate}>
            {t('duplicate')}
          </button>
        </div>
      )}
      <section aria-labelledby="slice-panel-performance">
        <h3 id="slice-panel-performance">{t('performance')}</h3>
        <SliceFigures key={`${slice.id}.${slice.version}`} collectionId={lane.id} slice={slice} />
      </section>
    </aside>
  );
}
