import type { Clock } from '../../domain/shared/clock.js';
import {
  OVERALL,
  type ListedProduct,
  type ListsChange,
  type ListsLease,
  type ListsNewsListener,
  type PopularList,
  type ProductLists,
  type SharedLists,
} from '../../domain/product/shared-lists.js';

/**
 * The shared lists in this process's memory: for an embedder running several instances in one
 * process, and the tests. One object is the deployment's store; every instance is given it. The
 * lease lapses by the clock given.
 */
export class InMemorySharedLists implements SharedLists {
  private lease: { holder: string; version: number; until: number } | undefined;
  private version = 0;
  /** The version of the latest lease given: a write under an older one is fenced out. */
  private fence = 0;
  private whole = false;
  private readonly lists = new Map<string, ProductLists>();
  private readonly populars = new Map<string, PopularList>();
  private readonly listeners: ListsNewsListener[] = [];

  constructor(private readonly clock: Clock) {}

  async claim(holder: string, ttlMs: number): Promise<ListsLease | undefined> {
    const now = this.clock.now().getTime();
    const held = this.lease;
    if (held !== undefined && held.until > now && held.holder !== holder) return undefined;
    if (held === undefined || held.until <= now) {
      this.lease = { holder, version: ++this.version, until: now + ttlMs };
      this.fence = this.version;
    } else held.until = now + ttlMs;
    return { holder, version: this.lease!.version };
  }

  async release(lease: ListsLease): Promise<void> {
    if (this.lease?.holder === lease.holder && this.lease.version === lease.version) this.lease = undefined;
  }

  async publish(lease: ListsLease, change: ListsChange): Promise<boolean> {
    if (lease.version !== this.fence) return false;
    for (const lists of change.products) this.lists.set(lists.product.id, lists);
    for (const id of change.removed) this.lists.delete(id);
    for (const list of change.popular) this.populars.set(list.category ?? OVERALL, list);
    const news = {
      products: [...change.products.map((lists) => lists.product.id), ...change.removed],
      popular: change.popular.map((list) => list.category ?? OVERALL),
    };
    if (news.products.length > 0 || news.popular.length > 0) for (const listener of this.listeners) listener.changed(news);
    return true;
  }

  async markComplete(lease: ListsLease): Promise<boolean> {
    if (lease.version !== this.fence) return false;
    this.whole = true;
    return true;
  }

  async complete(): Promise<boolean> {
    return this.whole;
  }

  async products(ids: readonly string[]): Promise<ReadonlyMap<string, ProductLists>> {
    const found = new Map<string, ProductLists>();
    for (const id of ids) {
      const lists = this.lists.get(id);
      if (lists !== undefined) found.set(id, lists);
    }
    return found;
  }

  async cards(ids: readonly string[]): Promise<ReadonlyMap<string, ListedProduct>> {
    return new Map([...(await this.products(ids))].map(([id, lists]) => [id, lists.product]));
  }

  async popular(categories: readonly (string | undefined)[]): Promise<ReadonlyMap<string, PopularList>> {
    const found = new Map<string, PopularList>();
    for (const category of categories) {
      const list = this.populars.get(category ?? OVERALL);
      if (list !== undefined) found.set(category ?? OVERALL, list);
    }
    return found;
  }

  subscribe(listener: ListsNewsListener): void {
    this.listeners.push(listener);
  }

  /** What a lost connection would cause: every listener told it may have missed news. */
  dropNews(): void {
    for (const listener of this.listeners) listener.missedSome();
  }
}
