import { applyProductEdits, type ProductEdit } from '../../domain/merchandising/product-edits.js';
import type { WriteOptions } from '../shared/precondition.js';
import type { SliceWriter } from './slice-writer.js';
import type { SliceChange } from './views.js';

/** Adds, removes and moves products of a slice, several in one atomic change; positions stay 1..n. */
export class EditSliceProducts {
  constructor(private readonly writer: SliceWriter) {}

  async execute(
    collectionId: number,
    sliceId: number,
    edits: readonly ProductEdit[],
    options: WriteOptions,
  ): Promise<SliceChange> {
    return this.writer.modify(
      collectionId,
      sliceId,
      (slice) => ({ ...slice, products: applyProductEdits(slice.products, edits) }),
      options,
    );
  }
}
