import { parse } from 'csv-parse/sync';
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

/** Header names (compared without case, accents, spaces or punctuation) of the two columns read. */
const PRODUCT_HEADERS = new Set(['productid', 'sku', 'idproduto', 'produto']);
const POSITION_HEADERS = new Set(['position', 'posicao', 'ordem']);

function headerKey(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Reads an uploaded spreadsheet, CSV (UTF-8 with or without a BOM; `,`, `;` or tab separated) or
 * Excel `.xlsx` (its first sheet): a header row with a `productId` column and an optional
 * `position` column, then a product per row. Blank rows are skipped; row numbers are the ones a
 * person sees (the header is row 1). What the rows mean is checked by the domain, all together.
 */
export async function readSpreadsheet(bytes: Buffer, format: SpreadsheetFormat): Promise<Spreadsheet> {
  const table = format === 'csv' ? readCsv(bytes) : await readXlsx(bytes);
  const [header, ...body] = table;
  if (header === undefined || header.every((cell) => cell.trim() === '')) {
    throw ValidationError.single('header', 'the first row must name the columns, one of them productId');
  }
  const keys = header.map(headerKey);
  const productColumn = keys.findIndex((k) => PRODUCT_HEADERS.has(k));
  if (productColumn < 0) {
    throw ValidationError.single(
      'header',
      `needs a productId column (found: ${header
        .map((h) => h.trim())
        .filter(Boolean)
        .join(', ')})`,
    );
  }
  const positionColumn = keys.findIndex((k) => POSITION_HEADERS.has(k));
  const rows: SpreadsheetRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    rows.push({
      rowNumber: i + 2,
      productId: cells[productColumn] ?? '',
      ...(positionColumn >= 0 ? { position: cells[positionColumn] ?? '' } : {}),
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
    return parse(text, { delimiter: guessDelimiter(text), relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    throw ValidationError.single('file', `is not readable CSV (${error instanceof Error ? error.message : 'parse error'})`);
  }
}

/** The separator the header row uses most: `,` (the default), `;` (spreadsheets in Brazil and Europe) or a tab. */
function guessDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  const best = counts.sort((a, b) => b.n - a.n)[0];
  return best !== undefined && best.n > 0 ? best.d : ',';
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(bytes)) as unknown[][];
  } catch {
    throw ValidationError.single('file', 'is not a readable Excel workbook (.xlsx)');
  }
  return sheet.map((row) => row.map(cellText));
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell);
}
