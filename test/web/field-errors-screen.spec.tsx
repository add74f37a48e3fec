import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SliceScreen } from '../../src/adapters/web/src/slice-editor/SliceScreen';
import { fakeService, renderSignedIn } from './support/render';

const refusal = {
  status: 400,
  body: {
    title: 'Bad Request',
    status: 400,
    detail: 'The slice is not valid.',
    errors: [
      { path: 'endsAt', message: 'must be after startsAt' },
      { path: 'filters.tags.0', message: 'a reason the builder does not know' },
    ],
  },
};

/** What the timeline preview answers for a change that needs no confirmation. */
const quietPreview = {
  collectionId: 1,
  from: '2027-05-01T03:00:00.000Z',
  to: '2028-05-01T03:00:00.000Z',
  before: [],
  after: [],
  changes: [],
  needsConfirmation: false,
};

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('The slice form’s errors', () => {
  it('holds a slice back with each error beside its field, sending nothing', async () => {
    const { received } = fakeService(() => ({ body: {} }));
    renderSignedIn(<SliceScreen collectionId={1} sliceId="new" />);
    fireEvent.click(screen.getByLabelText('No end'));
    fill('Starts', '2027-05-10 00:00');
    fill('Ends', '2027-02-31 00:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const ends = screen.getByLabelText('Ends');
    expect(ends.getAttribute('aria-invalid')).toBe('true');
    const said = ends
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(said).toContain('That day does not exist: check the day and the month.');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Nothing was sent. Check these fields: Name, Ends.');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(received.filter((r) => r.method !== 'GET')).toEqual([]);
    // Fixing a field takes its error away; the others stay until they are fixed.
    fill('Ends', '2027-05-20 00:00');
    expect(screen.getByLabelText('Ends').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Nothing was sent. Check this field: Name.');
  });

  it('puts a refusal’s errors beside their fields in the builder’s words, never the developer’s', async () => {
    // The preview says the slice changes nothing soon (no confirmation asked); the save is refused.
    const { received } = fakeService((request) => {
      if (request.path.endsWith('/timeline/preview')) return { body: quietPreview };
      return request.method === 'POST' ? refusal : { body: {} };
    });
    renderSignedIn(<SliceScreen collectionId={1} sliceId="new" />);
    fill('Name', 'Dia das Mães');
    fireEvent.click(screen.getByLabelText('No end'));
    fill('Starts', '2027-05-01 00:00');
    fill('Ends', '2027-05-10 00:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Ends').getAttribute('aria-invalid')).toBe('true'));
    expect(received.find((r) => r.method === 'POST' && r.path.endsWith('/slices'))!.body).toMatchObject({
      startsAt: new Date(2027, 4, 1).toISOString(),
      endsAt: new Date(2027, 4, 10).toISOString(),
    });
    expect(screen.getByText('The end must be after the start.')).toBeTruthy();
    // What the builder does not know is said in the service's words, beside its field.
    expect(screen.getByLabelText('Tags (comma separated)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('a reason the builder does not know')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Not saved. Check these fields: Ends, Tags (comma separated).');
    expect(document.body.textContent).not.toContain('endsAt');
  });
});
