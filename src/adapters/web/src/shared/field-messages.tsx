import { useI18n } from '../i18n/i18n';
import type { FieldError, FieldErrors } from './field-errors';

/** A field error's words in the chosen language. */
export function useFieldText(): (error: FieldError) => string {
  const { t } = useI18n();
  return (error) => ('text' in error ? error.text : t(error.key, error.values));
}

/** The attributes that tie an input to its error (and hint): screen readers read both with the field. */
export function describedBy(error: FieldError | undefined, errorId: string, ...others: (string | undefined)[]) {
  const ids = [...others, error ? errorId : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': ids === '' ? undefined : ids };
}

/** The error shown beside its field (the id its input's aria-describedby names). */
export function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  const text = useFieldText();
  if (error === undefined) return null;
  return (
    <p id={id} className="field-error">
      {text(error)}
    </p>
  );
}

/**
 * The summary above a form whose fields hold errors: which fields, by their labels (each error is
 * beside its field). `refused` says the service refused the form rather than the builder holding it back.
 */
export function ErrorSummary<F extends string>({
  errors,
  labels,
  refused = false,
}: {
  errors: FieldErrors<F>;
  labels: Readonly<Partial<Record<F, string>>>;
  refused?: boolean;
}) {
  const { t } = useI18n();
  const named = (Object.keys(errors) as F[]).flatMap((field) => (labels[field] === undefined ? [] : [labels[field]]));
  if (named.length === 0) return null;
  return (
    <p role="alert" className="error">
      {t(refused ? 'refusedFields' : 'checkFields', { count: named.length, fields: named.join(', ') })}
    </p>
  );
}

/** Puts the focus on the first field of `ids` that holds an error, so typing goes where the fix is. */
export function focusFirst<F extends string>(errors: FieldErrors<F>, ids: Readonly<Partial<Record<F, string>>>): void {
  for (const field of Object.keys(ids) as F[]) {
    const input = errors[field] === undefined ? null : document.getElementById(ids[field]!);
    if (input !== null) {
      input.focus();
      return;
    }
  }
}

/** A labelled text input with its error beside it (a name, a list): the form's own words, checked before sending. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  maxLength,
  required = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: FieldError | undefined;
  maxLength?: number;
  required?: boolean;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        required={required}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...describedBy(error, `${id}-error`)}
      />
      <FieldMessage id={`${id}-error`} error={error} />
    </>
  );
}
