import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';
import { useI18n } from '../i18n/i18n';
import { panned, rezoomed, ticksOf, xOf, zoomWindow, ZOOMS, type ScaleWindow, type Zoom } from './time-scale';

/** The scale's state: the zoom and the window it shows, and the ways to change them. */
export interface TimeScale {
  readonly zoom: Zoom;
  readonly window: ScaleWindow;
  readonly now: number;
  setZoom(zoom: Zoom): void;
  pan(direction: -1 | 1): void;
  today(): void;
}

export function useTimeScale(now: number, initial: Zoom): TimeScale {
  const [state, setState] = useState(() => ({ zoom: initial, window: zoomWindow(initial, now) }));
  return {
    ...state,
    now,
    setZoom: (zoom) => setState((s) => (s.zoom === zoom ? s : { zoom, window: rezoomed(s.window, zoom, now) })),
    pan: (direction) => setState((s) => ({ ...s, window: panned(s.window, s.zoom, direction) })),
    today: () => setState((s) => ({ ...s, window: zoomWindow(s.zoom, now) })),
  };
}

const ZOOM_LABEL = { day: 'zoomDay', week: 'zoomWeek', month: 'zoomMonth', quarter: 'zoomQuarter' } as const;

/** Zoom buttons (the one shown pressed), Earlier / Today / Later, and the stretch shown in words. */
export function ScaleControls({ scale }: { scale: TimeScale }) {
  const { t, date } = useI18n();
  const last = scale.window.to - 1;
  return (
    <div className="scale-controls">
      <div role="group" aria-label={t('zoom')} className="buttons">
        {ZOOMS.map((zoom) => (
          <button key={zoom} type="button" aria-pressed={scale.zoom === zoom} onClick={() => scale.setZoom(zoom)}>
            {t(ZOOM_LABEL[zoom])}
          </button>
        ))}
      </div>
      <div role="group" aria-label={t('pan')} className="buttons">
        <button type="button" onClick={() => scale.pan(-1)}>
          {t('panEarlier')}
        </button>
        <button type="button" onClick={() => scale.today()}>
          {t('panToday')}
        </button>
        <button type="button" onClick={() => scale.pan(1)}>
          {t('panLater')}
        </button>
      </div>
      <p className="scale-range" aria-live="polite">
        {t('scaleRange', { from: date(new Date(scale.window.from)), to: date(new Date(last)) })}
      </p>
    </div>
  );
}

/** The marks along the top of the scale: hours at Day, dates otherwise. */
export function ScaleAxis({ scale }: { scale: TimeScale }) {
  const { locale } = useI18n();
  const hours = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const dayAndMonth = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric' });
  const ticks = ticksOf(scale.window, scale.zoom);
  // A date names its month only where the month changes (as a printed calendar's axis does): the
  // labels stay short enough to fit a phone's scale; one that still reaches the edge ends in "…".
  const label = (t: number, i: number): string => {
    if (scale.zoom === 'day') return hours.format(new Date(t));
    const sameMonth = i > 0 && new Date(ticks[i - 1]!).getMonth() === new Date(t).getMonth();
    return (sameMonth ? day : dayAndMonth).format(new Date(t));
  };
  return (
    <div className="scale-axis" aria-hidden="true">
      {ticks.map((t, i) => {
        const x = xOf(t, scale.window, 1);
        return (
          <span key={t} style={{ left: percent(x), maxWidth: percent(1 - x) }}>
            {label(t, i)}
          </span>
        );
      })}
    </div>
  );
}

/** The "now" line across the scale, when now is in the window. */
export function NowMarker({ scale }: { scale: TimeScale }) {
  const { t, dateTime } = useI18n();
  const x = xOf(scale.now, scale.window, 1);
  if (x < 0 || x >= 1) return null;
  return (
    <div className={`now${x > 0.5 ? ' late' : ''}`} style={{ left: percent(x) }}>
      <span>
        {t('now')} · {dateTime(new Date(scale.now))}
      </span>
    </div>
  );
}

export const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/** Where a bar from `startsAt` to `endsAt` lies on the window (fractions of its width), or undefined when outside it. */
export function placement(startsAt: number, endsAt: number, window: ScaleWindow) {
  if (!(startsAt < window.to && endsAt > window.from)) return undefined;
  const left = Math.max(0, xOf(startsAt, window, 1));
  const right = Math.min(1, xOf(endsAt, window, 1));
  return { left, width: right - left, startShown: startsAt >= window.from, endShown: endsAt <= window.to };
}

/** About how wide a bar's name is written (0.85rem bold), in pixels, with the bar's padding. */
export function nameWidth(name: string): number {
  return name.length * 7.6 + 14;
}

/** The element's width in pixels, followed as it changes. */
export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  const measure = useCallback(() => setWidth(ref.current?.getBoundingClientRect().width ?? 0), [ref]);
  useLayoutEffect(() => {
    measure();
    const element = ref.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, measure]);
  return width;
}
