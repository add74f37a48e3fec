import { useId, useMemo, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useConsequenceGate } from '../shared/ConsequenceDialog';
import { SheetProblems, templateHref } from '../shared/sheet';
import { Dialog, ErrorNote, fromLocalInput } from '../shared/ui';
import { useSpreadsheetSlice } from './api';

/**
 * A new slice from a CSV or XLSX file: every bad row listed, nothing saved until the sheet is
 * clean. Its start has no default (the merchandiser chooses it), and what it changes in what the
 * storefront serves is shown first (confirmed when within 24 hours or with no end); what the
 * service warns about (overlaps, products not in the catalog) is shown in the editor it opens.
 */
export function SpreadsheetDialog(props: { collectionId: number; onClose: () => void; onSaved: (sliceId: number) => void }) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [file, setFile] = useState<File | undefined>(undefined);
  const upload = useSpreadsheetSlice(props.collectionId);
  const gate = useConsequenceGate(props.collectionId);
  const error = upload.error ?? undefined;
  const busy = upload.isPending || gate.checking;
  const template = useMemo(() => templateHref(), []);
  const ids = { name: useId(), starts: useId(), ends: useId(), file: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (file === undefined) return;
    const query = { name, startsAt: fromLocalInput(startsAt), ...(endsAt ? { endsAt: fromLocalInput(endsAt) } : {}) };
    gate.check(
      { kind: 'save', name: name.trim() || '—', startsAt: query.startsAt, endsAt: query.endsAt ?? null },
      (consequence) => upload.mutate({ file, query, consequence }, { onSuccess: (slice) => props.onSaved(slice.id) }),
    );
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
            upload.reset();
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
          <button type="submit" disabled={busy || file === undefined}>
            {t('uploadSpreadsheet')}
          </button>
        </div>
      </form>
      {gate.dialog}
    </Dialog>
  );
}
