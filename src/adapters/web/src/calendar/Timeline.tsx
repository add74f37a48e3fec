import type { SliceSummary } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { hrefOf } from '../shared/route';
import { isNoEnd } from '../shared/ui';
import type { Calendar } from './api';
import { overlapsToFlag } from './overlaps';

const DAY = 86_400_000;

/** The window the timeline shows: every slice's start and (finite) end, and now, with a margin. */
function windowOf(slices: readonly SliceSummary[], now: number): { from: number; to: number } {
  let from = now - 7 * DAY;
  let to = now + 7 * DAY;
  for (const s of slices) {
    from = Math.min(from, Date.parse(s.startsAt));
    to = Math.max(to, Date.parse(s.startsAt) + DAY, isNoEnd(s.endsAt) ? 0 : Date.parse(s.endsAt));
  }
  const margin = (to - from) * 0.03;
  return { from: from - margin, to: to + margin };
}

/** The slices from past to future, one row each, coloured by status, with a "now" marker. */
export function Timeline({ calendar }: { calendar: Calendar }) {
  const { t, date, dateTime } = useI18n();
  const now = calendar.now.getTime();
  const { from, to } = windowOf(calendar.slices, now);
  const at = (ms: number) => `${(((Math.min(Math.max(ms, from), to) - from) / (to - from)) * 100).toFixed(3)}%`;
  if (calendar.slices.length === 0) return <p>{t('noSlices')}</p>;
  return (
    <div className="timeline" role="group" aria-label={t('timelineView')}>
      <div className="scale" aria-hidden="true">
        <span>{date(new Date(from))}</span>
        <span>{date(new Date(to))}</span>
      </div>
      <ol>
        {calendar.slices.map((slice) => {
          const start = Date.parse(slice.startsAt);
          const end = isNoEnd(slice.endsAt) ? to : Date.parse(slice.endsAt);
          const overlaps = overlapsToFlag(slice, calendar.slices);
          const served = calendar.servedNow === slice.id;
          const dates = `${dateTime(slice.startsAt)} – ${isNoEnd(slice.endsAt) ? t('noEnd') : dateTime(slice.endsAt)}`;
          const label = `${slice.name}: ${t(`status${slice.status}`)}, ${dates}${served ? `, ${t('servedNow')}` : ''}`;
          return (
            <li key={slice.id} className="lane">
              <a
                className={`bar status-${slice.status}${served ? ' served' : ''}${overlaps.length > 0 ? ' overlapping' : ''}`}
                style={{ left: at(start), width: `calc(${at(end)} - ${at(start)})` }}
                href={hrefOf({ screen: 'slice', collectionId: calendar.collection.id, sliceId: slice.id })}
                title={label}
              >
                <span className="bar-name">{slice.name}</span>
                <span className="sr-only">: </span>
                <span className="bar-status">{t(`status${slice.status}`)}</span>
                <span className="sr-only">, {dates}</span>
                {served && <strong className="bar-served">, {t('servedNow')}</strong>}
                {overlaps.length > 0 && <span className="bar-warning">, ⚠</span>}
              </a>
            </li>
          );
        })}
      </ol>
      {/* Past the middle, the "now" label reads leftwards, so it stays inside the box. */}
      <div className={`now${(now - from) / (to - from) > 0.5 ? ' late' : ''}`} style={{ left: at(now) }}>
        <span>
          {t('now')} · {dateTime(calendar.now)}
        </span>
      </div>
    </div>
  );
}
