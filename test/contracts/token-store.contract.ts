import { describe, expect, it } from 'vitest';
import type { TokenStore } from '../../src/domain/auth/token-store.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { anApiToken } from '../support/mothers.js';
import { freshStorePerTest, type StoreFactory } from './store-factory.js';

/** What every TokenStore must do, whatever keeps the data. */
export function tokenStoreContract(adapter: string, factory: StoreFactory<TokenStore>): void {
  describe(`TokenStore contract: ${adapter}`, () => {
    const store = freshStorePerTest(factory);

    const first = anApiToken({ id: 'tok_1', hash: '1'.repeat(64), createdAt: new Date('2026-11-01T00:00:00.000Z') });
    const second = anApiToken({
      id: 'tok_2',
      name: 'crm',
      scopes: ['profiles:read'],
      hash: '2'.repeat(64),
      createdAt: new Date('2026-11-02T00:00:00.000Z'),
      expiresAt: new Date('2027-01-01T00:00:00.123Z'),
    });

    it('stores tokens and finds them by hash', async () => {
      expect(await store().count()).toBe(0);
      await store().add(first);
      await store().add(second);
      expect(await store().count()).toBe(2);
      expect(await store().findByHash('2'.repeat(64))).toEqual(second);
      expect(await store().findByHash('3'.repeat(64))).toBeUndefined();
      expect((await store().list({ limit: 10 })).items).toEqual([first, second]);
      expect(await store().get('tok_2')).toEqual(second);
      expect(await store().get('tok_3')).toBeUndefined();
    });

    it('keeps a publishable key as a publishable key, with its origins', async () => {
      const key = anApiToken({
        id: 'tok_3',
        scopes: ['events:write'],
        hash: '3'.repeat(64),
        kind: 'publishable',
        allowedOrigins: ['https://loja.example.com.br', 'http://localhost:5173'],
      });
      await store().add(first);
      await store().add(key);
      expect(await store().findByHash('3'.repeat(64))).toEqual(key);
      expect((await store().list({ limit: 10 })).items).toEqual([first, key]);
      expect(Object.keys((await store().get('tok_1'))!)).not.toContain('kind');
    });

    it('refuses a second token with the same id or hash, changing nothing', async () => {
      await store().add(first);
      const sameId = anApiToken({ id: 'tok_1', hash: '9'.repeat(64) });
      const sameHash = anApiToken({ id: 'tok_9', hash: '1'.repeat(64) });
      for (const token of [sameId, sameHash]) {
        await expect(store().add(token)).rejects.toSatisfy((e) => e instanceof DomainError && e.code === 'CONFLICT');
      }
      expect((await store().list({ limit: 10 })).items).toEqual([first]);
      expect(await store().findByHash('9'.repeat(64))).toBeUndefined();
    });

    it('lists in pages, by creation instant then id, whatever order they were added in', async () => {
      const at = new Date('2026-11-03T00:00:00.000Z');
      const sameInstant = ['tok_b', 'tok_c', 'tok_a'].map((id, i) =>
        anApiToken({ id, hash: String(i + 3).repeat(64), createdAt: at }),
      );
      for (const token of [second, ...sameInstant, first]) await store().add(token);
      const ids: string[] = [];
      let page = await store().list({ limit: 2 });
      ids.push(...page.items.map((t) => t.id));
      while (page.more) {
        const last = page.items.at(-1)!;
        page = await store().list({ limit: 2, after: { createdAt: last.createdAt, id: last.id } });
        ids.push(...page.items.map((t) => t.id));
      }
      expect(ids).toEqual(['tok_1', 'tok_2', 'tok_a', 'tok_b', 'tok_c']);
    });

    it('deletes a token: its hash finds nothing afterwards', async () => {
      await store().add(first);
      await store().add(second);
      expect(await store().delete('tok_1')).toEqual(first);
      expect(await store().findByHash('1'.repeat(64))).toBeUndefined();
      expect(await store().delete('tok_1')).toBeUndefined();
      expect((await store().list({ limit: 10 })).items).toEqual([second]);
      expect(await store().count()).toBe(1);
    });
  });
}
