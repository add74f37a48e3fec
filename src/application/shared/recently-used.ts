import { SlotChain } from './slot-chain.js';

/**
 * A map that keeps at most `most` entries and forgets the least recently used one first (an LRU
 * cache), every operation in constant time: each entry has a slot, chained least recent first
 * (SlotChain). A Map's own order would not do: with its first key deleted for room again and
 * again, 200,000 insertions into 100,000 entries take about 6 s; here about 0.2 s.
 *
 * `forget` is told of each value that leaves (replaced by another, forgotten for room, deleted),
 * not of those `clear` drops.
 */
export class RecentlyUsed<V> {
  private readonly slotOf = new Map<string, number>();
  private readonly keys: string[] = [];
  private readonly values: (V | undefined)[] = [];
  private readonly order = new SlotChain();
  private readonly free: number[] = [];

  constructor(
    private readonly most: number,
    private readonly forget?: (value: V, key: string) => void,
  ) {
    if (!Number.isInteger(most) || most < 1) throw new RangeError(`keeps at least one entry: ${most}`);
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** The value of `key`, which becomes the most recently used. */
  get(key: string): V | undefined {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return undefined;
    this.order.append(slot);
    return this.values[slot];
  }

  /** The value of `key`, leaving the order as it is. */
  peek(key: string): V | undefined {
    const slot = this.slotOf.get(key);
    return slot === undefined ? undefined : this.values[slot];
  }

  has(key: string): boolean {
    return this.slotOf.has(key);
  }

  /** Keeps `value` as `key`'s, the most recently used; past `most` entries, the least recent is forgotten. */
  set(key: string, value: V): void {
    const slot = this.slotOf.get(key);
    if (slot !== undefined) {
      const old = this.values[slot] as V;
      this.values[slot] = value;
      this.order.append(slot);
      if (old !== value) this.forget?.(old, key);
      return;
    }
    const taken = this.free.pop() ?? this.keys.length;
    this.keys[taken] = key;
    this.values[taken] = value;
    this.slotOf.set(key, taken);
    this.order.append(taken);
    if (this.slotOf.size > this.most) this.delete(this.keys[this.order.first()!]!);
  }

  /** Forgets `key`; whether it was kept. */
  delete(key: string): boolean {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return false;
    const value = this.values[slot] as V;
    this.order.remove(slot);
    this.slotOf.delete(key);
    this.keys[slot] = '';
    this.values[slot] = undefined;
    this.free.push(slot);
    this.forget?.(value, key);
    return true;
  }

  /** The key least recently used (the next to be forgotten), if any. */
  leastRecent(): string | undefined {
    const slot = this.order.first();
    return slot === undefined ? undefined : this.keys[slot];
  }

  /** Forgets every entry at once, telling `forget` of none. */
  clear(): void {
    this.slotOf.clear();
    this.keys.length = 0;
    this.values.length = 0;
    this.free.length = 0;
    this.order.clear();
  }
}
