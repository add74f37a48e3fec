import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';

/** One line of an import file: its number (1-based) and the record it holds, or why it holds none. */
export type FileLine =
  { readonly line: number; readonly record: Record<string, unknown> } | { readonly line: number; readonly error: string };

/** Reads JSON Lines: one JSON object per line; blank lines are skipped. */
export async function* readJsonLines(path: string, onBytes: (bytes: number) => void): AsyncIterable<FileLine> {
  const input = createReadStream(path);
  input.on('data', (chunk) => onBytes(chunk.length));
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim().length === 0) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      yield { line, error: 'is not valid JSON' };
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) yield { line, error: 'must be a JSON object' };
    else yield { line, record: value as Record<string, unknown> };
  }
}

/**
 * Reads a catalog CSV: a header row naming the columns `id`, `name`, `description`, `category`,
 * `brand`, `price`, `imageUrl`, `available`, `tags`, `similar`, `embedding` and `attr.<name>` for each
 * attribute (any order, only `id` and `name` required). Lists (`tags`, `similar`, `embedding`) are
 * separated by `|`. The separator, `,` or `;`, is the one the header row uses, and only it (a
 * decimal comma in a `;` file stays in its cell); empty cells are absent; a row with another number
 * of cells than the header is refused.
 */
export async function* readCatalogCsv(path: string, onBytes: (bytes: number) => void): AsyncIterable<FileLine> {
  const delimiter = await headerDelimiter(path);
  const input = createReadStream(path);
  input.on('data', (chunk) => onBytes(chunk.length));
  const parser = parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, info: true, trim: true });
  // A read error (the file vanished, a directory) ends the iteration with that error.
  pipeline(input, parser, () => undefined);
  let header: string[] | undefined;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (header === undefined) {
      header = record.map((cell) => cell.trim());
      const missing = ['id', 'name'].filter((column) => !header!.includes(column));
      if (missing.length > 0) throw new Error(`the CSV header must name the columns ${missing.join(' and ')}`);
      continue;
    }
    const line = info.lines;
    if (record.length !== header.length) {
      yield { line, error: `has ${record.length} cells where the header names ${header.length} columns` };
      continue;
    }
    try {
      yield { line, record: catalogRow(header, record) };
    } catch (error) {
      yield { line, error: (error as Error).message };
    }
  }
}

const LIST_SEPARATOR = '|';

function catalogRow(header: readonly string[], cells: readonly string[]): Record<string, unknown> {
  const product: Record<string, unknown> = {};
  const attributes: Record<string, string> = {};
  header.forEach((column, i) => {
    const cell = cells[i] ?? '';
    if (cell === '') return;
    if (column.startsWith('attr.')) {
      attributes[column.slice('attr.'.length)] = cell;
      return;
    }
    switch (column) {
      case 'price': {
        const price = Number(cell);
        if (!Number.isFinite(price)) throw new Error(`price: "${cell}" is not a number (write it with a decimal point)`);
        product.price = price;
        break;
      }
      case 'available': {
        const value = cell.toLowerCase();
        if (['true', '1', 'yes', 'sim'].includes(value)) product.available = true;
        else if (['false', '0', 'no', 'não', 'nao'].includes(value)) product.available = false;
        else throw new Error(`available: "${cell}" is neither true nor false`);
        break;
      }
      case 'tags':
      case 'similar':
        product[column] = cell
          .split(LIST_SEPARATOR)
          .map((s) => s.trim())
          .filter((s) => s.length > 0);
        break;
      case 'embedding': {
        const values = cell.split(LIST_SEPARATOR).map((s) => Number(s.trim()));
        if (values.some((x) => !Number.isFinite(x))) throw new Error('embedding: must be numbers separated by |');
        product.embedding = values;
        break;
      }
      default:
        product[column] = cell;
    }
  });
  if (Object.keys(attributes).length > 0) product.attributes = attributes;
  return product;
}

/** `;` when the header row holds more semicolons than commas, else `,`. */
async function headerDelimiter(path: string): Promise<string> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const first = buffer.toString('utf8', 0, bytesRead).split(/\r?\n/)[0] ?? '';
    const count = (char: string) => first.split(char).length - 1;
    return count(';') > count(',') ? ';' : ',';
  } finally {
    await file.close();
  }
}
