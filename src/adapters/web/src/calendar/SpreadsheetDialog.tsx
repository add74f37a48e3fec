import { useId, useMemo, useState, type FormEvent } from 'react';
import { ApiError, ok } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { sheetBody, SheetProblems, templateHref } from '../shared/sheet';
import { DateTimeField } from '../shared/DateTimeField';
import {
  fieldErrorsOfProblem,
  hasErrors,
  SHEET_PATHS,
  sliceFormErrors,
  type FieldErrors,
  type SheetField,
} from '../shared/field-errors';
import { describedBy, ErrorSummary, FieldMessage, focusFirst, TextField } from '../shared/field-messages';
import { Dialog, ErrorNote, fromLocalInput, toLocalInput } from '../shared/ui';

/** A new slice from a CSV or XLSX file: every bad row listed, nothing saved until the sheet is clean. */
export function SpreadsheetDialog(props: { collectionId: number; onClose: () => void; onSaved: (sliceId: number) => void }) {
  const { t, locale } = useI18n();
  const { api } = useSession();
  const [problems, setProblems] = useState<{ errors: FieldErrors<SheetField>; refused: boolean }>({ errors: {}, refused: false });
  const [name, setName] = useState('');
  const [startsAt, setStartsAt] = useState(() => toLocalInput(new Date().toISOString()));
  const [endsAt, setEndsAt] = useState('');
  const [file, setFile] = useState<File | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const template = useMemo(templateHref, []);
  const ids: Record<SheetField, string> = { name: useId(), startsAt: useId(), endsAt: useId(), file: useId() };
  const { errors } = problems;

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The end is optional here: an empty one is a slice with no end.
    const checked: FieldErrors<SheetField> = sliceFormErrors({ name, startsAt, endsAt, noEnd: endsAt.trim() === '' }, locale);
    if (file === undefined) checked.file = { key: 'required' };
    setProblems({ errors: checked, refused: false });
    if (hasErrors(checked) || file === undefined) {
      focusFirst(checked, ids);
      return;
    }
    setBusy(true);
    try {
      const query = { name, startsAt: fromLocalInput(startsAt), ...(endsAt ? { endsAt: fromLocalInput(endsAt) } : {}) };
      const slice = await ok(
        api.POST('/api/v1/merchandising-collections/protected/{id}/slices/spreadsheet', {
          params: { path: { id: props.collectionId }, query },
          ...sheetBody(file),
        }),
      );
      props.onSaved(slice.id);
    } catch (e) {
      const placed = e instanceof ApiError && e.status === 400 ? fieldErrorsOfProblem(e.problem, SHEET_PATHS) : undefined;
      if (placed !== undefined && hasErrors(placed.errors)) {
        setProblems({ errors: placed.errors, refused: true });
        focusFirst(placed.errors, ids);
      }
      setError(placed !== undefined && hasErrors(placed.errors) && placed.unplaced.length === 0 ? undefined : e);
    } finally {
      setBusy(false);
    }
  }

  const sheetRefused =
    error instanceof ApiError && error.status === 400 && (error.problem?.errors ?? []).some((e) => e.path.startsWith('rows'));
  return (
    <Dialog title={t('uploadSpreadsheet')} onClose={props.onClose}>
      <form onSubmit={submit} className="stack" noValidate>
        <ErrorSummary
          errors={errors}
          labels={{ name: t('name'), startsAt: t('starts'), endsAt: t('ends'), file: t('spreadsheetFile') }}
          refused={problems.refused}
        />
        <TextField id={ids.name} label={t('name')} required maxLength={200} value={name} onChange={setName} error={errors.name} />
        <DateTimeField
          id={ids.startsAt}
          label={t('starts')}
          required
          value={startsAt}
          onChange={setStartsAt}
          error={errors.startsAt}
        />
        <DateTimeField id={ids.endsAt} label={t('ends')} value={endsAt} onChange={setEndsAt} error={errors.endsAt} />
        <label htmlFor={ids.file}>{t('spreadsheetFile')}</label>
        <input
          id={ids.file}
          type="file"
          required
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            setFile(e.target.files?.[0]);
            setError(undefined);
          }}
          {...describedBy(errors.file, `${ids.file}-error`)}
        />
        <FieldMessage id={`${ids.file}-error`} error={errors.file} />
        <a href={template} download="vitrine-slice-template.csv">
          {t('downloadTemplate')}
        </a>
        {sheetRefused ? <SheetProblems error={error} /> : <ErrorNote error={error} />}
        <div className="buttons">
          <button type="button" onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button type="submit" disabled={busy}>
            {t('uploadSpreadsheet')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
