import { parse } from 'csv-parse/sync';
import { Unzip, UnzipInflate, zipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import type { Spreadsheet } from '../../application/merchandising/spreadsheet-slices.js';
import { ValidationError } from '../../domain/shared/errors.js';
import type { SpreadsheetRow } from '../../domain/merchandising/spreadsheet-rows.js';

export type SpreadsheetFormat = 'csv' | 'xlsx';

export const SPREADSHEET_MEDIA_TYPES: Readonly<Record<string, SpreadsheetFormat>> = {
  'text/csv': 'csv',
  'application/csv': 'csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/**
 * A slice holds 500 products; a sheet with far more rows is refused before it is all read, so a
 * small file that unpacks or parses into millions of rows cannot hold the server up.
 */
export const MAX_SHEET_ROWS = 2_000;
/** The most a workbook's XML may unpack to (500 rows take well under 1 MB). */
const MAX_WORKBOOK_UNPACKED_BYTES = 5 * 1024 * 1024;

/** Header names (compared without case, accents, spaces or punctuation) of the two columns read. */
const PRODUCT_HEADERS = new Set(['productid', 'sku', 'idproduto', 'produto']);
const POSITION_HEADERS = new Set(['position', 'posicao', 'ordem']);

type Cell = string | { readonly problem: string };

function headerKey(cell: Cell): string {
  return typeof cell !== 'string'
    ? ''
    : cell
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '');
}

function isBlank(cell: Cell | undefined): boolean {
  return cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

/**
 * Reads an uploaded spreadsheet, CSV (UTF-8 with or without a BOM; `,`, `;` or tab separated) or
 * Excel `.xlsx` (its first sheet): a header row with a `productId` column and an optional
 * `position` column, then a product per row. Blank rows are skipped; row numbers are the ones a
 * person sees (the header is row 1). What the rows mean is checked by the domain, all together.
 */
export async function readSpreadsheet(bytes: Buffer, format: SpreadsheetFormat): Promise<Spreadsheet> {
  const table = format === 'csv' ? readCsv(bytes) : await readXlsx(bytes);
  if (table.length > MAX_SHEET_ROWS) {
    throw ValidationError.single('rows', `must hold at most 500 products (the sheet has more than ${MAX_SHEET_ROWS} rows)`);
  }
  const [header, ...body] = table;
  if (header === undefined || header.every(isBlank)) {
    throw ValidationError.single('header', 'the first row must name the columns, one of them productId');
  }
  const keys = header.map(headerKey);
  const productColumn = keys.findIndex((k) => PRODUCT_HEADERS.has(k));
  if (productColumn < 0) {
    const names = header.filter((h): h is string => typeof h === 'string' && h.trim() !== '').map((h) => h.trim());
    throw ValidationError.single('header', `needs a productId column (found: ${names.join(', ')})`);
  }
  const positionColumn = keys.findIndex((k) => POSITION_HEADERS.has(k));
  const rows: SpreadsheetRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every(isBlank)) return;
    const id = cells[productColumn] ?? '';
    const position = positionColumn >= 0 ? (cells[positionColumn] ?? '') : undefined;
    rows.push({
      rowNumber: i + 2,
      productId: typeof id === 'string' ? id : '',
      ...(position === undefined ? {} : { position: typeof position === 'string' ? position : '' }),
      ...(typeof id !== 'string' || (position !== undefined && typeof position !== 'string')
        ? {
            problems: {
              ...(typeof id !== 'string' ? { productId: id.problem } : {}),
              ...(position !== undefined && typeof position !== 'string' ? { position: position.problem } : {}),
            },
          }
        : {}),
    });
  });
  return { rows, hasPositionColumn: positionColumn >= 0 };
}

function readCsv(bytes: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw ValidationError.single('file', 'must be UTF-8 text');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return parse(text, {
      delimiter: guessDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: false,
      // One record more than allowed is enough to know the sheet is too long.
      to: MAX_SHEET_ROWS + 1,
    }) as string[][];
  } catch (error) {
    throw ValidationError.single('file', `is not readable CSV (${error instanceof Error ? error.message : 'parse error'})`);
  }
}

/** The separator the header row uses most outside quotes: `,` (the default), `;` (Brazil, Europe) or a tab. */
function guessDelimiter(text: string): string {
  const end = text.search(/\r?\n|$/);
  const header = text.slice(0, end).replace(/"(?:[^"]|"")*"/g, '');
  const counts = [',', ';', '\t'].map((d) => ({ d, n: header.split(d).length - 1 }));
  const best = counts.sort((a, b) => b.n - a.n)[0];
  return best !== undefined && best.n > 0 ? best.d : ',';
}

async function readXlsx(bytes: Buffer): Promise<Cell[][]> {
  let sheet: unknown[][];
  // What read-excel-file is given is what was unpacked and counted here, stored as it is.
  const unpacked = Buffer.from(zipSync(unpackWithin(bytes, MAX_WORKBOOK_UNPACKED_BYTES), { level: 0 }));
  try {
    sheet = (await readSheet(unpacked)) as unknown[][];
  } catch {
    throw unreadable();
  }
  return sheet.slice(0, MAX_SHEET_ROWS + 1).map((row) => row.map(cellOf));
}

/** How much of the archive is fed to the unpacking at a time: at most about 4 MB can come out of it. */
const ZIP_STEP_BYTES = 4 * 1024;

/**
 * The workbook's files, unpacked while counting the bytes that actually come out (an archive may
 * declare small sizes and unpack to far more): past `cap` it stops at once and the workbook is
 * refused. The archive is fed a few kilobytes at a time, so no step can unpack much past the cap.
 */
function unpackWithin(bytes: Buffer, cap: number): Record<string, Uint8Array> {
  const chunks = new Map<string, Uint8Array[]>();
  let total = 0;
  let over = false;
  let broken = false;
  const unzip = new Unzip((file) => {
    const parts: Uint8Array[] = [];
    chunks.set(file.name, parts);
    file.ondata = (error, chunk) => {
      if (error !== null) broken = true;
      else if (!over && (total += chunk.length) > cap) {
        over = true;
        file.terminate();
      } else parts.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !over && !broken; at += ZIP_STEP_BYTES) {
      unzip.push(bytes.subarray(at, at + ZIP_STEP_BYTES), at + ZIP_STEP_BYTES >= bytes.length);
    }
  } catch {
    broken = true;
  }
  if (over) throw ValidationError.single('file', 'unpacks to more than a slice of 500 products can need');
  if (broken || chunks.size === 0) throw unreadable();
  return Object.fromEntries([...chunks].map(([name, parts]) => [name, Buffer.concat(parts)]));
}

function unreadable(): ValidationError {
  return ValidationError.single('file', 'is not a readable Excel workbook (.xlsx)');
}

/**
 * An Excel cell as text. A whole number is read as its digits (ids such as EANs are often numbers);
 * any other number, a date or a true/false is not an id Excel kept intact, so the row says so.
 */
function cellOf(cell: unknown): Cell {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number')
    return Number.isSafeInteger(cell)
      ? String(cell)
      : { problem: `is the number ${cell}, not a whole number Excel keeps exactly` };
  if (cell instanceof Date) return { problem: 'is a date' };
  if (typeof cell === 'boolean') return { problem: `is ${cell}, not text` };
  return { problem: 'cannot be read as text' };
}
