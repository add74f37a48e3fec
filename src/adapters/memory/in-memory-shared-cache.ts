import type { SharedCache, CacheLookup, InvalidationListener, Validity } from '../../domain/caching/shared-cache.js';
import type { Clock } from '../../domain/shared/clock.js';
import { RecentlyUsed } from '../../application/shared/recently-used.js';

interface Entry {
  readonly value: string;
  readonly fromMs: number;
  readonly untilMs: number;
}

/**
 * The shared cache in this process's memory, with the same rules as the Redis adapter (an entry
 * is served only within its validity by the clock, a write-back from before an invalidation is
 * dropped, every watcher is told of invalidations): the fake the tests use, where several
 * "instances" (AnswerCache) can share one, and a cache for embedders that want one. Holds at
 * most `maxEntries`, dropping the oldest.
 */
export class InMemorySharedCache implements SharedCache {
  readonly enabled = true;
  private readonly entries: RecentlyUsed<Entry>;
  private readonly generations = new Map<string, number>();
  private readonly watchers: InvalidationListener[] = [];

  constructor(
    private readonly clock: Clock,
    maxEntries = 10_000,
  ) {
    this.entries = new RecentlyUsed(Math.max(1, maxEntries));
  }

  async lookup(key: string): Promise<CacheLookup> {
    const stamp = this.generations.get(key) ?? 0;
    const entry = this.entries.peek(key);
    if (entry === undefined) return { value: undefined, stamp };
    const now = this.clock.now().getTime();
    if (entry.untilMs <= now) {
      this.entries.delete(key);
      return { value: undefined, stamp };
    }
    if (entry.fromMs > now) return { value: undefined, stamp };
    return { value: entry.value, stamp, validity: { from: new Date(entry.fromMs), until: new Date(entry.untilMs) } };
  }

  store(key: string, value: string, validity: Validity, stamp: unknown): void {
    if (stamp !== (this.generations.get(key) ?? 0)) return;
    if (validity.until.getTime() <= this.clock.now().getTime()) return;
    this.entries.set(key, { value, fromMs: validity.from.getTime(), untilMs: validity.until.getTime() });
  }

  async invalidate(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
      this.entries.delete(key);
    }
    for (const watcher of this.watchers) watcher.invalidated(keys);
  }

  watch(listener: InvalidationListener): void {
    this.watchers.push(listener);
  }

  /** What a lost connection to the other instances would cause: every watcher told it may have missed news. */
  dropNews(): void {
    for (const watcher of this.watchers) watcher.missedSome();
  }

  /** When an entry stops being served (tests inspect the expiry rules through this). */
  expiryOf(key: string): Date | undefined {
    const entry = this.entries.peek(key);
    return entry === undefined ? undefined : new Date(entry.untilMs);
  }
}
