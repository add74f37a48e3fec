import { useId, useRef, useState } from 'react';
import { useI18n, type Locale } from '../i18n/i18n';
import { formatTyped, isLocal, parseTyped } from './datetime';
import type { FieldError } from './field-errors';
import { describedBy, FieldMessage } from './field-messages';

/** What a field shows for a value: a local date and time in the chosen language's order, or the text being typed. */
const shown = (value: string, locale: Locale) => (isLocal(value) ? formatTyped(value, locale) : value);

/**
 * A date and time typed in the chosen language's order (pt-BR dd/mm/aaaa hh:mm, English
 * yyyy-mm-dd hh:mm), whatever the browser's own locale; a calendar button opens the browser's picker.
 * `value` and `onChange` speak local `yyyy-mm-ddThh:mm` once what is typed is a date, and the text
 * itself until then, so the form can say why it is not one.
 */
export function DateTimeField({
  id,
  label,
  value,
  onChange,
  error,
  required = false,
  disabled = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: FieldError | undefined;
  required?: boolean;
  disabled?: boolean;
}) {
  const { t, locale } = useI18n();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState({ value, locale, shown: shown(value, locale) });
  // A value set from outside (a reload, a restore, another language) replaces what the field shows.
  if (text.value !== value || text.locale !== locale) setText({ value, locale, shown: shown(value, locale) });

  function typed(next: string) {
    const parsed = parseTyped(next, locale);
    const emitted = parsed.ok ? parsed.local : next.trim() === '' ? '' : next;
    setText({ value: emitted, locale, shown: next });
    onChange(emitted);
  }

  return (
    <div className="date-field">
      <label htmlFor={id}>{label}</label>
      <div className="date-input">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('dateHint')}
          required={required}
          disabled={disabled}
          value={text.shown}
          onChange={(e) => typed(e.target.value)}
          {...describedBy(error, errorId, hintId)}
        />
        <Picker value={value} disabled={disabled} onPicked={(local) => typed(formatTyped(local, locale))} />
      </div>
      <p id={hintId} className="hint">
        {t('dateFormatNote', { hint: t('dateHint') })}
      </p>
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

/** A calendar button that opens the browser's own date and time picker, for those who would rather pick than type. */
function Picker({ value, disabled, onPicked }: { value: string; disabled: boolean; onPicked: (local: string) => void }) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="pick"
        title={t('pickDate')}
        aria-label={t('pickDate')}
        disabled={disabled}
        onClick={() => input.current?.showPicker?.()}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h2M12 14h2M16 14h1M8 17h2M12 17h2"
          />
        </svg>
      </button>
      <input
        ref={input}
        className="picker"
        type="datetime-local"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        value={isLocal(value) ? value : ''}
        onChange={(e) => e.target.value !== '' && onPicked(e.target.value)}
      />
    </>
  );
}
