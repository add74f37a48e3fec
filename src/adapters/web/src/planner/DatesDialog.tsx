import { useId, useState, type FormEvent } from 'react';
import { useI18n } from '../i18n/i18n';
import { DateTimeField } from '../shared/DateTimeField';
import { dateFieldError, type FieldError } from '../shared/field-errors';
import { Dialog, fromLocalInput, isNoEnd, toLocalInput } from '../shared/ui';

/** New dates typed (the keyboard's way to move a slice, or to choose a copy's start): local inputs in, UTC instants out. */
export function DatesDialog({
  title,
  startsAt,
  endsAt,
  submit,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  startsAt: string;
  endsAt: string | undefined;
  submit: string;
  onSubmit: (dates: { startsAt: string; endsAt: string | null }) => void;
  onClose: () => void;
  children?: React.ReactNode;
}) {
  const { t, locale } = useI18n();
  const ids = [useId(), useId()] as const;
  const [start, setStart] = useState(() => toLocalInput(startsAt));
  const [end, setEnd] = useState(() => (endsAt === undefined || isNoEnd(endsAt) ? '' : toLocalInput(endsAt)));
  const [errors, setErrors] = useState<{ start?: FieldError | undefined; end?: FieldError | undefined }>({});
  const hasEnd = endsAt !== undefined && !isNoEnd(endsAt);

  function save(event: FormEvent) {
    event.preventDefault();
    const wrong = { start: dateFieldError(start, locale), end: hasEnd ? dateFieldError(end, locale) : undefined };
    if (wrong.start === undefined && wrong.end === undefined && hasEnd && fromLocalInput(end) <= fromLocalInput(start)) {
      wrong.end = { key: 'endBeforeStart' };
    }
    setErrors(wrong);
    if (wrong.start !== undefined || wrong.end !== undefined) return;
    onSubmit({ startsAt: fromLocalInput(start), endsAt: hasEnd ? fromLocalInput(end) : null });
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={save} noValidate>
        {children}
        <DateTimeField id={ids[0]} label={t('starts')} required value={start} onChange={setStart} error={errors.start} />
        {hasEnd && <DateTimeField id={ids[1]} label={t('ends')} required value={end} onChange={setEnd} error={errors.end} />}
        <div className="buttons">
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit">{submit}</button>
        </div>
      </form>
    </Dialog>
  );
}
