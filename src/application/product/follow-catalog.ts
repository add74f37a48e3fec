import type { CatalogNews } from '../../domain/product/catalog-news.js';
import type { Product } from '../../domain/product/product.js';
import type { ProductStore } from '../../domain/product/product-store.js';
import type { SimilarityFeed } from '../../domain/product/similarity.js';
import type { Scheduler } from '../../domain/shared/scheduler.js';
import { token } from '../../domain/shared/token.js';
import { RecurringRun } from '../shared/recurring-run.js';
import type { CatalogFeed } from './catalog-feed.js';

export interface CatalogFollowSettings {
  /**
   * How often the whole catalog is compared with what the engine holds, when other processes may
   * write to the store and no catalog news reaches this one (MongoDB without Redis).
   * Undefined: only at start and when news may have been missed.
   */
  readonly reconcileEveryMs?: number | undefined;
  /** How long to wait before trying again when reading the store failed. Default 5 s. */
  readonly retryAfterMs?: number | undefined;
}

export const CatalogFollowSettingsToken = token<CatalogFollowSettings>('CatalogFollowSettings');

/** Products per read of a reconciliation: small enough that a batch with large embeddings stays within the store's deadline. */
const SCAN_BATCH = 250;

/**
 * Keeps the similarity engine following the catalog, the one path every catalog change takes (the
 * CatalogFeed): the write use cases report what they saved or removed here, which updates this
 * process's engine at once and tells the other instances through the catalog news. News of another
 * instance's change makes this one read those products again. At start, when news may have been
 * missed, and every `reconcileEveryMs` when configured, the whole catalog is read and compared:
 * products written or removed meanwhile are not undone by the older copy read.
 */
export class FollowCatalog implements CatalogFeed {
  readonly name = 'catalog';
  private readonly reconciling: RecurringRun;
  /**
   * Ids written or removed while a reconciliation runs: the scan may have read them before, and
   * its older copy must not undo the change.
   */
  private changedDuringScan: Set<string> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  /**
   * The latest read under way for each id: a read applies what it found for an id only while it is
   * still the latest thing to happen to that id (no newer news, no write here since), so a slow
   * read never undoes a later change or brings a deleted product back.
   */
  private readonly latestRead = new Map<string, object>();

  constructor(
    private readonly products: ProductStore,
    private readonly similarity: SimilarityFeed,
    private readonly news: CatalogNews,
    private readonly scheduler: Scheduler,
    settings: CatalogFollowSettings = {},
  ) {
    this.reconciling = new RecurringRun(() => this.reconcileOnce(), scheduler, {
      everyMs: settings.reconcileEveryMs,
      retryAfterMs: settings.retryAfterMs,
    });
    news.subscribe({
      changed: (ids) => {
        if (ids.length > 0) this.track(this.refresh(ids));
      },
      // Not tracked: answers go on from what the engine holds while the whole catalog is read again.
      missedSome: () => void this.reconcile().catch(() => undefined),
    });
  }

  /** Loads the catalog into the engine; then reconciles periodically when configured. */
  start(): Promise<void> {
    return this.reconciling.start();
  }

  stop(): Promise<void> {
    return this.reconciling.stop();
  }

  /** Whether news of other instances' writes is being read: answers may be about to change. */
  get catchingUp(): boolean {
    return this.inFlight.size > 0;
  }

  /**
   * Resolves once the news received before the call has reached the engine (news arriving
   * meanwhile is not waited for, so a stream of news cannot hold a caller for ever).
   */
  async settled(): Promise<void> {
    if (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  /**
   * Reads products from the store into the engine (news of another instance's write, or a product
   * asked for that the engine does not know yet); answers what was found.
   */
  async readFromStore(ids: readonly string[]): Promise<ReadonlyMap<string, Product>> {
    const read = {};
    for (const id of ids) this.latestRead.set(id, read);
    let found: ReadonlyMap<string, Product>;
    try {
      found = await this.products.getMany(ids);
    } catch (error) {
      for (const id of ids) if (this.latestRead.get(id) === read) this.latestRead.delete(id);
      throw error;
    }
    const current = ids.filter((id) => this.latestRead.get(id) === read);
    for (const id of current) this.latestRead.delete(id);
    this.learn(current.flatMap((id) => found.get(id) ?? []));
    this.forget(current.filter((id) => !found.has(id)));
    return found;
  }

  async ensureKnown(productId: string): Promise<boolean> {
    await this.settled();
    if (this.similarity.has(productId)) return true;
    // Not known here yet (written through another instance a moment ago?): read it from the store.
    return (await this.readFromStore([productId])).has(productId);
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Products this process saved: the engine here takes them now, the other instances are told. */
  async saved(products: readonly Product[]): Promise<void> {
    if (products.length === 0) return;
    this.learn(products);
    await this.news.publish(products.map((p) => p.id));
  }

  /** Products this process removed. */
  async removed(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    this.forget(ids);
    await this.news.publish(ids);
  }

  /**
   * Reads the whole catalog and makes the engine hold exactly it. Concurrent calls share one run;
   * a call during a run makes one more run follow it.
   */
  reconcile(): Promise<void> {
    return this.reconciling.run();
  }

  /** Reads some products again after another instance changed them. */
  private async refresh(ids: readonly string[]): Promise<void> {
    try {
      await this.readFromStore(ids);
    } catch {
      // The store could not be read: what changed is found by reading everything again.
      this.reconciling.retryLater();
    }
  }

  /** What this process now knows of products: newer than any read under way for them. */
  private learn(products: readonly Product[]): void {
    this.similarity.productsSaved(products);
    for (const product of products) {
      this.changedDuringScan?.add(product.id);
      this.latestRead.delete(product.id);
    }
  }

  private forget(ids: readonly string[]): void {
    this.similarity.productsRemoved(ids);
    for (const id of ids) {
      this.changedDuringScan?.add(id);
      this.latestRead.delete(id);
    }
  }

  private async reconcileOnce(): Promise<void> {
    const seen = new Set<string>();
    const changed = new Set<string>();
    this.changedDuringScan = changed;
    try {
      for await (const batch of this.products.scan(SCAN_BATCH)) {
        for (const product of batch) seen.add(product.id);
        this.similarity.productsSaved(changed.size === 0 ? batch : batch.filter((p) => !changed.has(p.id)));
        // A store in memory answers at once: requests are served between batches (an instance
        // taking the lists over reads the catalog while it serves).
        await this.scheduler.breathe();
      }
    } finally {
      this.changedDuringScan = undefined;
    }
    // Gone from the store: unless written or removed here meanwhile (the write path has told the engine).
    const gone: string[] = [];
    for (const id of this.similarity.known()) if (!seen.has(id) && !changed.has(id)) gone.push(id);
    this.similarity.productsRemoved(gone);
  }
}
