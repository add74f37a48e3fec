/**
 * The worker thread that reads uploaded spreadsheets (see SpreadsheetWorkers): one job at a time,
 * answered with the sheet, or with the problems that make it unreadable.
 */
import { parentPort } from 'node:worker_threads';
import { ValidationError } from '../../domain/shared/errors.js';
import { readSpreadsheet, type SpreadsheetFormat } from './read-spreadsheet.js';

export interface SpreadsheetJob {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly format: SpreadsheetFormat;
}

parentPort?.on('message', (job: SpreadsheetJob) => {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  readSpreadsheet(bytes, job.format).then(
    (sheet) => parentPort?.postMessage({ id: job.id, sheet }),
    (error: unknown) =>
      parentPort?.postMessage({
        id: job.id,
        issues: error instanceof ValidationError ? error.issues : undefined,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
