import { useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useI18n } from '../i18n/i18n';
import { hrefOf } from '../shared/route';
import { nameWidth, percent, placement, type TimeScale } from '../shared/TimeScale';
import { besideSide, dragged, durationOf, rowsOf } from '../shared/time-scale';
import { isNoEnd } from '../shared/ui';
import type { PlannerLane, PlannerSlice } from './api';

/** A slice's new window, asked for by dragging its bar or one of its ends. */
export interface DateChange {
  readonly collectionId: number;
  readonly slice: PlannerSlice;
  readonly startsAt: number;
  /** Null when the slice has no end (only moved, never resized at that end). */
  readonly endsAt: number | null;
}

interface Drag {
  readonly slice: PlannerSlice;
  readonly part: 'move' | 'start' | 'end';
  readonly x0: number;
  readonly width: number;
  readonly moved: boolean;
  readonly dx: number;
}

/** Pixels a pointer must travel before a press on a bar is a drag rather than a click. */
const DRAG_THRESHOLD = 4;
const ROW_PX = 34;

/** What a lane draws, and what it tells of a click or a drag. */
interface LaneInput {
  readonly lane: PlannerLane;
  readonly scale: TimeScale;
  /** The scale's width in pixels. */
  readonly width: number;
  readonly canWrite: boolean;
  readonly onSelect: (slice: PlannerSlice) => void;
  readonly onChange: (change: DateChange) => void;
}

/** One collection: its name and what it serves now, and its slices as bars on the scale. */
export function Lane(props: LaneInput & { selected: number | undefined }) {
  const { lane, scale, width, canWrite, selected, onSelect } = props;
  const { t } = useI18n();
  const headingId = `lane-${lane.id}`;
  const { drag, windowOf, start, move, end, cancel } = useBarDrag(props);
  const { placed, rows, rowCount, labelFraction } = laneLayout(lane.slices, windowOf, scale, width);

  return (
    <section className="planner-lane" aria-labelledby={headingId}>
      <header className="lane-head">
        <h2 id={headingId}>
          <a href={hrefOf({ screen: 'collection', collectionId: lane.id })}>{lane.name}</a>
        </h2>
        <p className="serving">
          {lane.activeSlice === null ? t('servingNothing') : t('servingNow', { name: lane.activeSlice.name })}
        </p>
        {lane.slicesTruncated && <p className="warning">{t('plannerTruncated')}</p>}
      </header>
      <div className="lane-track" style={{ height: `${rowCount * ROW_PX + 4}px` }}>
        {placed.map((p) => (
          <Bar
            key={p.slice.id}
            slice={p.slice}
            at={p.at}
            top={(rows.get(p) ?? 0) * ROW_PX + 2}
            beside={p.beside ? besideSide(p.at, labelFraction(p.slice.name)) : undefined}
            served={lane.activeSlice?.id === p.slice.id}
            selected={selected === p.slice.id}
            dragging={drag?.moved === true && drag.slice.id === p.slice.id}
            canWrite={canWrite}
            onPointerDown={(event, part) => start(event, p.slice, part)}
            onPointerMove={move}
            onPointerUp={() => end(p.slice)}
            onPointerCancel={cancel}
            onSelect={() => onSelect(p.slice)}
          />
        ))}
      </div>
    </section>
  );
}

/** Where each bar lies, in which row (bars and the names written beside them never cover each other). */
function laneLayout(
  slices: readonly PlannerSlice[],
  windowOf: (slice: PlannerSlice) => { start: number; end: number },
  scale: TimeScale,
  width: number,
) {
  const placed = slices
    .map((slice) => {
      const { start, end } = windowOf(slice);
      const at = placement(start, end, scale.window);
      return at === undefined ? undefined : { slice, at, beside: width > 0 && nameWidth(slice.name) > at.width * width };
    })
    .filter((p) => p !== undefined);
  const labelFraction = (name: string) => (width > 0 ? nameWidth(name) / width : 0);
  const rows = rowsOf(placed, (p) => {
    const right = p.at.left + p.at.width;
    if (!p.beside) return { from: p.at.left, to: right };
    return besideSide(p.at, labelFraction(p.slice.name)) === 'after'
      ? { from: p.at.left, to: right + labelFraction(p.slice.name) }
      : { from: p.at.left - labelFraction(p.slice.name), to: right };
  });
  const rowCount = Math.max(1, ...[...rows.values()].map((r) => r + 1));
  return { placed, rows, rowCount, labelFraction };
}

/**
 * A bar dragged with a pointer: moved whole or by one end, drawn where it would go (snapped to
 * the zoom's unit) until released; a press that barely moves is a click (the slice is chosen).
 */
function useBarDrag({ lane, scale, width, canWrite, onSelect, onChange }: LaneInput) {
  const [drag, setDrag] = useState<Drag | undefined>(undefined);
  const windowOf = (slice: PlannerSlice) => {
    const start = Date.parse(slice.startsAt);
    const end = isNoEnd(slice.endsAt) ? scale.window.to + 1 : Date.parse(slice.endsAt);
    if (drag?.moved && drag.slice.id === slice.id) {
      const delta = durationOf(drag.dx, scale.window, drag.width);
      const next = dragged({ startsAt: start, endsAt: end }, drag.part, delta, scale.zoom);
      return { start: next.startsAt, end: next.endsAt };
    }
    return { start, end };
  };
  function start(event: ReactPointerEvent<HTMLElement>, slice: PlannerSlice, part: Drag['part']) {
    if (event.button !== 0) return;
    event.stopPropagation();
    if (!canWrite) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ slice, part, x0: event.clientX, width, moved: false, dx: 0 });
  }
  function move(event: ReactPointerEvent<HTMLElement>) {
    if (drag === undefined) return;
    const dx = event.clientX - drag.x0;
    setDrag({ ...drag, dx, moved: drag.moved || Math.abs(dx) >= DRAG_THRESHOLD });
  }
  function end(slice: PlannerSlice) {
    const done = drag;
    setDrag(undefined);
    if (done === undefined || !done.moved) return onSelect(slice);
    const { start: startsAt, end: endsAt } = windowOf(slice);
    const noEnd = isNoEnd(slice.endsAt);
    if (startsAt === Date.parse(slice.startsAt) && (noEnd || endsAt === Date.parse(slice.endsAt))) return;
    onChange({ collectionId: lane.id, slice, startsAt, endsAt: noEnd ? null : endsAt });
  }
  return { drag, windowOf, start, move, end, cancel: () => setDrag(undefined) };
}

function Bar(props: {
  slice: PlannerSlice;
  at: { left: number; width: number; startShown: boolean; endShown: boolean };
  top: number;
  beside: 'after' | 'before' | undefined;
  served: boolean;
  selected: boolean;
  dragging: boolean;
  canWrite: boolean;
  onPointerDown: (event: ReactPointerEvent<HTMLElement>, part: Drag['part']) => void;
  onPointerMove: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerUp: () => void;
  onPointerCancel: () => void;
  onSelect: () => void;
}) {
  const { t, dateTime } = useI18n();
  const { slice, at } = props;
  const dates = `${dateTime(slice.startsAt)} – ${isNoEnd(slice.endsAt) ? t('noEnd') : dateTime(slice.endsAt)}`;
  const label = `${slice.name}: ${t(`status${slice.status}`)}, ${dates}${props.served ? `, ${t('servedNow')}` : ''}`;
  const handlers = {
    onPointerMove: props.onPointerMove,
    onPointerUp: props.onPointerUp,
    onPointerCancel: props.onPointerCancel,
  };
  const classes = [
    'bar',
    `status-${slice.status}`,
    props.served ? 'served' : '',
    props.selected ? 'selected' : '',
    props.dragging ? 'dragging' : '',
    props.beside ? 'narrow' : '',
  ].join(' ');
  return (
    <>
      <button
        type="button"
        className={classes}
        style={{ left: percent(at.left), width: percent(at.width), top: `${props.top}px` }}
        aria-label={label}
        aria-pressed={props.selected}
        title={label}
        data-slice-id={slice.id}
        onPointerDown={(event) => props.onPointerDown(event, 'move')}
        onClick={(event) => {
          // A pointer's click is decided on pointer up; Enter and Space come here.
          if (event.detail === 0) props.onSelect();
        }}
        {...handlers}
      >
        {props.canWrite && at.startShown && (
          <span className="handle start" data-handle="start" onPointerDown={(event) => props.onPointerDown(event, 'start')} />
        )}
        {!props.beside && <span className="bar-name">{slice.name}</span>}
        {props.canWrite && at.endShown && (
          <span className="handle end" data-handle="end" onPointerDown={(event) => props.onPointerDown(event, 'end')} />
        )}
      </button>
      {props.beside && (
        <span
          className={`bar-beside ${props.beside}`}
          aria-hidden="true"
          style={
            props.beside === 'after'
              ? { left: `calc(${percent(at.left + at.width)} + 4px)`, right: 0, top: `${props.top}px` }
              : { right: `calc(${percent(1 - at.left)} + 4px)`, left: 0, top: `${props.top}px`, justifyContent: 'flex-end' }
          }
        >
          <span className="bar-beside-text">{slice.name}</span>
        </span>
      )}
    </>
  );
}
