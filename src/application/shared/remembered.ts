/** Keys longer than this are computed every time: no request can fill the memory with one long key. */
const MAX_KEY_LENGTH = 256;

/**
 * The most recent results of a costly computation keyed by a string (a written phone number, a
 * request path), up to `size` of them. When full it forgets them all at once: a flood of distinct
 * keys only empties it, and the keys asked again and again are soon back.
 */
export class Remembered<V> {
  private readonly kept = new Map<string, V>();

  constructor(private readonly size: number) {}

  /** The result for `key`: the one kept, or `compute()`'s, then kept. */
  get(key: string, compute: () => V): V {
    const found = this.kept.get(key);
    if (found !== undefined || this.kept.has(key)) return found as V;
    const value = compute();
    if (key.length <= MAX_KEY_LENGTH) {
      if (this.kept.size >= this.size) this.kept.clear();
      this.kept.set(key, value);
    }
    return value;
  }
}
