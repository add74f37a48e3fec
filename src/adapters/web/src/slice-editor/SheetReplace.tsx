import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useRememberSliceNotes } from '../api/slice-notes';
import { SheetProblems, templateHref } from '../shared/sheet';
import { ErrorNote } from '../shared/ui';
import { useReplaceFromSheet } from './api/slice';
import type { Stored } from './draft';

/**
 * Replaces the slice's products from a CSV or XLSX file (If-Match checked); bad rows listed,
 * nothing saved; what the service warns about (products not in the catalog) is noted in the editor.
 */
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
  const [file, setFile] = useState<File | undefined>(undefined);
  const replace = useReplaceFromSheet(collectionId, stored.slice.id);
  const rememberNotes = useRememberSliceNotes(collectionId);
  const [template] = useState(templateHref);
  const fieldId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (file === undefined) return;
    replace.mutate(
      { file, etag: stored.etag },
      {
        onSuccess: (written) => {
          rememberNotes(written);
          onReplaced();
        },
      },
    );
  }

  const error = replace.error ?? undefined;
  const rows = error instanceof ApiError && (error.problem?.errors ?? []).some((e) => e.path.startsWith('rows'));
  return (
    <form onSubmit={submit} className="sheet-replace">
      <label htmlFor={fieldId}>{t('spreadsheetFile')}</label>
      <input id={fieldId} type="file" accept=".csv,.xlsx" onChange={(e) => setFile(e.target.files?.[0])} />
      <button type="submit" disabled={file === undefined || replace.isPending}>
        {t('replaceFromSpreadsheet')}
      </button>
      <a href={template} download="vitrine-slice-template.csv">
        {t('downloadTemplate')}
      </a>
      {rows ? <SheetProblems error={error} /> : <ErrorNote error={error} />}
    </form>
  );
}
