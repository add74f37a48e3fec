import type { ParameterizedContext } from 'koa';
import getRawBody from 'raw-body';
import { SPREADSHEET_MEDIA_TYPES, type SpreadsheetFormat } from '../../spreadsheet/read-spreadsheet.js';
import { ValidationError } from '../../../domain/shared/errors.js';
import { HttpProblem } from '../problem.js';

export const UPLOAD_LIMIT = '5mb';

/** Reads an uploaded spreadsheet body: CSV or `.xlsx` by its Content-Type (415 otherwise), at most 5 MB (413). */
export async function readUpload(ctx: ParameterizedContext): Promise<{ bytes: Buffer; format: SpreadsheetFormat }> {
  const type = ctx.is(Object.keys(SPREADSHEET_MEDIA_TYPES));
  const format = typeof type === 'string' ? SPREADSHEET_MEDIA_TYPES[type] : undefined;
  if (format === undefined) {
    throw new HttpProblem(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the spreadsheet as CSV (Content-Type: text/csv) or as an Excel workbook (Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet).',
    );
  }
  try {
    return { bytes: await getRawBody(ctx.req, { limit: UPLOAD_LIMIT, length: ctx.get('Content-Length') || undefined }), format };
  } catch (error) {
    const { status, type: kind } = error as { status?: number; type?: string };
    if (status === 413 || kind === 'entity.too.large')
      throw new HttpProblem('PAYLOAD_TOO_LARGE', 'The spreadsheet must not exceed 5 MB.');
    throw ValidationError.single('body', 'could not be read completely');
  }
}
