/** The most changes the log keeps; past it the oldest half goes (a pass then walks every product). */
const MOST_LOGGED = 200_000;

/** What changed since a stamp: products by id, and categories (each of their products). */
export interface ChangesSince {
  readonly products: ReadonlySet<string>;
  readonly categories: ReadonlySet<string>;
}

/**
 * A counter shared by the structures whose stamps are compared with each other. Once asked to
 * (`keepLog`: the builder of the shared lists, which publishes only what changed), it also keeps
 * which products' and categories' stamps moved, bounded: `changedSince` answers from it, or says
 * it cannot (undefined: the log lost changes since then, or everything changed at once).
 */
export class ChangeCounter {
  private value = 0;
  private log: ChangeLog | undefined;

  next(): number {
    return ++this.value;
  }

  /** The latest value given (0: none yet). */
  get current(): number {
    return this.value;
  }

  /** Keeps from now on which products' and categories' stamps move. */
  keepLog(): void {
    this.log ??= new ChangeLog(this.value);
  }

  /** A new stamp for a product's lists. */
  nextForProduct(productId: string): number {
    const stamp = ++this.value;
    this.log?.add(stamp, productId, false);
    return stamp;
  }

  /** Notes that a stamp drawn already went to a product's lists too (one change stamping several). */
  alsoFor(productId: string, stamp: number): void {
    this.log?.add(stamp, productId, false);
  }

  /** A new stamp for a category's products (every one of them). */
  nextForCategory(category: string): number {
    const stamp = ++this.value;
    this.log?.add(stamp, category, true);
    return stamp;
  }

  /** A new stamp for every product at once (a new learning). */
  nextForEverything(): number {
    const stamp = ++this.value;
    this.log?.forgetUpTo(stamp);
    return stamp;
  }

  /** What changed after `stamp` (a value `current` gave); undefined when that is not known. */
  changedSince(stamp: number): ChangesSince | undefined {
    return this.log?.since(stamp);
  }
}

/** Stamps given, in the order given (they grow), and what each went to. */
class ChangeLog {
  private stamps: number[] = [];
  private keys: string[] = [];
  private ofCategory: boolean[] = [];

  /** `since` knows nothing before this stamp. */
  constructor(private knownAfter: number) {}

  add(stamp: number, key: string, category: boolean): void {
    this.stamps.push(stamp);
    this.keys.push(key);
    this.ofCategory.push(category);
    if (this.stamps.length > MOST_LOGGED) this.forgetUpTo(this.stamps[MOST_LOGGED / 2]!);
  }

  /** Forgets the changes up to `stamp`: asked about them, it says it cannot tell. */
  forgetUpTo(stamp: number): void {
    let keep = 0;
    while (keep < this.stamps.length && this.stamps[keep]! <= stamp) keep++;
    this.stamps = this.stamps.slice(keep);
    this.keys = this.keys.slice(keep);
    this.ofCategory = this.ofCategory.slice(keep);
    this.knownAfter = Math.max(this.knownAfter, stamp);
  }

  since(stamp: number): ChangesSince | undefined {
    if (stamp < this.knownAfter) return undefined;
    const products = new Set<string>();
    const categories = new Set<string>();
    for (let i = this.stamps.length - 1; i >= 0 && this.stamps[i]! > stamp; i--) {
      (this.ofCategory[i] ? categories : products).add(this.keys[i]!);
    }
    return { products, categories };
  }
}
