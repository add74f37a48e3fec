import { productsFromRows, type SpreadsheetRow } from '../../domain/merchandising/spreadsheet-rows.js';
import { draftSlice, type SliceInput } from '../../domain/merchandising/slice.js';
import type { WriteOptions } from '../shared/precondition.js';
import type { SliceWriter } from './slice-writer.js';
import type { SliceChange } from './views.js';

/** The rows of an uploaded spreadsheet, read by an adapter (CSV, Excel). */
export interface Spreadsheet {
  readonly rows: readonly SpreadsheetRow[];
  readonly hasPositionColumn: boolean;
}

/** Creates a slice whose products come from a spreadsheet: every row good, or nothing saved. */
export class CreateSpreadsheetSlice {
  constructor(private readonly writer: SliceWriter) {}

  async execute(
    collectionId: number,
    input: Omit<SliceInput, 'type' | 'products'>,
    sheet: Spreadsheet,
    actor: string,
  ): Promise<SliceChange> {
    const products = productsFromRows(sheet.rows, sheet.hasPositionColumn);
    return this.writer.create(collectionId, draftSlice({ ...input, type: 'SPREADSHEET', products }), actor);
  }
}

/** Replaces a slice's products with a spreadsheet's, keeping its name, dates and filters. */
export class ReplaceSliceProductsFromSpreadsheet {
  constructor(private readonly writer: SliceWriter) {}

  async execute(collectionId: number, sliceId: number, sheet: Spreadsheet, options: WriteOptions): Promise<SliceChange> {
    const products = productsFromRows(sheet.rows, sheet.hasPositionColumn);
    return this.writer.modify(
      collectionId,
      sliceId,
      (slice) => draftSlice({ ...slice, type: 'SPREADSHEET', products, generator: undefined, rules: undefined }),
      options,
    );
  }
}
