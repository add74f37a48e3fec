import type { Product } from '../../../domain/product/product.js';

export function presentProduct(product: Product) {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    category: product.category,
    brand: product.brand,
    price: product.price,
    imageUrl: product.imageUrl,
    available: product.available,
    tags: product.tags,
    attributes: product.attributes,
    embedding: product.embedding,
    similar: product.similar,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}
