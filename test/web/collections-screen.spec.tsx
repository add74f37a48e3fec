import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CollectionsScreen } from '../../src/adapters/web/src/collections/CollectionsScreen';
import { fakeService, renderSignedIn } from './support/render';

const AT = '2026-05-01T03:00:00.000Z';
const collection = (id: number, name: string, live: string | null) => ({
  id,
  name,
  description: '',
  createdAt: AT,
  updatedAt: AT,
  updatedBy: 'Ana',
  version: 1,
  sliceCount: live === null ? 0 : 1,
  activeSlice: live === null ? null : { id: 7, name: live, startsAt: AT, endsAt: '9999-12-31T23:59:59.999Z' },
});

describe('The collections screen', () => {
  it('lists a page of collections with what each shows now, from one request', async () => {
    const { received } = fakeService(() => ({
      body: { collections: [collection(1, 'Vitrine de verão', 'Praia'), collection(2, 'Dia das Mães', null)], nextCursor: null },
    }));
    renderSignedIn(<CollectionsScreen />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Vitrine de verão', 'Dia das Mães']);
    expect(within(rows[0]!).getByText('Praia')).toBeTruthy();
    expect(within(rows[1]!).getByText('Nothing live')).toBeTruthy();
    expect(received.map((r) => `${r.method} ${r.path}${r.search}`)).toEqual([
      'GET /api/v1/merchandising-collections/protected?limit=20',
    ]);
    expect(received[0]!.headers.get('X-Service-APP-Token')).toBe('secret');
  });

  it('shows a refusal as an alert, never as a list', async () => {
    fakeService(() => ({ status: 403, body: { title: 'Forbidden', status: 403, detail: 'This token lacks collections:read.' } }));
    renderSignedIn(<CollectionsScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('This token lacks collections:read.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
