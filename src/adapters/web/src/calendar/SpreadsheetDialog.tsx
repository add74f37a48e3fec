import { useId, useMemo, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useConsequenceGate } from '../shared/ConsequenceDialog';
import { DateTimeField } from '../shared/DateTimeField';
import {
  hasErrors,
  refusalOf,
  SHEET_PATHS,
  sliceFormErrors,
  type FieldError,
  type FieldErrors,
  type SheetField,
} from '../shared/field-errors';
import { describedBy, ErrorSummary, FieldMessage, focusFirst, TextField } from '../shared/field-messages';
import { SheetProblems, templateHref } from '../shared/sheet';
import { Dialog, ErrorNote, fromLocalInput } from '../shared/ui';
import { useSpreadsheetSlice } from './api';

interface SheetForm {
  name: string;
  startsAt: string;
  endsAt: string;
  file: File | undefined;
}

/**
 * Checks the form, shows what the new slice changes in what the storefront serves (confirmed when
 * within 24 hours or with no end), then uploads the sheet; a refusal's errors go beside the fields
 * they name, a sheet's bad rows are listed.
 */
function useSheetUpload(collectionId: number, onSaved: (sliceId: number) => void, ids: Record<SheetField, string>) {
  const { locale } = useI18n();
  const upload = useSpreadsheetSlice(collectionId);
  const gate = useConsequenceGate(collectionId);
  const [problems, setProblems] = useState<{ errors: FieldErrors<SheetField>; refused: boolean }>({ errors: {}, refused: false });

  function send({ name, startsAt, endsAt, file }: SheetForm) {
    // The end is optional here: an empty one is a slice with no end.
    const checked: FieldErrors<SheetField> = sliceFormErrors({ name, startsAt, endsAt, noEnd: endsAt.trim() === '' }, locale);
    if (file === undefined) checked.file = { key: 'required' };
    setProblems({ errors: checked, refused: false });
    if (hasErrors(checked) || file === undefined) {
      focusFirst(checked, ids);
      return;
    }
    const query = { name, startsAt: fromLocalInput(startsAt), ...(endsAt ? { endsAt: fromLocalInput(endsAt) } : {}) };
    gate.check(
      { kind: 'save', name: name.trim() || '—', startsAt: query.startsAt, endsAt: query.endsAt ?? null },
      (consequence) =>
        upload.mutate(
          { file, query, consequence },
          {
            onSuccess: (slice) => onSaved(slice.id),
            onError: (e) => {
              const { placed } = refusalOf(e, SHEET_PATHS);
              if (hasErrors(placed)) {
                setProblems({ errors: placed, refused: true });
                focusFirst(placed, ids);
              }
            },
          },
        ),
    );
  }
  const error = upload.error === null ? undefined : refusalOf(upload.error, SHEET_PATHS).rest;
  return { send, problems, error, reset: upload.reset, busy: upload.isPending || gate.checking, gate };
}

/**
 * A new slice from a CSV or XLSX file: every bad row listed, nothing saved until the sheet is
 * clean. Its start has no default (the merchandiser chooses it); what the service warns about
 * (overlaps, products not in the catalog) is shown in the editor it opens.
 */
export function SpreadsheetDialog(props: { collectionId: number; onClose: () => void; onSaved: (sliceId: number) => void }) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [file, setFile] = useState<File | undefined>(undefined);
  const template = useMemo(() => templateHref(), []);
  const ids: Record<SheetField, string> = { name: useId(), startsAt: useId(), endsAt: useId(), file: useId() };
  const { send, problems, error, reset, busy, gate } = useSheetUpload(props.collectionId, props.onSaved, ids);
  const { errors } = problems;

  function submit(event: FormEvent) {
    event.preventDefault();
    send({ name, startsAt, endsAt, file });
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
        <SheetFileField
          id={ids.file}
          error={errors.file}
          onChange={(chosen) => {
            setFile(chosen);
            reset();
          }}
        />
        <a href={template} download="vitrine-slice-template.csv">
          {t('downloadTemplate')}
        </a>
        {sheetRefused ? <SheetProblems error={error} /> : <ErrorNote error={error} />}
        {gate.status}
        <div className="buttons">
          <button type="button" onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button type="submit" disabled={busy}>
            {t('uploadSpreadsheet')}
          </button>
        </div>
      </form>
      {gate.dialog}
    </Dialog>
  );
}

/** The sheet to upload, CSV or XLSX, with its error beside it. */
function SheetFileField({
  id,
  error,
  onChange,
}: {
  id: string;
  error: FieldError | undefined;
  onChange: (file: File | undefined) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <label htmlFor={id}>{t('spreadsheetFile')}</label>
      <input
        id={id}
        type="file"
        required
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(e) => onChange(e.target.files?.[0])}
        {...describedBy(error, `${id}-error`)}
      />
      <FieldMessage id={`${id}-error`} error={error} />
    </>
  );
}
