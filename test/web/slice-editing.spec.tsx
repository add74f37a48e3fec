import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatalogSearch, SEARCH_DELAY_MS } from '../../src/adapters/web/src/slice-editor/CatalogSearch';
import { withAdded } from '../../src/adapters/web/src/slice-editor/draft';
import { SliceScreen } from '../../src/adapters/web/src/slice-editor/SliceScreen';
import { inactiveReasons } from '../../src/adapters/web/src/shared/slice-filter-rule';
import { I18nProvider } from '../../src/adapters/web/src/i18n/i18n';
import { SessionProvider } from '../../src/adapters/web/src/session/session';
import { fakeService, renderSignedIn, WRITER, type Received } from './support/render';

// Each card works out why its product is inactive when it renders: counting the calls counts card renders.
vi.mock('../../src/adapters/web/src/shared/slice-filter-rule', async (original) => {
  const actual = await original<typeof import('../../src/adapters/web/src/shared/slice-filter-rule')>();
  return { ...actual, inactiveReasons: vi.fn(actual.inactiveReasons) };
});

const AT = '2026-05-01T03:00:00.000Z';
const CATALOG = '/api/v1/products/protected/catalog';
const product = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  brand: 'Trama',
  category: 'vestidos',
  price: 129.9,
  available: true,
  tags: [],
  attributes: {},
  createdAt: AT,
  updatedAt: AT,
  ...extra,
});
const DRESSES = [
  product('VES-001', 'Vestido Midi Linho', { imageUrl: 'https://img.example/ves-001.jpg' }),
  product('VES-002', 'Vestido Midi Linho', { brand: 'Aurora', available: false }),
  product('VES-003', 'Vestido Longo Seda', { price: 489.9 }),
];
const NAMES = { categories: ['vestidos', 'bolsas'], brands: ['Trama', 'Aurora'] };

/** The catalog as the search sees it: the names route, and DRESSES for any search. */
function catalogService(extra?: (request: Received) => { body?: unknown; status?: number } | undefined) {
  return fakeService((request) => {
    const answered = extra?.(request);
    if (answered !== undefined) return answered;
    if (request.path === `${CATALOG}/names`) return { body: NAMES };
    if (request.path === CATALOG) return { body: { products: DRESSES, nextCursor: null } };
    return { status: 404, body: { title: 'Not Found', status: 404 } };
  });
}

/** Types `text` in the search box and presses Enter. */
function searchFor(text: string, label = 'Search products') {
  const box = screen.getByRole('searchbox', { name: label });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.submit(box);
}

const searches = (received: Received[]) =>
  received.filter((r) => r.path === CATALOG).map((r) => Object.fromEntries(new URLSearchParams(r.search)));

afterEach(() => {
  vi.useRealTimers();
});

describe('Search products', () => {
  it('asks the catalog once typing pauses, with what was typed last, and no button to press', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { received } = catalogService();
    renderSignedIn(<CatalogSearch chosen={[]} full={false} onAdd={() => ({ added: 0, leftOut: 0 })} />);
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    await act(async () => vi.advanceTimersByTime(SEARCH_DELAY_MS + 10));
    // Nothing is asked before something is typed.
    expect(searches(received)).toEqual([]);
    const before = 0;
    for (const text of ['v', 've', 'ves', 'vest', 'vesti', 'vestid']) {
      fireEvent.change(box, { target: { value: text } });
      await act(async () => vi.advanceTimersByTime(100));
    }
    expect(searches(received)).toHaveLength(before);
    await act(async () => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    await waitFor(() => expect(searches(received).at(-1)).toEqual({ limit: '24', q: 'vestid' }));
    expect(searches(received)).toHaveLength(before + 1);
  });

  it('asks at once on Enter, and sends the filters chosen from the catalog names', async () => {
    const { received } = catalogService();
    renderSignedIn(<CatalogSearch chosen={[]} full={false} onAdd={() => ({ added: 0, leftOut: 0 })} />);
    const brand = screen.getByRole('combobox', { name: 'Brand' });
    expect(received).toEqual([]);
    fireEvent.focus(brand);
    await waitFor(() =>
      expect(
        within(brand)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All brands', 'Trama', 'Aurora']),
    );
    fireEvent.change(brand, { target: { value: 'Aurora' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'vestidos' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Availability' }), { target: { value: 'false' } });
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    fireEvent.change(box, { target: { value: 'linho' } });
    fireEvent.submit(box);
    await waitFor(() =>
      expect(searches(received).at(-1)).toEqual({
        limit: '24',
        q: 'linho',
        category: 'vestidos',
        brand: 'Aurora',
        available: 'false',
      }),
    );
  });

  it('shows each result with its picture or a placeholder, SKU, brand, category, price in reais and availability', async () => {
    catalogService();
    renderSignedIn(<CatalogSearch chosen={['VES-003']} full={false} onAdd={() => ({ added: 0, leftOut: 0 })} />);
    searchFor('vestido');
    const results = await screen.findAllByRole('listitem');
    expect(results).toHaveLength(3);
    const [first, second, third] = results as [HTMLElement, HTMLElement, HTMLElement];
    // Two products of the same name are told apart by their SKU and picture.
    expect(first.textContent).toContain('SKU VES-001');
    expect(second.textContent).toContain('SKU VES-002');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('https://img.example/ves-001.jpg');
    expect(second.querySelector('img')).toBeNull();
    expect(first.textContent).toContain('Trama · vestidos · R$129.90 · Available');
    expect(second.textContent).toContain('Aurora · vestidos · R$129.90 · Unavailable');
    expect(within(first).getByRole('button', { name: 'Add Vestido Midi Linho' })).toBeTruthy();
    expect((within(third).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('writes prices as pt-BR does when chosen', async () => {
    catalogService();
    localStorage.setItem('vitrine.locale', 'pt-BR');
    render(
      <I18nProvider>
        <SessionProvider signed={{ token: 'secret', me: WRITER }} signOut={() => undefined}>
          <CatalogSearch chosen={[]} full={false} onAdd={() => ({ added: 0, leftOut: 0 })} />
        </SessionProvider>
      </I18nProvider>,
    );
    searchFor('vestido', 'Buscar produtos');
    const [first] = await screen.findAllByRole('listitem');
    expect(first!.textContent).toContain('Trama · vestidos · R$\u00a0129,90 · Disponível');
    expect(within(first!).getByRole('button', { name: 'Adicionar Vestido Midi Linho' })).toBeTruthy();
  });

  it('adds every result not in the slice yet with Add all results, and says how many', async () => {
    catalogService();
    const onAdd = vi.fn((products: readonly { id: string }[]) =>
      withAdded(
        ['VES-002'],
        products.map((p) => p.id),
      ),
    );
    renderSignedIn(<CatalogSearch chosen={['VES-002']} full={false} onAdd={onAdd} />);
    searchFor('vestido');
    await screen.findAllByRole('listitem');
    fireEvent.click(screen.getByRole('button', { name: 'Add all results' }));
    expect(onAdd.mock.calls[0]![0].map((p) => p.id)).toEqual(['VES-001', 'VES-002', 'VES-003']);
    expect(screen.getByText('Products added: 2.')).toBeTruthy();
  });
});

describe('Editing a slice: selection, undo and redo', () => {
  const SLICE = '/api/v1/merchandising-collections/protected/4/slices/9';
  const slice = {
    id: 9,
    name: 'Mães',
    type: 'MANUAL',
    startsAt: AT,
    endsAt: '9999-12-31T23:59:59.999Z',
    status: 'SCHEDULED',
    colour: 'yellow',
    productCount: 3,
    filters: {},
    createdAt: AT,
    updatedAt: AT,
    updatedBy: 'Ana',
    version: 1,
    products: DRESSES.map((p, i) => ({ productId: p.id, position: i + 1 })),
  };

  function openSlice(opened: typeof slice = slice) {
    const service = catalogService((request) => {
      if (request.path === SLICE && request.method === 'GET') return { body: opened };
      if (request.path === `${CATALOG}/lookup`) return { body: { products: DRESSES, missing: [] } };
      return undefined;
    });
    renderSignedIn(<SliceScreen collectionId={4} sliceId={9} />);
    return service;
  }
  const order = () =>
    screen
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('card'))
      .map((li) => li.getAttribute('data-product-id'));

  it('moves the selected cards, in their order, to a position, removes them, and undoes and redoes each step', async () => {
    openSlice();
    await screen.findByRole('checkbox', { name: 'Select Vestido Longo Seda' });
    expect(order()).toEqual(['VES-001', 'VES-002', 'VES-003']);
    const undo = screen.getByRole('button', { name: /Undo/ }) as HTMLButtonElement;
    const redo = screen.getByRole('button', { name: /Redo/ }) as HTMLButtonElement;
    expect(undo.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Vestido Longo Seda' }));
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Select Vestido Midi Linho' })[1]!);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Position' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move selected to position' }));
    expect(order()).toEqual(['VES-002', 'VES-003', 'VES-001']);
    // The moved cards stay selected; removing them leaves the other and clears the selection.
    fireEvent.click(screen.getByRole('button', { name: 'Remove selected' }));
    expect(order()).toEqual(['VES-001']);
    expect(screen.queryByRole('button', { name: 'Remove selected' })).toBeNull();
    fireEvent.click(undo);
    expect(order()).toEqual(['VES-002', 'VES-003', 'VES-001']);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(order()).toEqual(['VES-001', 'VES-002', 'VES-003']);
    expect(undo.disabled).toBe(true);
    fireEvent.click(redo);
    expect(order()).toEqual(['VES-002', 'VES-003', 'VES-001']);
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    expect(order()).toEqual(['VES-001']);
    expect(redo.disabled).toBe(true);
  });

  it('says how many products the slice holds and the most it may', async () => {
    openSlice();
    expect(await screen.findByText('3 products (at most 500)')).toBeTruthy();
  });

  it('says a slice of 500 products is full', async () => {
    const ids = Array.from({ length: 500 }, (_, i) => (i < DRESSES.length ? DRESSES[i]!.id : `VES-${1000 + i}`));
    openSlice({ ...slice, productCount: 500, products: ids.map((productId, i) => ({ productId, position: i + 1 })) });
    expect(await screen.findByText('500 products. A slice holds at most 500 products.')).toBeTruthy();
  });

  it('renders no card again while the name is typed', async () => {
    openSlice();
    const name = (await screen.findByRole('textbox', { name: /Name/ })) as HTMLInputElement;
    await screen.findByRole('checkbox', { name: 'Select Vestido Longo Seda' });
    const cardRenders = vi.mocked(inactiveReasons);
    cardRenders.mockClear();
    for (const text of ['M', 'Mã', 'Mãe', 'Mães']) fireEvent.change(name, { target: { value: text } });
    expect(name.value).toBe('Mães');
    expect(cardRenders).not.toHaveBeenCalled();
    // A change the cards show renders them.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Vestido Longo Seda' }));
    expect(cardRenders).toHaveBeenCalled();
  });

  it('undoes typing in the name as one step, and leaves Ctrl+Z inside a text field to the field', async () => {
    openSlice();
    const name = (await screen.findByRole('textbox', { name: /Name/ })) as HTMLInputElement;
    for (const text of ['Mães 2', 'Mães 20', 'Mães 202', 'Mães 2027']) fireEvent.change(name, { target: { value: text } });
    fireEvent.keyDown(name, { key: 'z', ctrlKey: true });
    expect(name.value).toBe('Mães 2027');
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    expect(name.value).toBe('Mães');
    fireEvent.click(screen.getByRole('button', { name: /Redo/ }));
    expect(name.value).toBe('Mães 2027');
  });
});
