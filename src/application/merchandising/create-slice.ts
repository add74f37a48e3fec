import { draftSlice, type SliceInput } from '../../domain/merchandising/slice.js';
import type { SliceWriter } from './slice-writer.js';
import type { SliceChange } from './views.js';

/** Adds a slice built by hand (or by any client that sends the whole slice). */
export class CreateSlice {
  constructor(private readonly writer: SliceWriter) {}

  async execute(collectionId: number, input: SliceInput, actor: string): Promise<SliceChange> {
    return this.writer.create(collectionId, draftSlice(input), actor);
  }
}
