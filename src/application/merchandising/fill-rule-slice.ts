import type { EventPosition, EventStore } from '../../domain/events/event-store.js';
import type { Slice, SliceDraft } from '../../domain/merchandising/slice.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import type { Clock } from '../../domain/shared/clock.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { Scheduler } from '../../domain/shared/scheduler.js';
import {
  EVENT_SORTS,
  isEventSort,
  RuleFill,
  RuleScores,
  ruleEventWindow,
  type RuleFilling,
  type SliceRules,
} from '../../domain/merchandising/slice-rules.js';

/** How much a filling reads at a time. */
export interface FillLimits {
  /** Products read at a time: matching and ranking a page holds the event loop well under a millisecond. */
  readonly productPage: number;
  /** Events read at a time (as the slice performance reads them). */
  readonly eventPage: number;
}

export const DEFAULT_FILL_LIMITS: FillLimits = { productPage: 1_000, eventPage: 5_000 };
/** Ids of a manual order read at once. */
const ORDER_PAGE = 100;

/**
 * Makes a rule slice's list from the stores at an instant: the events of an event sort's window
 * counted a page at a time, then the catalog read a page at a time (the manual sort reads only the
 * products of its order), the event loop served between pages, whatever the catalog's size. What
 * the list holds is the domain's (RuleFill); this is the reading.
 */
export class RuleSliceFiller {
  constructor(
    private readonly products: ProductStore,
    private readonly events: EventStore,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
    private readonly limits: FillLimits = DEFAULT_FILL_LIMITS,
  ) {}

  /** The instant a filling made now is of. */
  now(): Date {
    return this.clock.now();
  }

  async fill(rules: SliceRules, now: Date): Promise<RuleFilling> {
    const fill = new RuleFill(rules, await this.scores(rules, now));
    if (rules.sort === 'manual') {
      const order = rules.order ?? [];
      for (let i = 0; i < order.length; i += ORDER_PAGE) {
        const found = await this.products.getMany(order.slice(i, i + ORDER_PAGE));
        fill.consider([...found.values()]);
      }
      return fill.filling();
    }
    for await (const page of this.products.scan(this.limits.productPage)) {
      fill.consider(page);
      await this.scheduler.breathe();
    }
    return fill.filling();
  }

  /** The count of each product's events of the sort's kind in its window; none for other sorts. */
  private async scores(rules: SliceRules, now: Date): Promise<ReadonlyMap<string, number> | undefined> {
    const window = ruleEventWindow(rules, now);
    if (window === undefined || !isEventSort(rules.sort)) return undefined;
    const scores = new RuleScores(EVENT_SORTS[rules.sort]);
    let after: EventPosition | undefined;
    for (;;) {
      const page = await this.events.scanWindow(window.from, window.until, after, this.limits.eventPage);
      for (const event of page.items) scores.add(event);
      const last = page.items.at(-1);
      if (!page.more || last === undefined) return scores.scores;
      after = { at: last.at, key: last.key };
      await this.scheduler.breathe();
    }
  }
}

/**
 * The draft a write stores: a RULES slice's list made by its rules now (stamped as refreshed now;
 * the list counts as changed unless it is the one `current` holds), any other draft as it is. A
 * use case built without a filler (an embedder's, from before rule slices) cannot save one.
 */
export async function withRuleList(filler: RuleSliceFiller | undefined, draft: SliceDraft, current?: Slice): Promise<SliceDraft> {
  if (draft.rules === undefined) return draft;
  if (filler === undefined) {
    throw new DomainError('CONFLICT', 'This service cannot fill slices by rules: give the use case a RuleSliceFiller.');
  }
  const now = filler.now();
  const products = (await filler.fill(draft.rules, now)).products.map((entry) => entry.productId);
  const kept = current?.refresh !== undefined && sameList(current.products, products);
  return { ...draft, products, refresh: { at: now, listChangedAt: kept ? current.refresh!.listChangedAt : now } };
}

export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => b[i] === id);
}
