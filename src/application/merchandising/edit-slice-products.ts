import { applyProductEdits, type ProductEdit } from '../../domain/merchandising/product-edits.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { WriteOptions } from '../shared/precondition.js';
import type { SliceWriter } from './slice-writer.js';
import type { SliceChange } from './views.js';

/**
 * Adds, removes and moves products of a slice, several in one atomic change; positions stay 1..n.
 * A RULES slice's products follow its rules: editing them by hand would be undone by the next
 * refresh, so it is refused (its pins and order are changed through its rules).
 */
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
      (slice) => {
        if (slice.rules !== undefined) {
          throw new DomainError(
            'CONFLICT',
            "The slice's products are filled by its rules: change its rules (pins, order) with PUT instead.",
          );
        }
        return { ...slice, products: applyProductEdits(slice.products, edits) };
      },
      options,
    );
  }
}
