import { draftSlice, type SliceInput } from '../../domain/merchandising/slice.js';
import { withRuleList, type RuleSliceFiller } from './fill-rule-slice.js';
import type { SliceWriter } from './slice-writer.js';
import type { SliceChange } from './views.js';

/** Adds a slice built by hand (or by any client that sends the whole slice); a RULES slice is filled by its rules at once. */
export class CreateSlice {
  constructor(
    private readonly writer: SliceWriter,
    private readonly filler?: RuleSliceFiller,
  ) {}

  async execute(collectionId: number, input: SliceInput, actor: string): Promise<SliceChange> {
    const draft = await withRuleList(this.filler, draftSlice(input));
    return this.writer.create(collectionId, draft, actor);
  }
}
