import { useId, useMemo, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session/session';
import { sheetBody, SheetProblems, templateHref } from '../shared/sheet';
import { ErrorNote } from '../shared/ui';
import type { Stored } from './draft';

/** Replaces the slice's products from a CSV or XLSX file (If-Match checked); bad rows listed, nothing saved. */
export function SheetReplace({
  collectionId,
  stored,
  onReplaced,
}: {
  collectionId: number;
  stored: Stored;
  onReplaced: () => void;
}) {
  const { t } = useI18n();
  const { api } = useSession();
  const [file, setFile] = useState<File | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const template = useMemo(templateHref, []);
  const fieldId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (file === undefined) return;
    const answer = await api.PUT('/api/v1/merchandising-collections/protected/{id}/slices/{sliceId}/products/spreadsheet', {
      params: { path: { id: collectionId, sliceId: stored.slice.id }, header: { 'If-Match': stored.etag } },
      ...sheetBody(file),
    });
    if (answer.response.ok) {
      setError(undefined);
      onReplaced();
    } else setError(new ApiError(answer.response.status, answer.error as never));
  }

  const rows = error instanceof ApiError && (error.problem?.errors ?? []).some((e) => e.path.startsWith('rows'));
  return (
    <form onSubmit={submit} className="sheet-replace">
      <label htmlFor={fieldId}>{t('spreadsheetFile')}</label>
      <input id={fieldId} type="file" accept=".csv,.xlsx" onChange={(e) => setFile(e.target.files?.[0])} />
      <button type="submit" disabled={file === undefined}>
        {t('replaceFromSpreadsheet')}
      </button>
      <a href={template} download="vitrine-slice-template.csv">
        {t('downloadTemplate')}
      </a>
      {rows ? <SheetProblems error={error} /> : <ErrorNote error={error} />}
    </form>
  );
}
