import type { SliceWriter } from './slice-writer.js';

export class DeleteSlice {
  constructor(private readonly writer: SliceWriter) {}

  async execute(
    collectionId: number,
    sliceId: number,
    options: { readonly expectedVersion?: number | undefined } = {},
  ): Promise<void> {
    return this.writer.remove(collectionId, sliceId, options);
  }
}
