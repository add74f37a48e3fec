/** Items per chunk of a TimeOrderedList: a late item costs a copy of about this many references. */
const CHUNK = 512;

/**
 * Items kept sorted (by `compare`) in chunks of about CHUNK, so that an item arriving in order is a
 * push, an item arriving late is a search and an insert into one chunk (not a copy of the whole
 * list), and the oldest items are dropped by whole chunks.
 */
export class TimeOrderedList<T> {
  private chunks: T[][] = [];
  private count = 0;

  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.count;
  }

  /** The oldest item, if any. */
  get first(): T | undefined {
    return this.chunks[0]?.[0];
  }

  /** Adds an item after every item it does not come before. */
  insert(item: T): void {
    this.count++;
    const last = this.chunks.at(-1);
    if (last === undefined || this.compare(last[last.length - 1]!, item) <= 0) {
      if (last === undefined || last.length >= CHUNK) this.chunks.push([item]);
      else last.push(item);
      return;
    }
    // The last chunk whose first item does not come after it (the first chunk when every one does).
    const at = Math.max(0, upperBound(this.chunks.length, (c) => this.compare(this.chunks[c]![0]!, item) <= 0) - 1);
    const chunk = this.chunks[at]!;
    chunk.splice(
      upperBound(chunk.length, (i) => this.compare(chunk[i]!, item) <= 0),
      0,
      item,
    );
    if (chunk.length >= 2 * CHUNK) this.chunks.splice(at, 1, chunk.slice(0, CHUNK), chunk.slice(CHUNK));
  }

  /** Removes and answers the oldest items while `expired` holds for them, then more until at most `keep` are left. */
  dropOldest(expired: (item: T) => boolean, keep: number): T[] {
    const dropped: T[] = [];
    while (this.chunks.length > 0) {
      const chunk = this.chunks[0]!;
      const over = Math.max(0, this.count - keep);
      // How many of this chunk go: the expired ones (a prefix), at least `over` of them.
      const n = Math.min(
        chunk.length,
        Math.max(
          over,
          upperBound(chunk.length, (i) => expired(chunk[i]!)),
        ),
      );
      if (n === 0) break;
      for (let i = 0; i < n; i++) dropped.push(chunk[i]!);
      this.count -= n;
      if (n === chunk.length) this.chunks.shift();
      else {
        this.chunks[0] = chunk.slice(n);
        break;
      }
    }
    return dropped;
  }

  /** At most `limit` items from the first for which `after` holds (false before it, true from it on), and whether more follow. */
  from(after: (item: T) => boolean, limit: number): { items: T[]; more: boolean } {
    let c = Math.max(0, upperBound(this.chunks.length, (k) => !after(this.chunks[k]![0]!)) - 1);
    const items: T[] = [];
    let i = c < this.chunks.length ? upperBound(this.chunks[c]!.length, (k) => !after(this.chunks[c]![k]!)) : 0;
    for (; c < this.chunks.length; c++, i = 0) {
      const chunk = this.chunks[c]!;
      for (; i < chunk.length; i++) {
        if (items.length === limit) return { items, more: true };
        items.push(chunk[i]!);
      }
    }
    return { items, more: false };
  }

  /** Removes every item `gone` holds for (a walk of the whole list). */
  removeWhere(gone: (item: T) => boolean): void {
    const chunks: T[][] = [];
    for (const chunk of this.chunks) {
      const kept = chunk.filter((item) => !gone(item));
      this.count -= chunk.length - kept.length;
      if (kept.length > 0) chunks.push(kept);
    }
    this.chunks = chunks;
  }
}

/** The first index in [0, length) for which `holds` is false, `holds` being true for a prefix; or `length`. */
function upperBound(length: number, holds: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (holds(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
