import { draftSlice, type SliceInput } from '../../domain/merchandising/slice.js';
import type { SliceWriter, WriteOptions } from './slice-writer.js';
import type { SliceChange } from './views.js';

/** Replaces everything about a slice (name, type, dates, filters and products) in one write. */
export class ReplaceSlice {
  constructor(private readonly writer: SliceWriter) {}

  async execute(collectionId: number, sliceId: number, input: SliceInput, options: WriteOptions): Promise<SliceChange> {
    return this.writer.replace(collectionId, sliceId, draftSlice(input), options);
  }
}
