import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/adapters/web/src/calendar/api';
import { Timeline } from '../../src/adapters/web/src/calendar/Timeline';
import { I18nProvider } from '../../src/adapters/web/src/i18n/i18n';

const slice = (id: number, name: string, startsAt: string, endsAt: string, status: string, overlapsWith: number[]) => ({
  id,
  overlapsWith,
  name,
  type: 'MANUAL',
  startsAt,
  endsAt,
  status,
  colour: 'green',
  productCount: 1,
  filters: {},
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  updatedBy: 'Ana',
  version: 1,
});

const calendar = {
  collection: { id: 1, name: 'Verão', description: null },
  slices: [
    slice(1, 'Esquenta', '2026-11-10T00:00:00.000Z', '2026-12-10T00:00:00.000Z', 'ACTIVE', [2]),
    slice(2, 'Black Friday', '2026-11-20T00:00:00.000Z', '2026-11-30T00:00:00.000Z', 'ACTIVE', [1]),
  ],
  servedNow: 1,
  now: new Date('2026-11-21T12:00:00.000Z'),
} as unknown as Calendar;

/** The text a sighted person sees in an element: what is not inside a visually hidden part. */
function seenText(element: Element): string {
  let text = '';
  const walk = (node: Node) => {
    if (node instanceof Element && node.classList.contains('sr-only')) return;
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
    node.childNodes.forEach(walk);
  };
  walk(element);
  return text;
}

describe('The calendar bar', () => {
  it('reads as one sentence to a screen reader, and shows a person its marks without the commas', () => {
    render(
      <I18nProvider>
        <Timeline calendar={calendar} />
      </I18nProvider>,
    );
    const served = screen.getByRole('link', { name: /^Esquenta\s*:\s*Active\s*,\s*Nov 10.*,\s*Served now\s*,\s*⚠$/ });
    expect(seenText(served)).not.toContain(',');
    expect(seenText(served)).toContain('Served now');
    expect(seenText(served)).toContain('⚠');
    const overlapping = screen.getByRole('link', { name: /^Black Friday\s*:\s*Active\s*,\s*Nov 20.*,\s*⚠$/ });
    expect(seenText(overlapping)).not.toContain(',');
  });
});

describe('A served slice whose bar is too short for its name', () => {
  it('writes "★ Served now" beside the bar with the name, where a person sees it', () => {
    const measured = Element.prototype.getBoundingClientRect;
    // A track 600 px wide: a one-day slice on a month's scale is a bar of about 20 px.
    Element.prototype.getBoundingClientRect = () => ({
      width: 600,
      height: 30,
      top: 0,
      left: 0,
      right: 600,
      bottom: 30,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    try {
      const short = {
        ...calendar,
        slices: [slice(1, 'Relâmpago de sábado', '2026-11-21T00:00:00.000Z', '2026-11-22T00:00:00.000Z', 'ACTIVE', [])],
      } as unknown as Calendar;
      const { container } = render(
        <I18nProvider>
          <Timeline calendar={short} />
        </I18nProvider>,
      );
      const bar = screen.getByRole('link', { name: /^Relâmpago de sábado\s*:\s*Active\s*,\s*Nov 21.*,\s*Served now$/ });
      expect(seenText(bar)).not.toContain('Relâmpago');
      const beside = container.querySelector('.bar-beside')!;
      expect(beside.getAttribute('aria-hidden')).toBe('true');
      expect(seenText(beside)).toBe('★ Served now: Relâmpago de sábado');
    } finally {
      Element.prototype.getBoundingClientRect = measured;
    }
  });
});
