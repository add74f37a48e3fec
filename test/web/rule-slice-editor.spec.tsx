import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '../../src/adapters/web/src/i18n/i18n';
import { SessionProvider } from '../../src/adapters/web/src/session/session';
import { describe, expect, it } from 'vitest';
import { RuleFields } from '../../src/adapters/web/src/slice-editor/RuleFields';
import { RuleList } from '../../src/adapters/web/src/slice-editor/RuleList';
import { emptyRules, rulesBodyOf, withPins, type RulesDraft } from '../../src/adapters/web/src/slice-editor/rules';
import { fakeService, renderSignedIn, WRITER } from './support/render';

const NAMES = '/api/v1/products/protected/catalog/names';
const PREVIEW = '/api/v1/merchandising-collections/protected/1/slices/rules/preview';

describe('the rules a slice is filled by', () => {
  it('are sent as the API takes them: only what was set, the window for event sorts, the order for the manual one', () => {
    const rules: RulesDraft = {
      ...emptyRules(),
      categories: ['vestidos'],
      tags: 'festa, verão, festa',
      allTags: true,
      minPrice: '99,90',
    };
    expect(rulesBodyOf(rules, ['A'])).toEqual({
      conditions: { availableOnly: true, categories: ['vestidos'], tags: ['festa', 'verão'], tagsMatch: 'all', minPrice: 99.9 },
      sort: 'bestSelling',
      windowDays: 30,
      pins: [],
      size: 24,
    });
    expect(rulesBodyOf({ ...rules, sort: 'manual', availableOnly: false, allTags: false }, ['B', 'A'])).toMatchObject({
      conditions: { tags: ['festa', 'verão'] },
      sort: 'manual',
      order: ['B', 'A'],
    });
  });

  it('pin products found at the first positions no pin takes, within the size', () => {
    const pins = [{ productId: 'X', position: 2 }];
    expect(withPins(pins, ['X', 'A', 'B', 'C'], 3)).toEqual({
      pins: [
        { productId: 'A', position: 1 },
        { productId: 'X', position: 2 },
        { productId: 'B', position: 3 },
      ],
      added: 2,
      leftOut: 1,
    });
  });

  it('are chosen with names in Portuguese, categories and brands from the catalog', async () => {
    fakeService(({ path }) =>
      path === NAMES ? { body: { categories: ['vestidos', 'saias'], brands: ['Trama'] } } : { status: 404 },
    );
    localStorage.setItem('vitrine.locale', 'pt-BR');
    let changed: Partial<RulesDraft> = {};
    render(
      <I18nProvider>
        <SessionProvider signed={{ token: 'secret', me: WRITER }} signOut={() => undefined}>
          <RuleFields rules={emptyRules()} onChange={(patch) => (changed = patch)} />
        </SessionProvider>
      </I18nProvider>,
    );
    await screen.findByRole('option', { name: 'saias' });
    for (const name of [
      'Categorias incluídas',
      'Marcas incluídas',
      'Tags incluídas',
      'Ordenar por',
      'Dias de eventos contados',
      'Máximo de produtos',
    ]) {
      expect(screen.getByLabelText(name)).toBeTruthy();
    }
    fireEvent.change(screen.getByLabelText('Ordenar por'), { target: { value: 'newest' } });
    expect(changed).toEqual({ sort: 'newest' });
  });

  it('previews what the rules would hold, pinned products marked', async () => {
    const { received } = fakeService(({ path }) =>
      path === PREVIEW
        ? {
            body: {
              at: '2026-11-21T12:00:00.000Z',
              rules: { conditions: {}, sort: 'newest', pins: [{ productId: 'B', position: 1 }], size: 2 },
              products: [
                { productId: 'B', position: 1, pinned: true },
                { productId: 'A', position: 2, pinned: false },
              ],
              counts: { matching: 7, pinned: 1, shown: 2 },
            },
          }
        : { body: { products: [], missing: [] } },
    );
    const rules = { ...emptyRules(), sort: 'newest' as const, pins: [{ productId: 'B', position: 1 }], size: '2' };
    renderSignedIn(<RuleList collectionId={1} rules={rules} order={[]} stored={undefined} />);
    await screen.findByText('2 products shown; 7 meet the conditions; 1 pinned.');
    const list = screen.getByRole('list', { name: 'What the rules would hold now' });
    expect(list.textContent).toContain('Pinned');
    await waitFor(() =>
      expect(received.find((r) => r.path === PREVIEW)?.body).toMatchObject({ rules: { sort: 'newest', size: 2 } }),
    );
  });
});
