import { useRef, useState, type RefObject } from 'react';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { NowMarker, ScaleAxis, ScaleControls, useTimeScale, useWidth, type TimeScale } from '../shared/TimeScale';
import { isNoEnd, QueryNote } from '../shared/ui';
import { usePlanner, type Planner, type PlannerLane, type PlannerSlice } from './api';
import { useDateChanges } from './useDateChanges';
import { DatesDialog } from './DatesDialog';
import { Lane, type DateChange } from './Lane';
import { SlicePanel } from './SlicePanel';

/** The slice shown in the side panel. */
interface Chosen {
  readonly collectionId: number;
  readonly sliceId: number;
}

/** The season planner: every collection a lane, its slices as bars on one date scale. */
export function PlannerScreen() {
  const { t, timeZone } = useI18n();
  const { canWrite } = useSession();
  const [now] = useState(() => Date.now());
  const scale = useTimeScale(now, 'month');
  const query = usePlanner(scale.window);
  const planner = query.data;
  const track = useRef<HTMLDivElement>(null);
  const width = useWidth(track);
  const [chosen, setChosen] = useState<Chosen | undefined>(undefined);
  const [dialog, setDialog] = useState<'dates' | 'duplicate' | undefined>(undefined);
  const changes = useDateChanges(() => void query.refetch());
  const lane = planner?.lanes.find((l) => l.id === chosen?.collectionId);
  const slice = lane?.slices.find((s) => s.id === chosen?.sliceId);

  return (
    <main id="main" className="planner-screen">
      <h1>{t('planner')}</h1>
      <p className="zone">{t('timeZoneNote', { zone: timeZone })}</p>
      <ScaleControls scale={scale} />
      <QueryNote query={query} />
      {changes.status}
      <div className={`planner-body${slice ? ' with-panel' : ''}`}>
        <PlannerBoard
          scale={scale}
          planner={planner}
          track={track}
          width={width}
          canWrite={canWrite}
          chosen={chosen}
          busy={query.isFetching}
          onSelect={setChosen}
          onChange={changes.move}
        />
        {lane && slice && (
          <SlicePanel
            lane={lane}
            slice={slice}
            canWrite={canWrite}
            onChangeDates={() => setDialog('dates')}
            onDuplicate={() => setDialog('duplicate')}
            onClose={() => setChosen(undefined)}
          />
        )}
      </div>
      {lane && slice && planner && dialog !== undefined && (
        <PlannerDialogs
          dialog={dialog}
          lanes={planner.lanes}
          lane={lane}
          slice={slice}
          changes={changes}
          onClose={() => setDialog(undefined)}
        />
      )}
      {changes.dialog}
    </main>
  );
}

/** The scale's marks and every collection's lane under it. */
function PlannerBoard({
  scale,
  planner,
  track,
  width,
  canWrite,
  chosen,
  busy,
  onSelect,
  onChange,
}: {
  scale: TimeScale;
  planner: Planner | undefined;
  track: RefObject<HTMLDivElement | null>;
  width: number;
  canWrite: boolean;
  chosen: Chosen | undefined;
  busy: boolean;
  onSelect: (chosen: Chosen) => void;
  onChange: (change: DateChange) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="planner" role="group" aria-label={t('planner')} aria-busy={busy}>
      <div className="planner-scale">
        <div className="lane-head" />
        <div className="lane-track scale-track" ref={track}>
          <ScaleAxis scale={scale} />
        </div>
      </div>
      {planner === undefined ? (
        <p>{t('loading')}</p>
      ) : planner.lanes.length === 0 ? (
        <p>{t('noCollections')}</p>
      ) : (
        <div className="planner-lanes">
          {planner.lanes.map((l) => (
            <Lane
              key={l.id}
              lane={l}
              scale={scale}
              width={width}
              canWrite={canWrite}
              selected={chosen?.collectionId === l.id ? chosen.sliceId : undefined}
              onSelect={(s) => onSelect({ collectionId: l.id, sliceId: s.id })}
              onChange={onChange}
            />
          ))}
          <div className="planner-now">
            <NowMarker scale={scale} />
          </div>
        </div>
      )}
      {planner?.more && <p className="warning">{t('plannerMoreCollections')}</p>}
    </div>
  );
}

/** The dialog the side panel opened: new dates typed, or where a copy goes. */
function PlannerDialogs({
  dialog,
  lanes,
  lane,
  slice,
  changes,
  onClose,
}: {
  dialog: 'dates' | 'duplicate';
  lanes: readonly PlannerLane[];
  lane: PlannerLane;
  slice: PlannerSlice;
  changes: ReturnType<typeof useDateChanges>;
  onClose: () => void;
}) {
  const { t } = useI18n();
  if (dialog === 'dates') {
    return (
      <DatesDialog
        title={t('changeDatesOf', { name: slice.name })}
        startsAt={slice.startsAt}
        endsAt={slice.endsAt}
        submit={t('plannerChangeDates')}
        onClose={onClose}
        onSubmit={(dates) => {
          onClose();
          changes.move({
            collectionId: lane.id,
            slice,
            startsAt: Date.parse(dates.startsAt),
            endsAt: dates.endsAt === null ? null : Date.parse(dates.endsAt),
          });
        }}
      />
    );
  }
  return (
    <DuplicateDialog
      lanes={lanes}
      lane={lane}
      slice={slice}
      onClose={onClose}
      onSubmit={(target) => {
        onClose();
        changes.duplicate(lane.id, slice, target);
      }}
    />
  );
}

/** Where a copy goes: a collection (this one by default) and a start; it keeps the slice's length. */
function DuplicateDialog({
  lanes,
  lane,
  slice,
  onSubmit,
  onClose,
}: {
  lanes: readonly PlannerLane[];
  lane: PlannerLane;
  slice: PlannerSlice;
  onSubmit: (target: { collectionId: number; startsAt: string }) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [collectionId, setCollectionId] = useState(lane.id);
  return (
    <DatesDialog
      title={t('duplicateTitle', { name: slice.name })}
      startsAt={slice.startsAt}
      endsAt={undefined}
      submit={t('duplicate')}
      onClose={onClose}
      onSubmit={({ startsAt }) => onSubmit({ collectionId, startsAt })}
    >
      <label className="field">
        {t('duplicateTo')}
        <select value={collectionId} onChange={(e) => setCollectionId(Number(e.target.value))}>
          {lanes.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <p>{isNoEnd(slice.endsAt) ? t('duplicateNoEnd') : t('duplicateKeepsLength')}</p>
    </DatesDialog>
  );
}
