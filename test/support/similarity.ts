import { NeighbourEngine } from '../../src/adapters/similarity/neighbour-engine.js';
import type { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';

/**
 * A similarity engine that follows an in-memory store the tests write to directly, as the write
 * use cases make it follow the catalog in the service. Lists are computed when asked for.
 */
export function engineFollowing(products: InMemoryProductStore): NeighbourEngine {
  const engine = new NeighbourEngine({ background: false });
  const save = products.save.bind(products);
  const remove = products.delete.bind(products);
  products.save = async (input, at) => {
    const saved = await save(input, at);
    engine.productsSaved([saved.product]);
    return saved;
  };
  products.delete = async (id) => {
    const existed = await remove(id);
    engine.productsRemoved([id]);
    return existed;
  };
  return engine;
}
