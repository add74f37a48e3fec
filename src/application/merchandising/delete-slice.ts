import type { IfMatch } from './preconditions.js';
import type { SliceWriter } from './slice-writer.js';

export class DeleteSlice {
  constructor(private readonly writer: SliceWriter) {}

  async execute(collectionId: number, sliceId: number, options: { readonly ifMatch?: IfMatch } = {}): Promise<void> {
    return this.writer.remove(collectionId, sliceId, options.ifMatch);
  }
}
