import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '../../src/adapters/web/src/i18n/i18n';
import { describe, expect, it } from 'vitest';
import type { TimelinePreview } from '../../src/adapters/web/src/api/timeline-preview';
import { ConsequenceList } from '../../src/adapters/web/src/shared/ConsequenceDialog';
import { SliceScreen } from '../../src/adapters/web/src/slice-editor/SliceScreen';
import { fakeService, renderSignedIn, type Received } from './support/render';

const BASE = '/api/v1/merchandising-collections/protected';
const at = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
const mothers = { sliceId: 3, sliceName: 'Presentes para mães', draft: false };
const draft = { sliceId: null, sliceName: 'Dia das Mães', draft: true };

function preview(changes: TimelinePreview['changes'], needsConfirmation: boolean): TimelinePreview {
  return {
    collectionId: 1,
    from: '2027-05-01T00:00:00.000Z',
    to: '2028-05-01T00:00:00.000Z',
    before: [],
    after: [],
    changes,
    needsConfirmation,
  };
}

const storedSlice = {
  id: 9,
  name: 'Presentes para mães',
  type: 'MANUAL',
  startsAt: '2027-04-20T03:00:00.000Z',
  endsAt: '9999-12-31T23:59:59.999Z',
  status: 'ACTIVE',
  colour: 'green',
  productCount: 1,
  filters: {},
  createdAt: '2027-04-01T00:00:00.000Z',
  updatedAt: '2027-04-01T00:00:00.000Z',
  updatedBy: 'Ana',
  version: 1,
  products: [{ productId: 'NAO-EXISTE-99', position: 1, active: true }],
};

const T = '2027-04-01T00:00:00.000Z';

/** The service the editor talks to: a stored slice 9, a catalog without NAO-EXISTE-99, and the preview given. */
function service(answer: TimelinePreview) {
  return fakeService((r: Received) => {
    if (r.path.endsWith('/timeline/preview')) return { body: answer };
    if (r.method === 'GET' && r.path === `${BASE}/1/slices/9`) return { body: storedSlice, headers: { ETag: '"slice-9.1"' } };
    if (r.path.endsWith('/catalog/lookup')) return { body: { products: [], missing: (r.body as { ids: string[] }).ids } };
    if (r.method === 'POST' && r.path === `${BASE}/1/slices`) {
      return { status: 201, body: { ...storedSlice, id: 10, warnings: [], notInCatalog: [] } };
    }
    return { status: 404, body: { title: 'Not Found', status: 404 } };
  });
}

describe('the consequence of a save, in words', () => {
  it('names the slice replaced in each period, what fills nothing, what is left with nothing, and "with no end"', () => {
    renderSignedIn(
      <ConsequenceList
        preview={preview(
          [
            { from: '2027-05-01T03:00:00.000Z', until: '2027-05-10T03:00:00.000Z', sliceBefore: mothers, sliceAfter: draft },
            { from: '2027-06-01T03:00:00.000Z', until: null, sliceBefore: null, sliceAfter: draft },
            {
              from: '2027-07-01T03:00:00.000Z',
              until: '2027-07-02T03:00:00.000Z',
              sliceBefore: { ...mothers, draft: true },
              sliceAfter: null,
            },
          ],
          true,
        )}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `From ${at('2027-05-01T03:00:00.000Z')} to ${at('2027-05-10T03:00:00.000Z')} this slice replaces “Presentes para mães”.`,
      `From ${at('2027-06-01T03:00:00.000Z')}, with no end, this slice is shown where nothing was shown.`,
      `From ${at('2027-07-01T03:00:00.000Z')} to ${at('2027-07-02T03:00:00.000Z')} nothing is shown instead of this slice.`,
    ]);
  });

  it('says so in Portuguese, with dates in pt-BR, when pt-BR is chosen', () => {
    localStorage.setItem('vitrine.locale', 'pt-BR');
    render(
      <I18nProvider>
        <ConsequenceList
          preview={preview([{ from: '2027-05-01T03:00:00.000Z', until: null, sliceBefore: mothers, sliceAfter: draft }], true)}
        />
      </I18nProvider>,
    );
    const pt = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2027-05-01T03:00:00.000Z'),
    );
    expect(screen.getByRole('listitem').textContent).toBe(
      `A partir de ${pt}, sem fim, esta fatia substitui “Presentes para mães”.`,
    );
  });
});

describe('saving a new slice asks first', () => {
  const fill = async () => {
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Dia das Mães' } });
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2027-05-01T00:00' } });
  };

  it('starts with no start date: nothing goes live by a default', async () => {
    service(preview([], false));
    renderSignedIn(<SliceScreen collectionId={1} sliceId="new" />);
    expect(((await screen.findByLabelText('Starts')) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Starts') as HTMLInputElement).required).toBe(true);
  });

  it('shows a dialog naming the slice replaced when it must be confirmed; Cancel saves nothing, Confirm saves', async () => {
    const { received } = service(
      preview([{ from: '2027-05-01T03:00:00.000Z', until: null, sliceBefore: mothers, sliceAfter: draft }], true),
    );
    renderSignedIn(<SliceScreen collectionId={1} sliceId="new" />);
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/this slice replaces “Presentes para mães”/).textContent).toContain('with no end');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(received.filter((r) => r.method === 'POST' && r.path === `${BASE}/1/slices`)).toEqual([]);
    const asked = received.find((r) => r.path.endsWith('/timeline/preview'))!;
    expect(asked.body).toMatchObject({ change: { kind: 'save', name: 'Dia das Mães', endsAt: null } });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(received.filter((r) => r.method === 'POST' && r.path === `${BASE}/1/slices`)).toHaveLength(1));
  });

  it('saves at once, with no dialog, when nothing needs confirming', async () => {
    const { received } = service(preview([], false));
    renderSignedIn(<SliceScreen collectionId={1} sliceId="new" />);
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(received.filter((r) => r.method === 'POST' && r.path === `${BASE}/1/slices`)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('unsaved edits', () => {
  it('asks "Leave without saving?" on the calendar link; Cancel keeps the edits and the page', async () => {
    service(preview([], false));
    window.location.hash = '#/collections/1/slices/9';
    renderSignedIn(<SliceScreen collectionId={1} sliceId={9} />);
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Presentes para mães'));
    fireEvent.click(screen.getByRole('link', { name: /Calendar/ }));
    expect(screen.queryByRole('dialog')).toBeNull(); // nothing edited: it leaves without asking
    window.location.hash = '#/collections/1/slices/9';
    fireEvent.change(name, { target: { value: 'Presentes, editado' } });
    fireEvent.click(screen.getByRole('link', { name: /Calendar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(window.location.hash).toBe('#/collections/1/slices/9');
    expect(name.value).toBe('Presentes, editado');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
  });

  it('does not hold a reload when nothing is edited', async () => {
    service(preview([], false));
    renderSignedIn(<SliceScreen collectionId={1} sliceId={9} />);
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Presentes para mães'));
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
  });
});

describe('a product not in the catalog', () => {
  it('is shown as not in the catalog, never as Active', async () => {
    service(preview([], false));
    renderSignedIn(<SliceScreen collectionId={1} sliceId={9} />);
    const card = await screen.findByRole('listitem', { name: 'NAO-EXISTE-99' });
    await waitFor(() => expect(within(card).getByText('Not in the catalog')).toBeTruthy());
    expect(within(card).queryByText('Active')).toBeNull();
  });
});

describe('an unavailable product the filters keep', () => {
  it('is active, as the contract says, but said to be unavailable, never plain green', async () => {
    const sold = {
      id: 'VES-SOLD',
      name: 'Vestido esgotado',
      available: false,
      tags: [],
      attributes: {},
      createdAt: T,
      updatedAt: T,
    };
    fakeService((r: Received) => {
      if (r.method === 'GET' && r.path === `${BASE}/1/slices/9`) {
        return {
          body: { ...storedSlice, products: [{ productId: 'VES-SOLD', position: 1, active: true }] },
          headers: { ETag: '"slice-9.1"' },
        };
      }
      if (r.path.endsWith('/catalog/lookup')) return { body: { products: [sold], missing: [] } };
      return { status: 404, body: { title: 'Not Found', status: 404 } };
    });
    renderSignedIn(<SliceScreen collectionId={1} sliceId={9} />);
    const card = await screen.findByRole('listitem', { name: 'Vestido esgotado' });
    const flag = await within(card).findByText('Active, though unavailable');
    expect(flag.className).toBe('flag warn');
    expect(flag.getAttribute('title')).toContain('"Available products only"');
    expect(within(card).queryByText('Active')).toBeNull();
  });
});
