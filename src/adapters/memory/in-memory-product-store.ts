import type { Product, ProductInput } from '../../domain/product/product.js';
import type { CategoryPageQuery, ProductPage, ProductStore } from '../../domain/product/product-store.js';
import { snapshot } from './snapshot.js';

export class InMemoryProductStore implements ProductStore {
  private readonly byId = new Map<string, Product>();
  private readonly byCategory = new Map<string, Set<string>>();

  async get(id: string): Promise<Product | undefined> {
    return this.byId.get(id);
  }

  async getMany(ids: readonly string[]): Promise<ReadonlyMap<string, Product>> {
    const found = new Map<string, Product>();
    for (const id of ids) {
      const product = this.byId.get(id);
      if (product !== undefined) found.set(id, product);
    }
    return found;
  }

  async listByCategory(category: string, { afterId, limit }: CategoryPageQuery): Promise<ProductPage> {
    const ids = [...(this.byCategory.get(category) ?? [])].filter((id) => afterId === undefined || id > afterId).sort();
    const items = ids.slice(0, limit).flatMap((id) => this.byId.get(id) ?? []);
    return { items, more: ids.length > limit };
  }

  async *scan(batchSize: number): AsyncIterable<readonly Product[]> {
    const ids = [...this.byId.keys()].sort();
    for (let i = 0; i < ids.length; i += batchSize) {
      const batch: Product[] = [];
      for (const id of ids.slice(i, i + batchSize)) {
        const product = this.byId.get(id);
        if (product !== undefined) batch.push(product);
      }
      yield batch;
    }
  }

  async save(input: ProductInput, at: Date): Promise<{ created: boolean; product: Product }> {
    const previous = this.byId.get(input.id);
    if (previous !== undefined) this.unindex(previous);
    const stored = snapshot({ ...input, createdAt: previous?.createdAt ?? at, updatedAt: at });
    this.byId.set(stored.id, stored);
    if (stored.category !== undefined) {
      let ids = this.byCategory.get(stored.category);
      if (ids === undefined) this.byCategory.set(stored.category, (ids = new Set()));
      ids.add(stored.id);
    }
    return { created: previous === undefined, product: stored };
  }

  async delete(id: string): Promise<boolean> {
    const previous = this.byId.get(id);
    if (previous === undefined) return false;
    this.unindex(previous);
    this.byId.delete(id);
    return true;
  }

  private unindex(product: Product): void {
    if (product.category === undefined) return;
    const ids = this.byCategory.get(product.category);
    ids?.delete(product.id);
    if (ids?.size === 0) this.byCategory.delete(product.category);
  }
}
