import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { newProductIdProblem } from '../../domain/product/product.js';
import {
  normaliseRules,
  type RuleFilling,
  type SliceRules,
  type SliceRulesInput,
} from '../../domain/merchandising/slice-rules.js';
import type { Clock } from '../../domain/shared/clock.js';
import { ValidationError } from '../../domain/shared/errors.js';
import type { RuleSliceFiller } from './fill-rule-slice.js';
import { collectionNotFound } from './not-found.js';

/** What rules would hold now: the rules as they would be saved, the list and its counts. */
export interface RulePreview extends RuleFilling {
  readonly rules: SliceRules;
  readonly at: Date;
}

/** What a rule slice of the collection would hold now, before it is saved: changes nothing. */
export class PreviewRuleSlice {
  constructor(
    private readonly collections: CollectionStore,
    private readonly filler: RuleSliceFiller,
    private readonly clock: Clock,
  ) {}

  async execute(collectionId: number, input: SliceRulesInput): Promise<RulePreview> {
    const { rules, issues } = normaliseRules(input, newProductIdProblem);
    if (issues.length > 0) throw new ValidationError(issues);
    if ((await this.collections.getCollection(collectionId)) === undefined) throw collectionNotFound();
    const at = this.clock.now();
    return { rules, at, ...(await this.filler.fill(rules, at)) };
  }
}
