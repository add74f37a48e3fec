import { describe, expect, it } from 'vitest';
import type { ProductStore } from '../../src/domain/product/product-store.js';
import { aProductInput } from '../support/mothers.js';
import { freshStorePerTest, type StoreFactory } from './store-factory.js';

const T1 = new Date('2026-11-21T18:04:05.123Z');
const T2 = new Date('2026-11-22T09:00:00.999Z');

/** What every ProductStore must do, whatever keeps the data. */
export function productStoreContract(adapter: string, factory: StoreFactory<ProductStore>): void {
  describe(`ProductStore contract: ${adapter}`, () => {
    const store = freshStorePerTest(factory);

    it('creates, reads and replaces a product, keeping its creation date', async () => {
      const input = aProductInput({
        id: 'P-1',
        embedding: [0.1, -0.2, 0.3],
        similar: ['P-2'],
        attributes: { cor: 'Areia', composição: 'linho' },
      });
      expect(await store().get('P-1')).toBeUndefined();
      const created = await store().save(input, T1);
      expect(created).toEqual({ created: true, product: { ...input, createdAt: T1, updatedAt: T1 } });
      expect(await store().get('P-1')).toEqual(created.product);
      const next = aProductInput({
        id: 'P-1',
        name: 'Outro nome',
        price: undefined,
        description: undefined,
        embedding: undefined,
        similar: undefined,
        available: false,
        tags: [],
      });
      const replaced = await store().save(next, T2);
      expect(replaced.created).toBe(false);
      expect(replaced.product).toEqual({ ...next, createdAt: T1, updatedAt: T2 });
      const read = await store().get('P-1');
      expect(read).toEqual(replaced.product);
      for (const gone of ['price', 'description', 'embedding', 'similar'] as const) expect(read?.[gone]).toBeUndefined();
    });

    it('reads many at once, leaving unknown ids out', async () => {
      await store().save(aProductInput({ id: 'A' }), T1);
      await store().save(aProductInput({ id: 'B' }), T1);
      const found = await store().getMany(['B', 'missing', 'A', 'B']);
      expect([...found.keys()].sort()).toEqual(['A', 'B']);
      expect(found.get('A')?.id).toBe('A');
      expect((await store().getMany([])).size).toBe(0);
    });

    it('scans the whole catalog in id order, in batches of the size asked for', async () => {
      const ids = Array.from({ length: 7 }, (_, i) => `S-${i}`);
      for (const id of [...ids].reverse()) await store().save(aProductInput({ id }), T1);
      await store().delete('S-3');
      const batches: string[][] = [];
      for await (const batch of store().scan(3)) batches.push(batch.map((p) => p.id));
      expect(batches).toEqual([
        ['S-0', 'S-1', 'S-2'],
        ['S-4', 'S-5', 'S-6'],
      ]);
      expect((await store().scan(3)[Symbol.asyncIterator]().next()).value?.[0]).toMatchObject({
        id: 'S-0',
        name: aProductInput().name,
      });
    });

    it('scans an empty catalog as no batch at all', async () => {
      const batches: unknown[] = [];
      for await (const batch of store().scan(10)) batches.push(batch);
      expect(batches).toEqual([]);
    });

    it('lists a category, following category changes and deletes', async () => {
      await store().save(aProductInput({ id: 'A', category: 'vestidos' }), T1);
      await store().save(aProductInput({ id: 'B', category: 'vestidos' }), T1);
      await store().save(aProductInput({ id: 'C', category: 'saias' }), T1);
      await store().save(aProductInput({ id: 'D', category: undefined }), T1);
      const ids = async (category: string) => (await store().listByCategory(category, { limit: 10 })).items.map((p) => p.id);
      expect(await ids('vestidos')).toEqual(['A', 'B']);
      await store().save(aProductInput({ id: 'B', category: 'saias' }), T2);
      await store().delete('A');
      expect(await ids('vestidos')).toEqual([]);
      expect(await ids('saias')).toEqual(['B', 'C']);
      expect(await ids('unknown')).toEqual([]);
    });

    it('lists a category in pages, by id', async () => {
      for (const id of ['E', 'A', 'D', 'B', 'C']) await store().save(aProductInput({ id, category: 'vestidos' }), T1);
      const first = await store().listByCategory('vestidos', { limit: 2 });
      expect({ ids: first.items.map((p) => p.id), more: first.more }).toEqual({ ids: ['A', 'B'], more: true });
      const second = await store().listByCategory('vestidos', { afterId: 'B', limit: 2 });
      expect(second.items.map((p) => p.id)).toEqual(['C', 'D']);
      const last = await store().listByCategory('vestidos', { afterId: 'D', limit: 2 });
      expect({ ids: last.items.map((p) => p.id), more: last.more }).toEqual({ ids: ['E'], more: false });
    });

    it('keeps an image URL, and forgets it when a write leaves it out', async () => {
      await store().save(aProductInput({ id: 'A', imageUrl: 'https://cdn.example/a.jpg' }), T1);
      expect((await store().get('A'))?.imageUrl).toBe('https://cdn.example/a.jpg');
      await store().save(aProductInput({ id: 'A' }), T2);
      expect(await store().get('A')).not.toHaveProperty('imageUrl');
    });

    it('deletes a product once', async () => {
      await store().save(aProductInput({ id: 'A' }), T1);
      expect(await store().delete('A')).toBe(true);
      expect(await store().get('A')).toBeUndefined();
      expect(await store().delete('A')).toBe(false);
    });

    it('matches ids exactly', async () => {
      await store().save(aProductInput({ id: 'Abc' }), T1);
      expect(await store().get('abc')).toBeUndefined();
      expect(await store().get('Abc ')).toBeUndefined();
    });
  });
}
