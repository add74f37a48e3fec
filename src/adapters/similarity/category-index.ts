import type { Product } from '../../domain/product/product.js';
import type { CategoryMembers, PricedMembers } from '../../domain/product/similarity-ranking.js';
import { OrderedSlots } from './ordered-slots.js';
import { SlotList } from './top-k.js';

/** Products in the two orders a price walk reads, and by tag. */
class Orders {
  /** Those with a price, by price then id. */
  readonly byPrice: OrderedSlots;
  readonly byId: OrderedSlots;
  readonly tags = new Map<string, SlotList>();

  constructor(comparePrices: (a: number, b: number) => number, compareIds: (a: number, b: number) => number) {
    this.byPrice = new OrderedSlots(comparePrices);
    this.byId = new OrderedSlots(compareIds);
  }

  add(slot: number, product: Product): void {
    if (product.price !== undefined) this.byPrice.add(slot);
    this.byId.add(slot);
    for (const tag of new Set(product.tags)) listIn(this.tags, tag).push(slot);
  }

  remove(slot: number, product: Product): void {
    if (product.price !== undefined) this.byPrice.remove(slot);
    this.byId.remove(slot);
    for (const tag of new Set(product.tags)) removeFrom(this.tags, tag, slot);
  }
}

/** One category's available products, in the orders an answer's top-up walks (its brands' the same). */
interface Category {
  readonly all: Orders;
  readonly brands: Map<string, Orders>;
}

/**
 * Each category's available products by price, by id and by tag (and each brand's of them the same), kept as products come,
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
    private readonly nextStamp: (category: string, version: Product) => number,
  ) {
    this.compareIds = (a, b) => compareStrings(productIn(a).id, productIn(b).id);
    this.comparePrices = (a, b) => productIn(a).price! - productIn(b).price! || this.compareIds(a, b);
  }

  /** Adds an available product of a category (others are not held). */
  add(slot: number, product: Product): void {
    if (!product.available || product.category === undefined) return;
    let category = this.categories.get(product.category);
    if (category === undefined) {
      category = { all: this.orders(), brands: new Map() };
      this.categories.set(product.category, category);
    }
    this.stamps.set(product.category, this.nextStamp(product.category, product));
    category.all.add(slot, product);
    if (product.brand !== undefined) {
      let brand = category.brands.get(product.brand);
      if (brand === undefined) category.brands.set(product.brand, (brand = this.orders()));
      brand.add(slot, product);
    }
  }

  /** Takes out a product added before (the same version of it). */
  remove(slot: number, product: Product): void {
    const category = product.available && product.category !== undefined ? this.categories.get(product.category) : undefined;
    if (category === undefined) return;
    this.stamps.set(product.category!, this.nextStamp(product.category!, product));
    category.all.remove(slot, product);
    const brand = product.brand === undefined ? undefined : category.brands.get(product.brand);
    brand?.remove(slot, product);
    if (brand?.byId.size === 0) category.brands.delete(product.brand!);
    if (category.all.byId.size === 0) this.categories.delete(product.category!);
  }

  private orders(): Orders {
    return new Orders(this.comparePrices, this.compareIds);
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
    const priced = (orders: Orders | undefined): PricedMembers => ({
      pricedUpTo: (price) => products(orders?.byPrice.downFrom((slot) => productIn(slot).price! > price) ?? []),
      pricedAbove: (price) => products(orders?.byPrice.upFrom((slot) => productIn(slot).price! > price) ?? []),
      byId: () => products(orders?.byId.ascending() ?? []),
      withTag: (tag) => listed(orders?.tags.get(tag)),
    });
    return {
      ...priced(category.all),
      withBrand: (brand) => priced(category.brands.get(brand)),
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
