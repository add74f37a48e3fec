import type { Document } from 'mongodb';
import type { Product, ProductInput } from '../../domain/product/product.js';
import type { CategoryPageQuery, ProductPage, ProductStore } from '../../domain/product/product-store.js';
import { COLLECTIONS, withDomainId, type MongoDatabase } from './mongo-database.js';

interface ProductDocument {
  _id: string;
  name: string;
  description?: string;
  category?: string;
  brand?: string;
  imageUrl?: string;
  price?: number;
  available: boolean;
  tags: string[];
  attributes: Record<string, string>;
  embedding?: number[];
  similar?: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** The fields a product may leave out: a replacement without them removes them. */
const OPTIONAL_FIELDS = ['description', 'category', 'brand', 'price', 'imageUrl', 'embedding', 'similar'] as const;

/** Fails to compile when Product gains an optional field this list does not name. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];
const everyOptionalFieldListed: Exclude<OptionalKeys<ProductInput>, (typeof OPTIONAL_FIELDS)[number]> extends never
  ? true
  : never = true;
void everyOptionalFieldListed;

function toProduct(doc: ProductDocument): Product {
  return withDomainId(doc);
}

export class MongoProductStore implements ProductStore {
  constructor(private readonly database: MongoDatabase) {}

  private get products() {
    return this.database.collection<ProductDocument>(COLLECTIONS.products);
  }

  async get(id: string): Promise<Product | undefined> {
    return this.database.findOne(this.products, { _id: id }, toProduct);
  }

  async getMany(ids: readonly string[]): Promise<ReadonlyMap<string, Product>> {
    const found = new Map<string, Product>();
    if (ids.length === 0) return found;
    const docs = await this.database.run((maxTimeMS) =>
      this.products.find({ _id: { $in: [...new Set(ids)] } }, { maxTimeMS }).toArray(),
    );
    for (const doc of docs) found.set(doc._id, toProduct(doc));
    return found;
  }

  async listByCategory(category: string, { afterId, limit }: CategoryPageQuery): Promise<ProductPage> {
    const filter = afterId === undefined ? { category } : { category, _id: { $gt: afterId } };
    const docs = await this.database.run((maxTimeMS) =>
      this.products
        .find(filter, { maxTimeMS })
        .sort({ _id: 1 })
        .limit(limit + 1)
        .toArray(),
    );
    return { items: docs.slice(0, limit).map(toProduct), more: docs.length > limit };
  }

  /** Reads the catalog in id order, one bounded query per batch (each under the operation deadline). */
  async *scan(batchSize: number): AsyncIterable<readonly Product[]> {
    let after: string | undefined;
    for (;;) {
      const filter = after === undefined ? {} : { _id: { $gt: after } };
      const docs = await this.database.run((maxTimeMS) =>
        this.products.find(filter, { sort: { _id: 1 }, limit: batchSize, maxTimeMS }).toArray(),
      );
      if (docs.length === 0) return;
      yield docs.map(toProduct);
      if (docs.length < batchSize) return;
      after = docs[docs.length - 1]!._id;
    }
  }

  /** One upsert that replaces every field but the creation date, which only an insert sets. */
  async save(input: ProductInput, at: Date): Promise<{ created: boolean; product: Product }> {
    const { id, ...fields } = input;
    const set: Document = { ...fields, updatedAt: at };
    const unset: Document = {};
    for (const field of OPTIONAL_FIELDS) {
      if (fields[field] === undefined) {
        delete set[field];
        unset[field] = '';
      }
    }
    // An empty $unset is refused by servers before 5.0: leave it out when nothing is removed.
    const update: Document = { $set: set, $setOnInsert: { createdAt: at } };
    if (Object.keys(unset).length > 0) update.$unset = unset;
    const before = await this.database.run((maxTimeMS) =>
      this.products.findOneAndUpdate({ _id: id }, update, {
        upsert: true,
        returnDocument: 'before',
        projection: { createdAt: 1 },
        maxTimeMS,
      }),
    );
    return { created: before === null, product: { ...input, createdAt: before?.createdAt ?? at, updatedAt: at } };
  }

  async delete(id: string): Promise<boolean> {
    const { deletedCount } = await this.database.run((maxTimeMS) => this.products.deleteOne({ _id: id }, { maxTimeMS }));
    return deletedCount === 1;
  }
}
