import type { Product } from '../../domain/product/product.js';
import type { ListsChanges } from '../../domain/product/shared-lists.js';

/** The most changes the log keeps; past it the oldest half goes (a pass then walks every product). */
const MOST_LOGGED = 200_000;

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
    this.log?.add(stamp, productId, undefined);
    return stamp;
  }

  /** Notes that a stamp drawn already went to a product's lists too (one change stamping several). */
  alsoFor(productId: string, stamp: number): void {
    this.log?.add(stamp, productId, undefined);
  }

  /** A new stamp for a category's products, `version` having entered or left its available ones. */
  nextForCategory(category: string, version: Product): number {
    const stamp = ++this.value;
    this.log?.add(stamp, category, version);
    return stamp;
  }

  /** A new stamp for every product at once (a new learning). */
  nextForEverything(): number {
    const stamp = ++this.value;
    this.log?.forgetUpTo(stamp);
    return stamp;
  }

  /** What changed after `stamp` (a value `current` gave); undefined when that is not known. */
  changedSince(stamp: number): ListsChanges | undefined {
    return this.log?.since(stamp);
  }
}

/** Stamps given, in the order given (they grow), and what each went to: a product, or a category (with the version that came or went). */
class ChangeLog {
  private stamps: number[] = [];
  private keys: string[] = [];
  private versions: (Product | undefined)[] = [];

  /** `since` knows nothing before this stamp. */
  constructor(private knownAfter: number) {}

  add(stamp: number, key: string, version: Product | undefined): void {
    this.stamps.push(stamp);
    this.keys.push(key);
    this.versions.push(version);
    if (this.stamps.length > MOST_LOGGED) this.forgetUpTo(this.stamps[MOST_LOGGED / 2]!);
  }

  /** Forgets the changes up to `stamp`: asked about them, it says it cannot tell. */
  forgetUpTo(stamp: number): void {
    let keep = 0;
    while (keep < this.stamps.length && this.stamps[keep]! <= stamp) keep++;
    this.stamps = this.stamps.slice(keep);
    this.keys = this.keys.slice(keep);
    this.versions = this.versions.slice(keep);
    this.knownAfter = Math.max(this.knownAfter, stamp);
  }

  since(stamp: number): ListsChanges | undefined {
    if (stamp < this.knownAfter) return undefined;
    const products = new Set<string>();
    const categories = new Map<string, Product[]>();
    for (let i = this.stamps.length - 1; i >= 0 && this.stamps[i]! > stamp; i--) {
      const version = this.versions[i];
      if (version === undefined) products.add(this.keys[i]!);
      else {
        const versions = categories.get(this.keys[i]!);
        if (versions === undefined) categories.set(this.keys[i]!, [version]);
        else versions.push(version);
      }
    }
    return { products, categories };
  }
}
