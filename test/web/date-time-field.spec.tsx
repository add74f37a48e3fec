import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, useI18n } from '../../src/adapters/web/src/i18n/i18n';
import { DateTimeField } from '../../src/adapters/web/src/shared/DateTimeField';

const kept: string[] = [];

function Field() {
  const [value, setValue] = useState('2027-05-07T09:30');
  const { setLocale } = useI18n();
  return (
    <>
      <DateTimeField
        id="starts"
        label="Starts"
        value={value}
        onChange={(next) => {
          kept.push(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setLocale('en')}>
        English
      </button>
    </>
  );
}

describe('A date and time field in the chosen language', () => {
  it('shows and takes pt-BR dd/mm/aaaa hh:mm, keeps yyyy-mm-ddThh:mm, and follows a change of language', () => {
    localStorage.setItem('vitrine.locale', 'pt-BR');
    render(
      <I18nProvider>
        <Field />
      </I18nProvider>,
    );
    const input = screen.getByLabelText('Starts') as HTMLInputElement;
    expect(input.value).toBe('07/05/2027 09:30');
    expect(input.placeholder).toBe('dd/mm/aaaa hh:mm');
    expect(screen.getByText('Formato: dd/mm/aaaa hh:mm').id).toBe(input.getAttribute('aria-describedby'));
    fireEvent.change(input, { target: { value: '31/02/2027 10:00' } });
    fireEvent.change(input, { target: { value: '01/05/2027 10:00' } });
    expect(kept).toEqual(['31/02/2027 10:00', '2027-05-01T10:00']);
    expect(input.value).toBe('01/05/2027 10:00');
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(input.value).toBe('2027-05-01 10:00');
    expect(input.placeholder).toBe('yyyy-mm-dd hh:mm');
  });
});
