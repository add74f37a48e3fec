import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The media type the service reads a file as: a workbook by its name, anything else as CSV. */
export function sheetMediaType(file: File): string {
  return /\.xlsx$/i.test(file.name) ? XLSX_TYPE : 'text/csv';
}

/** The openapi-fetch options that send a file as the raw body. */
export function sheetBody(file: File) {
  return {
    body: file as unknown as string,
    bodySerializer: (body: unknown) => body as BodyInit,
    headers: { 'Content-Type': sheetMediaType(file) },
  };
}

/** A template to fill: the header row the service expects, and two example rows. */
export function templateHref(): string {
  const csv = 'productId,position\nSKU-1,1\nSKU-2,2\n';
  return URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
}

/** The rows a refused spreadsheet names (`rows.7.productId`), by row number, with their reasons. */
export function SheetProblems({ error }: { error: unknown }) {
  const { t } = useI18n();
  if (!(error instanceof ApiError) || error.status !== 400 || !error.problem?.errors?.length) return null;
  const errors = error.problem.errors;
  return (
    <div role="alert" className="sheet-problems">
      <p className="error">{t('sheetErrors', { count: error.problem.errorCount ?? errors.length })}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('row')}</th>
            <th scope="col">{t('reason')}</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e, i) => {
            const row = /^rows\.(\d+)(?:\.(\w+))?$/.exec(e.path);
            return (
              <tr key={i}>
                <td>{row ? row[1] : e.path}</td>
                <td>{row?.[2] ? `${row[2]}: ${e.message}` : e.message}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
