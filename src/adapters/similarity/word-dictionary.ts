/**
 * The words a catalog holds, kept sorted for prefix look-ups (a binary search, then a walk of the
 * words that start with the prefix). Words come and go with the products; a word is counted once
 * per holder and forgotten when its last holder goes. New words wait in a short unsorted list and
 * forgotten ones stay in the sorted list until the two together pass an eighth of it (at least
 * MIN_REBUILD): then the list is rebuilt in one merge, linear in its size, so a catalog of n words
 * costs O(log n) a word to keep and a look-up never sorts.
 */
export class WordDictionary {
  private readonly holders = new Map<string, number>();
  private sorted: string[] = [];
  private inSorted = new Set<string>();
  /** Words added since the last rebuild (some may be gone again, or repeated). */
  private pending: string[] = [];
  /** Words of `sorted` no longer held. */
  private stale = 0;

  add(word: string): void {
    const count = this.holders.get(word) ?? 0;
    this.holders.set(word, count + 1);
    if (count > 0) return;
    if (this.inSorted.has(word)) this.stale--;
    else this.pending.push(word);
    this.rebuildIfDue();
  }

  delete(word: string): void {
    const count = this.holders.get(word);
    if (count === undefined) return;
    if (count > 1) {
      this.holders.set(word, count - 1);
      return;
    }
    this.holders.delete(word);
    if (this.inSorted.has(word)) this.stale++;
    this.rebuildIfDue();
  }

  get size(): number {
    return this.holders.size;
  }

  /**
   * The held words starting with `prefix` (the prefix itself included when held), at most `max`:
   * the first in sorted order, then those added since the last rebuild.
   */
  withPrefix(prefix: string, max: number): string[] {
    const found: string[] = [];
    const seen = new Set<string>();
    const { sorted } = this;
    for (let at = lowerBound(sorted, prefix); at < sorted.length && found.length < max; at++) {
      const word = sorted[at]!;
      if (!word.startsWith(prefix)) break;
      if (this.holders.has(word)) {
        found.push(word);
        seen.add(word);
      }
    }
    for (const word of this.pending) {
      if (found.length >= max) break;
      if (word.startsWith(prefix) && this.holders.has(word) && !seen.has(word)) {
        found.push(word);
        seen.add(word);
      }
    }
    return found;
  }

  private rebuildIfDue(): void {
    if (this.pending.length + this.stale <= Math.max(MIN_REBUILD, this.sorted.length / 8)) return;
    const added = [...new Set(this.pending)].filter((word) => this.holders.has(word) && !this.inSorted.has(word)).sort();
    const merged: string[] = [];
    let i = 0;
    let j = 0;
    while (i < this.sorted.length || j < added.length) {
      const takeOld = j >= added.length || (i < this.sorted.length && this.sorted[i]! < added[j]!);
      const word = takeOld ? this.sorted[i++]! : added[j++]!;
      if (this.holders.has(word)) merged.push(word);
    }
    this.sorted = merged;
    this.inSorted = new Set(merged);
    this.pending = [];
    this.stale = 0;
  }
}

/** Words added and forgotten are kept aside until at least this many, however small the dictionary. */
const MIN_REBUILD = 1024;

/** The first index of `sorted` whose word is not below `word`. */
function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}
