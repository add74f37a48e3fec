import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import { meetsConditions, type RuleConditions } from '../../domain/merchandising/slice-rules.js';
import type { Slice } from '../../domain/merchandising/slice.js';
import type { Product } from '../../domain/product/product.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { Scheduler } from '../../domain/shared/scheduler.js';
import { token } from '../../domain/shared/token.js';
import type { AnswerCache } from '../caching/answer-cache.js';
import { activeSliceCacheKey } from '../caching/cache-keys.js';
import { RecurringRun } from '../shared/recurring-run.js';
import type { ActiveSliceWatch } from './active-slice-watch.js';
import { sameList, type RuleSliceFiller } from './fill-rule-slice.js';

export interface RuleRefreshSettings {
  /** How often every rule slice is made again from the catalog and the events (RULE_SLICES_REFRESH_SECONDS). */
  readonly everyMs: number;
  /** How long after a catalog change that matters to a rule slice it is made again (changes in a burst are taken together). */
  readonly afterCatalogChangeMs: number;
}

export const RuleRefreshSettingsToken = token<RuleRefreshSettings>('RuleRefreshSettings');
export const DEFAULT_RULE_REFRESH: RuleRefreshSettings = { everyMs: 5 * 60_000, afterCatalogChangeMs: 10_000 };
/** Rule slices read at a time. */
const SLICE_PAGE = 50;

/** What a catalog change is compared with: each rule slice's conditions and list at the last pass. */
interface Watched {
  readonly conditions: RuleConditions;
  /** The manual sort's order: only its products can enter. */
  readonly order: ReadonlySet<string> | undefined;
  readonly products: ReadonlySet<string>;
}

/**
 * Keeps every rule slice that has not ended filled by its rules: every `everyMs`, each slice not
 * refreshed in the last half period is made again (its events and catalog read a page at a time,
 * RuleSliceFiller), and `afterCatalogChangeMs` after a catalog write of this instance that can
 * change a slice's list (the product is in it, or meets its conditions), that slice is.
 *
 * Several instances share the work without fighting: a refresh first claims the slice by moving
 * its refresh stamp from the value read to now (compare-and-set in the store, so one instance
 * wins and the others see a fresh stamp), then writes the list only if the slice is still at the
 * version the list was made for and its stamp is still the claim. A merchandiser's save in
 * between wins; a refresh never changes the version, so no `If-Match` fails because of one.
 */
export class RefreshRuleSlices {
  readonly name = 'rule-slices';
  private readonly runs: RecurringRun;
  private watched = new Map<number, Watched>();
  private dirty = new Set<number>();
  private cancelNudge: (() => void) | undefined;

  constructor(
    private readonly collections: CollectionStore,
    private readonly filler: RuleSliceFiller,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
    private readonly answers: AnswerCache,
    private readonly watch: ActiveSliceWatch,
    private readonly settings: RuleRefreshSettings = DEFAULT_RULE_REFRESH,
  ) {
    this.runs = new RecurringRun(() => this.pass(), scheduler, { everyMs: settings.everyMs });
  }

  /** Starts the periodic refresh; the first pass runs in the background (the service does not wait for it). */
  async start(): Promise<void> {
    void this.runs.start().catch(() => undefined); // a store that does not answer now: tried again shortly
  }

  async stop(): Promise<void> {
    this.cancelNudge?.();
    this.cancelNudge = undefined;
    await this.runs.stop();
  }

  /** Runs a pass now (or joins the one under way): what a test or an operator asks for. */
  refreshNow(): Promise<void> {
    return this.runs.run();
  }

  /** Resolves once the pass under way has ended. */
  settled(): Promise<void> {
    return this.runs.settled();
  }

  /** Products this instance saved: the rule slices they can change are refreshed soon. */
  catalogSaved(products: readonly Product[]): void {
    for (const [sliceId, watched] of this.watched) {
      const matters = products.some(
        (p) => watched.products.has(p.id) || ((watched.order?.has(p.id) ?? true) && meetsConditions(watched.conditions, p)),
      );
      if (matters) this.dirty.add(sliceId);
    }
    this.nudge();
  }

  /** Products this instance removed: the rule slices holding them are refreshed soon. */
  catalogRemoved(ids: readonly string[]): void {
    for (const [sliceId, watched] of this.watched) if (ids.some((id) => watched.products.has(id))) this.dirty.add(sliceId);
    this.nudge();
  }

  private nudge(): void {
    if (this.dirty.size === 0 || this.cancelNudge !== undefined || this.runs.stopped) return;
    this.cancelNudge = this.scheduler.after(this.settings.afterCatalogChangeMs, () => {
      this.cancelNudge = undefined;
      void this.runs.run().catch(() => undefined);
    });
  }

  private async pass(): Promise<void> {
    const now = this.clock.now();
    const dirty = this.dirty;
    this.dirty = new Set();
    const watched = new Map<number, Watched>();
    let afterId: number | undefined;
    try {
      for (;;) {
        const page = await this.collections.listRuleSlices({ endsAfter: now, afterId, limit: SLICE_PAGE });
        for (const slice of page.items) {
          const due = dirty.has(slice.id) || this.isDue(slice, now);
          const products = due ? await this.refresh(slice) : slice.products;
          watched.set(slice.id, watchedOf(slice, products));
          if (this.runs.stopped) return;
        }
        afterId = page.items.at(-1)?.id;
        if (!page.more) break;
      }
    } catch (error) {
      for (const id of dirty) this.dirty.add(id); // tried again with the retry
      throw error;
    }
    this.watched = watched;
  }

  /** Not refreshed in the last half period (by any instance): with several, a slice is made again at most every half period. */
  private isDue(slice: Slice, now: Date): boolean {
    return slice.refresh === undefined || now.getTime() - slice.refresh.at.getTime() >= this.settings.everyMs / 2;
  }

  /** Claims the slice, makes its list, and writes it when it changed; answers the list it holds then. */
  private async refresh(slice: Slice): Promise<readonly string[]> {
    const rules = slice.rules!;
    const at = this.clock.now();
    const listChangedAt = slice.refresh?.listChangedAt ?? at;
    const { collectionId, id } = slice;
    const claimed = await this.collections.recordRuleRefresh(
      collectionId,
      id,
      { version: slice.version, refreshedAt: slice.refresh?.at },
      { refresh: { at, listChangedAt } },
    );
    if (!claimed) return slice.products;
    const products = (await this.filler.fill(rules, at)).products.map((entry) => entry.productId);
    if (sameList(products, slice.products)) return products;
    const written = await this.watch.around(collectionId, () =>
      this.answers.afterWrite([activeSliceCacheKey(collectionId)], () =>
        this.collections.recordRuleRefresh(
          collectionId,
          id,
          { version: slice.version, refreshedAt: at },
          { refresh: { at, listChangedAt: at }, products },
        ),
      ),
    );
    return written ? products : slice.products;
  }
}

function watchedOf(slice: Slice, products: readonly string[]): Watched {
  const rules = slice.rules!;
  return {
    conditions: rules.conditions,
    order: rules.order === undefined ? undefined : new Set(rules.order),
    products: new Set(products),
  };
}
