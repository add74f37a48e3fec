import type { ChangeCounter } from './change-counter.js';

/** One group's best products, best first, with their popularity keys. */
interface Group {
  readonly ids: string[];
  readonly keys: number[];
  /** Each listed product's place in `ids`. */
  readonly places: Map<string, number>;
  /** A product left the list while it was full: products that ranked just below it may be missing. */
  short: boolean;
  /** The counter's value when the order of the first `depth` places last changed. */
  stamp: number;
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * The most popular products of each group (a category; or every product, under its own group),
 * best first, kept as events raise products' popularity. Popularity keys only grow (the session
 * index keeps them as logarithms of decayed weights, whose order time does not change), so each
 * group keeps its `capacity` best exactly with one insertion per event. A product leaving a full
 * group (deleted, moved to another category) may leave the places after the last unknown: the
 * group is then `short`, and is rebuilt from its members when fewer than `depth` remain.
 */
export class PopularityRanking {
  private readonly groups = new Map<string, Group>();

  constructor(
    private readonly capacity: number,
    private readonly depth: number,
    private readonly counter: ChangeCounter,
  ) {}

  /** A product's popularity in a group rose to `key`. */
  raise(group: string, id: string, key: number): void {
    let found = this.groups.get(group);
    if (found === undefined) this.groups.set(group, (found = { ids: [], keys: [], places: new Map(), short: false, stamp: 0 }));
    const { ids, keys, places } = found;
    const was = places.get(id) ?? -1;
    let at = was;
    if (at < 0) {
      const n = ids.length;
      // A full list, or one that lost products (those just below its last may be missing): only
      // a product ranking above its last comes in, so every listed product outranks every other.
      if (n >= this.capacity || found.short) {
        if (n === 0 || !better(key, id, keys[n - 1]!, ids[n - 1]!)) return;
        if (n >= this.capacity) {
          places.delete(ids.pop()!);
          keys.pop();
        }
      }
      at = ids.length;
      ids.push(id);
      keys.push(key);
    } else keys[at] = key;
    while (at > 0 && better(key, id, keys[at - 1]!, ids[at - 1]!)) {
      ids[at] = ids[at - 1]!;
      keys[at] = keys[at - 1]!;
      places.set(ids[at]!, at);
      at--;
    }
    ids[at] = id;
    keys[at] = key;
    places.set(id, at);
    // The order of the first `depth` changed only when the product moved (a product staying in its place does not count).
    if (at < this.depth && at !== was) found.stamp = this.counter.next();
  }

  /** A product is no longer in a group. */
  remove(group: string, id: string): void {
    const found = this.groups.get(group);
    const at = found?.places.get(id) ?? -1;
    if (found === undefined || at < 0) return;
    if (found.ids.length >= this.capacity) found.short = true;
    found.ids.splice(at, 1);
    found.keys.splice(at, 1);
    found.places.delete(id);
    for (let i = at; i < found.ids.length; i++) found.places.set(found.ids[i]!, i);
    if (at < this.depth) found.stamp = this.counter.next();
  }

  /** A listed product may have become shown or hidden (its availability changed): the group's answers read differently. */
  touch(group: string, id: string): void {
    const found = this.groups.get(group);
    if (found?.places.has(id) === true) found.stamp = this.counter.next();
  }

  /** The group's best products, best first (at most `capacity`). */
  top(group: string): readonly string[] {
    return this.groups.get(group)?.ids ?? NONE;
  }

  /** Whether the group lost products it may have to be rebuilt for (fewer than `depth` left of a list that was full). */
  needsRebuild(group: string): boolean {
    const found = this.groups.get(group);
    return found !== undefined && found.short && found.ids.length < this.depth;
  }

  /** Makes a group hold exactly the best of `members` (id and key; those never raised have no key: -Infinity). */
  rebuild(group: string, members: Iterable<readonly [string, number]>): void {
    const entries = [...members].filter(([, key]) => key > Number.NEGATIVE_INFINITY);
    entries.sort((a, b) => (better(a[1], a[0], b[1], b[0]) ? -1 : 1));
    const kept = entries.slice(0, this.capacity);
    this.groups.set(group, {
      ids: kept.map(([id]) => id),
      keys: kept.map(([, key]) => key),
      places: new Map(kept.map(([id], i) => [id, i])),
      short: false,
      stamp: this.counter.next(),
    });
  }

  /** The counter's value when the order of the group's first `depth` places last changed (0: never). */
  stampOf(group: string): number {
    return this.groups.get(group)?.stamp ?? 0;
  }
}

/** Whether (key a, id a) ranks before (key b, id b): a higher key, or an equal one and a smaller id. */
function better(keyA: number, idA: string, keyB: number, idB: string): boolean {
  return keyA > keyB || (keyA === keyB && idA < idB);
}
