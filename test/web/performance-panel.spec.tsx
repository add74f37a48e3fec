import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Stored } from '../../src/adapters/web/src/slice-editor/draft';
import { PerformancePanel } from '../../src/adapters/web/src/shared/PerformancePanel';
import { fakeService, renderSignedIn } from './support/render';

const PATH = '/api/v1/merchandising-collections/protected/1/slices/3/performance';
const LOOKUP = '/api/v1/products/protected/catalog/lookup';
const row = (productId: string, position: number, views: number, addToCarts: number, purchases: number) => ({
  productId,
  position,
  views,
  addToCarts,
  purchases,
});
const [a, b, c] = [row('VES-001', 1, 6, 2, 1), row('VES-007', 2, 3, 1, 0), row('VES-004', 3, 0, 0, 0)];
const FIGURES = {
  from: '2026-11-19T19:00:00.000Z',
  until: '2026-11-22T09:00:00.000Z',
  totals: { views: 9, addToCarts: 3, purchases: 1 },
  products: [a, b, c],
  best: [a, b, c],
  worst: [c, b, a],
  notViewed: ['VES-004'],
  eventsRead: 41,
  complete: true,
  countedUntil: '2026-11-22T09:00:00.000Z',
};
const ANSWER = {
  collectionId: 1,
  sliceId: 3,
  sliceName: 'Fim de semana',
  version: 1,
  countedAt: '2026-11-22T09:00:00.000Z',
  ...FIGURES,
  before: { sliceId: 2, sliceName: 'Seleção principal', ...FIGURES, totals: { views: 4, addToCarts: 1, purchases: 0 } },
};
const NAMES: Record<string, string> = {
  'VES-001': 'Vestido Midi Linho',
  'VES-007': 'Vestido Chemise',
  'VES-004': 'Vestido Longo',
};

const STORED = {
  etag: '"1"',
  slice: { id: 3, startsAt: '2026-11-19T19:00:00.000Z', endsAt: '2026-11-26T19:00:00.000Z', version: 1 },
} as unknown as Stored;

function service() {
  return fakeService((request) => {
    if (request.path === PATH) return { body: ANSWER };
    if (request.path === LOOKUP) {
      const ids = (request.body as { ids: string[] }).ids;
      return { body: { products: ids.map((id) => ({ id, name: NAMES[id] ?? id, tags: [], attributes: {} })), missing: [] } };
    }
    return { status: 404, body: { title: 'Not Found', status: 404 } };
  });
}

describe('the Performance panel', () => {
  it('shows the totals beside the slice before, the best, the worst, the products nobody viewed, by name', async () => {
    service();
    renderSignedIn(<PerformancePanel collectionId={1} slice={STORED.slice} onClose={() => undefined} />);
    const totals = await screen.findByRole('table', { name: 'Totals' });
    const cells = (label: string) =>
      within(within(totals).getByRole('rowheader', { name: label }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Views')).toEqual(['9', '4']);
    expect(cells('Add-to-carts')).toEqual(['3', '1']);
    expect(cells('Purchases')).toEqual(['1', '0']);
    expect(within(totals).getByRole('columnheader', { name: 'Seleção principal' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('1 product nobody viewed')).toBeTruthy());
    const unseen = screen.getByRole('heading', { name: '1 product nobody viewed' });
    await waitFor(() => expect(unseen.nextElementSibling?.textContent).toBe('Vestido Longo'));
    const [best, worst] = screen.getAllByRole('list');
    expect(within(best!).getAllByRole('listitem')[0]!.textContent).toBe(
      '#1 Vestido Midi Linho: views 6, add-to-carts 2, purchases 1',
    );
    expect(within(worst!).getAllByRole('listitem')[0]!.textContent).toContain('#3 Vestido Longo: views 0');
  });

  it('asks for the part of the window chosen', async () => {
    const { received } = service();
    renderSignedIn(<PerformancePanel collectionId={1} slice={STORED.slice} onClose={() => undefined} />);
    await screen.findByRole('table', { name: 'Totals' });
    expect(received.find((r) => r.path === PATH)!.search).toBe('');
    fireEvent.change(screen.getByLabelText('Count from'), { target: { value: '2026-11-20T10:00' } });
    fireEvent.change(screen.getByLabelText('Count until'), { target: { value: '2026-11-21T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Count' }));
    await waitFor(() => expect(received.filter((r) => r.path === PATH)).toHaveLength(2));
    const asked = new URLSearchParams(received.filter((r) => r.path === PATH)[1]!.search);
    expect(asked.get('from')).toBe(new Date('2026-11-20T10:00').toISOString());
    expect(asked.get('to')).toBe(new Date('2026-11-21T10:00').toISOString());
  });
});
