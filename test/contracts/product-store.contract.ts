import { describe, expect, it } from 'vitest';
import type { ProductStore } from '../../src/domain/product/product-store.js';
import { aProduct } from '../support/mothers.js';
import { freshStorePerTest, type StoreFactory } from './store-factory.js';

/** What every ProductStore must do, whatever keeps the data. */
export function productStoreContract(adapter: string, factory: StoreFactory<ProductStore>): void {
  describe(`ProductStore contract: ${adapter}`, () => {
    const store = freshStorePerTest(factory);

    it('creates, reads and replaces a product', async () => {
      const product = aProduct({ id: 'P-1', embedding: [0.1, -0.2, 0.3], similar: ['P-2'], attributes: { cor: 'Areia', 'composição': 'linho' } });
      expect(await store().get('P-1')).toBeUndefined();
      expect(await store().save(product)).toEqual({ created: true });
      expect(await store().get('P-1')).toEqual(product);
      const replaced = aProduct({ id: 'P-1', name: 'Outro nome', price: undefined, available: false });
      expect(await store().save(replaced)).toEqual({ created: false });
      expect(await store().get('P-1')).toEqual(replaced);
    });

    it('reads many at once, leaving unknown ids out', async () => {
      await store().save(aProduct({ id: 'A' }));
      await store().save(aProduct({ id: 'B' }));
      const found = await store().getMany(['B', 'missing', 'A', 'B']);
      expect([...found.keys()].sort()).toEqual(['A', 'B']);
      expect(found.get('A')?.id).toBe('A');
      expect((await store().getMany([])).size).toBe(0);
    });

    it('lists a category, following category changes and deletes', async () => {
      await store().save(aProduct({ id: 'A', category: 'vestidos' }));
      await store().save(aProduct({ id: 'B', category: 'vestidos' }));
      await store().save(aProduct({ id: 'C', category: 'saias' }));
      await store().save(aProduct({ id: 'D', category: undefined }));
      expect((await store().listByCategory('vestidos')).map((p) => p.id).sort()).toEqual(['A', 'B']);
      await store().save(aProduct({ id: 'B', category: 'saias' }));
      await store().delete('A');
      expect(await store().listByCategory('vestidos')).toEqual([]);
      expect((await store().listByCategory('saias')).map((p) => p.id).sort()).toEqual(['B', 'C']);
      expect(await store().listByCategory('unknown')).toEqual([]);
    });

    it('deletes a product once', async () => {
      await store().save(aProduct({ id: 'A' }));
      expect(await store().delete('A')).toBe(true);
      expect(await store().get('A')).toBeUndefined();
      expect(await store().delete('A')).toBe(false);
    });

    it('matches ids exactly', async () => {
      await store().save(aProduct({ id: 'Abc' }));
      expect(await store().get('abc')).toBeUndefined();
      expect(await store().get('Abc ')).toBeUndefined();
    });
  });
}
