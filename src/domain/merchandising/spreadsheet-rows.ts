import { ValidationError, type ValidationIssue } from '../shared/errors.js';
import { newProductIdProblem } from '../product/product.js';
import { MAX_SLICE_PRODUCTS } from './slice.js';

/** One data row of an uploaded spreadsheet, as read: the row number a person sees, and its cells. */
export interface SpreadsheetRow {
  /** 1 is the header row, so the first product is row 2. */
  readonly rowNumber: number;
  readonly productId: string;
  /** The cell of the `position` column, when the spreadsheet has one (may be empty). */
  readonly position?: string | undefined;
  /** Cells the reader could not take as text (e.g. a date where an id belongs), with why. */
  readonly problems?: { readonly productId?: string; readonly position?: string } | undefined;
}

/**
 * The product list a spreadsheet describes, every row checked together: a product id on every
 * row, none twice; with a `position` column, a whole number from 1 on every row, none twice (the
 * list follows the positions; gaps are closed); at most 500 rows. Throws a ValidationError naming
 * every bad row (`rows.7.productId`), so nothing is saved unless all rows are good.
 */
export function productsFromRows(rows: readonly SpreadsheetRow[], hasPositionColumn: boolean): string[] {
  const issues: ValidationIssue[] = [];
  if (rows.length === 0) issues.push({ path: 'rows', message: 'must hold at least one product row' });
  if (rows.length > MAX_SLICE_PRODUCTS) {
    issues.push({ path: 'rows', message: `must hold at most ${MAX_SLICE_PRODUCTS} products (got ${rows.length})` });
  }
  const rowOfId = new Map<string, number>();
  const rowOfPosition = new Map<number, number>();
  const placed: { productId: string; position: number }[] = [];
  for (const row of rows) {
    const path = `rows.${row.rowNumber}`;
    const id = row.productId.trim();
    const idProblem = id.length === 0 ? undefined : newProductIdProblem(id);
    if (row.problems?.productId !== undefined) issues.push({ path: `${path}.productId`, message: row.problems.productId });
    else if (id.length === 0) issues.push({ path: `${path}.productId`, message: 'is empty' });
    else if (idProblem !== undefined) issues.push({ path: `${path}.productId`, message: `${idProblem} (got "${id}")` });
    else if (rowOfId.has(id)) issues.push({ path: `${path}.productId`, message: `duplicates row ${rowOfId.get(id)} (${id})` });
    else rowOfId.set(id, row.rowNumber);

    let position = placed.length + 1;
    if (hasPositionColumn) {
      const text = (row.position ?? '').trim();
      position = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
      if (row.problems?.position !== undefined) {
        issues.push({ path: `${path}.position`, message: row.problems.position });
      } else if (!(position >= 1)) {
        issues.push({
          path: `${path}.position`,
          message: text.length === 0 ? 'is empty' : `must be a whole number from 1 (got "${text}")`,
        });
      } else if (rowOfPosition.has(position)) {
        issues.push({
          path: `${path}.position`,
          message: `duplicates the position of row ${rowOfPosition.get(position)} (${position})`,
        });
      } else {
        rowOfPosition.set(position, row.rowNumber);
      }
    }
    placed.push({ productId: id, position });
  }
  if (issues.length > 0) throw new ValidationError(issues, 'The spreadsheet has rows that cannot be used; nothing was saved.');
  return placed.sort((a, b) => a.position - b.position).map((p) => p.productId);
}
