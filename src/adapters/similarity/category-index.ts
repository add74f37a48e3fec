import type { Product } from '../../domain/product/product.js';
import type { CategoryMembers } from '../../domain/product/similarity-ranking.js';
import { OrderedSlots } from './ordered-slots.js';
import { SlotList } from './top-k.js';

/** One category's available products, in the orders an answer's top-up walks. */
interface Category {
  /** Those with a price, by price then id. */
  readonly byPrice: OrderedSlots;
  readonly byId: OrderedSlots;
  readonly brands: Map<string, SlotList>;
  readonly tags: Map<string, SlotList>;
}

/**
 * Each category's available products by price, by id, by brand and by tag, kept as products come,
 * change and go, so that the category's nearest products to one (`nearestInCategory`) are found
 * without sorting the category. Holds slots; `productIn` reads the product a slot holds (as it was
 * when added, until it is removed).
 */
export class CategoryIndex {
  private readonly categories = new Map<string, Category>();
  /** When each category's available products last changed (kept when it empties: a stamp never goes back). */
  private readonly stamps = new Map<string, number>();
  private readonly comparePrices: (a: number, b: number) => number;
  private readonly compareIds: (a: number, b: number) => number;

  constructor(
    private readonly productIn: (slot: number) => Product,
    private readonly nextStamp: () => number,
  ) {
    this.compareIds = (a, b) => compareStrings(productIn(a).id, productIn(b).id);
    this.comparePrices = (a, b) => productIn(a).price! - productIn(b).price! || this.compareIds(a, b);
  }

  /** Adds an available product of a category (others are not held). */
  add(slot: number, product: Product): void {
    if (!product.available || product.category === undefined) return;
    let category = this.categories.get(product.category);
    if (category === undefined) {
      category = {
        byPrice: new OrderedSlots(this.comparePrices),
        byId: new OrderedSlots(this.compareIds),
        brands: new Map(),
        tags: new Map(),
      };
      this.categories.set(product.category, category);
    }
    this.stamps.set(product.category, this.nextStamp());
    if (product.price !== undefined) category.byPrice.add(slot);
    category.byId.add(slot);
    if (product.brand !== undefined) listIn(category.brands, product.brand).push(slot);
    for (const tag of new Set(product.tags)) listIn(category.tags, tag).push(slot);
  }

  /** Takes out a product added before (the same version of it). */
  remove(slot: number, product: Product): void {
    const category = product.available && product.category !== undefined ? this.categories.get(product.category) : undefined;
    if (category === undefined) return;
    this.stamps.set(product.category!, this.nextStamp());
    if (product.price !== undefined) category.byPrice.remove(slot);
    category.byId.remove(slot);
    if (product.brand !== undefined) removeFrom(category.brands, product.brand, slot);
    for (const tag of new Set(product.tags)) removeFrom(category.tags, tag, slot);
    if (category.byId.size === 0) this.categories.delete(product.category!);
  }

  /** The stamp of the category's last change (0: none yet). */
  stampOf(category: string): number {
    return this.stamps.get(category) ?? 0;
  }

  /** A category's available products, as `nearestInCategory` reads them; undefined when it has none. */
  members(name: string): CategoryMembers | undefined {
    const category = this.categories.get(name);
    if (category === undefined) return undefined;
    const { productIn } = this;
    const products = function* (slots: Iterable<number>): Generator<Product> {
      for (const slot of slots) yield productIn(slot);
    };
    const listed = function* (list: SlotList | undefined): Generator<Product> {
      for (let i = 0; i < (list?.length ?? 0); i++) yield productIn(list!.at(i));
    };
    return {
      withBrand: (brand) => listed(category.brands.get(brand)),
      withTag: (tag) => listed(category.tags.get(tag)),
      pricedUpTo: (price) => products(category.byPrice.downFrom((slot) => productIn(slot).price! > price)),
      pricedAbove: (price) => products(category.byPrice.upFrom((slot) => productIn(slot).price! > price)),
      byId: () => products(category.byId.ascending()),
    };
  }
}

function listIn(lists: Map<string, SlotList>, key: string): SlotList {
  let list = lists.get(key);
  if (list === undefined) lists.set(key, (list = new SlotList()));
  return list;
}

function removeFrom(lists: Map<string, SlotList>, key: string, slot: number): void {
  const list = lists.get(key);
  list?.remove(slot);
  if (list?.length === 0) lists.delete(key);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
