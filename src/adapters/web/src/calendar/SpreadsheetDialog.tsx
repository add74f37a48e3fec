import { useId, useMemo, useState, type FormEvent } from 'react';
import { ApiError, ok } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { sheetBody, SheetProblems, templateHref } from '../shared/sheet';
import { Dialog, ErrorNote, fromLocalInput, toLocalInput } from '../shared/ui';

/** A new slice from a CSV or XLSX file: every bad row listed, nothing saved until the sheet is clean. */
export function SpreadsheetDialog(props: { collectionId: number; onClose: () => void; onSaved: (sliceId: number) => void }) {
  const { t } = useI18n();
  const { api } = useSession();
  const [name, setName] = useState('');
  const [startsAt, setStartsAt] = useState(() => toLocalInput(new Date().toISOString()));
  const [endsAt, setEndsAt] = useState('');
  const [file, setFile] = useState<File | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const template = useMemo(templateHref, []);
  const ids = { name: useId(), starts: useId(), ends: useId(), file: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (file === undefined) return;
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
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  const sheetRefused =
    error instanceof ApiError && error.status === 400 && (error.problem?.errors ?? []).some((e) => e.path.startsWith('rows'));
  return (
    <Dialog title={t('uploadSpreadsheet')} onClose={props.onClose}>
      <form onSubmit={submit} className="stack">
        <label htmlFor={ids.name}>{t('name')}</label>
        <input id={ids.name} required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={ids.starts}>{t('starts')}</label>
        <input id={ids.starts} type="datetime-local" required value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
        <label htmlFor={ids.ends}>{t('ends')}</label>
        <input id={ids.ends} type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
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
        />
        <a href={template} download="vitrine-slice-template.csv">
          {t('downloadTemplate')}
        </a>
        {sheetRefused ? <SheetProblems error={error} /> : <ErrorNote error={error} />}
        <div className="buttons">
          <button type="button" onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button type="submit" disabled={busy || file === undefined}>
            {t('uploadSpreadsheet')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
