import { draftSlice, type SliceInput } from '../../domain/merchandising/slice.js';
import type { WriteOptions } from '../shared/precondition.js';
import { withRuleList, type RuleSliceFiller } from './fill-rule-slice.js';
import type { SliceWriter } from './slice-writer.js';
import type { SliceChange } from './views.js';

/**
 * Replaces everything about a slice (name, type, dates, filters and products, or rules) in one
 * write. An AI slice that stays AI keeps how it was generated, so it can still be generated again;
 * a RULES slice's list is made by its rules at the moment of the write.
 */
export class ReplaceSlice {
  constructor(
    private readonly writer: SliceWriter,
    private readonly filler?: RuleSliceFiller,
  ) {}

  async execute(collectionId: number, sliceId: number, input: SliceInput, options: WriteOptions): Promise<SliceChange> {
    const draft = draftSlice(input);
    return this.writer.modify(
      collectionId,
      sliceId,
      (current) =>
        draft.type === 'AI' && current.generator !== undefined
          ? { ...draft, generator: current.generator }
          : withRuleList(this.filler, draft, current),
      options,
    );
  }
}
