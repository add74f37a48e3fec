import { useRef } from 'react';
import type { SliceSummary } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { hrefOf } from '../shared/route';
import { nameWidth, NowMarker, percent, placement, ScaleAxis, ScaleControls, useTimeScale, useWidth } from '../shared/TimeScale';
import { besideSide } from '../shared/time-scale';
import { isNoEnd } from '../shared/ui';
import type { Calendar } from './api';
import { overlapsToFlag } from './overlaps';

/**
 * The slices on the planner's date scale (zoom and pan), one row each, coloured by status, with a
 * "now" marker. A bar too narrow for its name writes it beside the bar (with "★ Served now" when
 * it is the slice served); the bar's title and accessible name always hold all of it.
 */
export function Timeline({ calendar }: { calendar: Calendar }) {
  const { t } = useI18n();
  const scale = useTimeScale(calendar.now.getTime(), 'month');
  const track = useRef<HTMLOListElement>(null);
  const width = useWidth(track);
  if (calendar.slices.length === 0) return <p>{t('noSlices')}</p>;
  const shown = calendar.slices
    .map((slice) => ({
      slice,
      at: placement(
        Date.parse(slice.startsAt),
        isNoEnd(slice.endsAt) ? scale.window.to + 1 : Date.parse(slice.endsAt),
        scale.window,
      ),
    }))
    .filter((s) => s.at !== undefined);
  return (
    <>
      <ScaleControls scale={scale} />
      <div className="timeline" role="group" aria-label={t('timelineView')}>
        <ScaleAxis scale={scale} />
        {shown.length === 0 && <p>{t('noSlicesShown')}</p>}
        <ol ref={track}>
          {shown.map(({ slice, at }) => (
            <TimelineBar key={slice.id} calendar={calendar} slice={slice} at={at!} width={width} />
          ))}
        </ol>
        <NowMarker scale={scale} />
      </div>
    </>
  );
}

function TimelineBar({
  calendar,
  slice,
  at,
  width,
}: {
  calendar: Calendar;
  slice: SliceSummary;
  at: { left: number; width: number };
  width: number;
}) {
  const { t, dateTime } = useI18n();
  const overlaps = overlapsToFlag(slice, calendar.slices);
  const served = calendar.servedNow === slice.id;
  const dates = `${dateTime(slice.startsAt)} – ${isNoEnd(slice.endsAt) ? t('noEnd') : dateTime(slice.endsAt)}`;
  const label = `${slice.name}: ${t(`status${slice.status}`)}, ${dates}${served ? `, ${t('servedNow')}` : ''}`;
  const beside = width > 0 && nameWidth(slice.name) + 60 > at.width * width;
  // Written beside the bar, the name carries the served mark too (first: on a narrow screen the
  // end of a long name is cut).
  const besideText = served ? `★ ${t('servedNow')}: ${slice.name}` : slice.name;
  const after = besideSide(at, width > 0 ? nameWidth(besideText) / width : 0) === 'after';
  return (
    <li className="lane">
      <a
        className={`bar status-${slice.status}${served ? ' served' : ''}${overlaps.length > 0 ? ' overlapping' : ''}`}
        style={{ left: percent(at.left), width: percent(at.width) }}
        href={hrefOf({ screen: 'slice', collectionId: calendar.collection.id, sliceId: slice.id })}
        title={label}
      >
        <span className={beside ? 'sr-only' : 'bar-name'}>{slice.name}</span>
        <span className="sr-only">: </span>
        {!beside && <span className="bar-status">{t(`status${slice.status}`)}</span>}
        <span className="sr-only">
          {beside ? `${t(`status${slice.status}`)}, ` : ', '}
          {dates}
        </span>
        {/* The commas are for screen readers, which read the bar as one sentence; a person sees separate marks. */}
        {served && (
          <strong className={beside ? 'sr-only' : 'bar-served'}>
            <span className="sr-only">, </span>
            {t('servedNow')}
          </strong>
        )}
        {overlaps.length > 0 && (
          <span className="bar-warning">
            <span className="sr-only">, </span>⚠
          </span>
        )}
      </a>
      {beside && (
        <span
          className="bar-beside"
          aria-hidden="true"
          style={
            after
              ? { left: `calc(${percent(at.left + at.width)} + 4px)`, right: 0 }
              : { right: `calc(${percent(1 - at.left)} + 4px)`, left: 0, justifyContent: 'flex-end' }
          }
        >
          <span className="bar-beside-text">{besideText}</span>
        </span>
      )}
    </li>
  );
}
