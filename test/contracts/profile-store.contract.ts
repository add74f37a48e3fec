import { describe, expect, it } from 'vitest';
import type { ProfileStore } from '../../src/domain/profile/profile-store.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { aProfileRecord, someProfileContent } from '../support/mothers.js';
import { freshStorePerTest, type StoreFactory } from './store-factory.js';

/** What every ProfileStore must do, whatever keeps the data. */
export function profileStoreContract(adapter: string, factory: StoreFactory<ProfileStore>): void {
  describe(`ProfileStore contract: ${adapter}`, () => {
    const store = freshStorePerTest(factory);

    const ana = aProfileRecord({
      userProfileId: 'up_ana',
      identifiers: { phones: ['+5511987654321', '+5511912345678'], emails: ['ana@example.com'], documents: ['52998224725'] },
    });
    const bruno = aProfileRecord({
      userProfileId: 'up_bruno',
      identifiers: { phones: ['+5521998765432'], emails: ['bruno@example.com'], documents: ['12345678909'] },
    });

    it('finds nothing in an empty store', async () => {
      expect(await store().findById('up_ana')).toBeUndefined();
      expect(await store().findByIdentifier('phone', '+5511987654321')).toBeUndefined();
    });

    it('creates a profile and finds it by its id and by every identifier', async () => {
      expect(await store().save(ana)).toEqual({ created: true });
      expect(await store().findById('up_ana')).toEqual(ana);
      expect(await store().findByIdentifier('phone', '+5511987654321')).toEqual(ana);
      expect(await store().findByIdentifier('phone', '+5511912345678')).toEqual(ana);
      expect(await store().findByIdentifier('email', 'ana@example.com')).toEqual(ana);
      expect(await store().findByIdentifier('document', '52998224725')).toEqual(ana);
    });

    it('keeps identifier kinds apart', async () => {
      await store().save(aProfileRecord({ userProfileId: 'up_x', identifiers: { phones: [], emails: [], documents: ['12345678909'] } }));
      expect(await store().findByIdentifier('phone', '12345678909')).toBeUndefined();
      expect(await store().findByIdentifier('email', '12345678909')).toBeUndefined();
    });

    it('keeps the contract field names with ã and every value, dates to the millisecond', async () => {
      const record = aProfileRecord({ createdAt: new Date('2026-11-21T18:04:05.123Z'), updatedAt: new Date('2026-11-21T18:04:05.999Z') });
      await store().save(record);
      const found = await store().findById(record.userProfileId);
      expect(found).toEqual(record);
      expect(Object.keys(found?.profile.ocasioes_relevantes?.[0] ?? {})).toEqual(['ocasião', 'persona_na_ocasião', 'sugestao_look']);
      expect(found?.createdAt.toISOString()).toBe('2026-11-21T18:04:05.123Z');
    });

    it('replaces a profile: old identifiers stop finding it, new ones find it', async () => {
      await store().save(ana);
      const replaced = aProfileRecord({
        userProfileId: 'up_ana',
        identifiers: { phones: ['+5511900000000'], emails: ['ana@example.com'], documents: [] },
        profile: someProfileContent({ ganchos_conteudo: ['novo'] }),
      });
      expect(await store().save(replaced)).toEqual({ created: false });
      expect(await store().findById('up_ana')).toEqual(replaced);
      expect(await store().findByIdentifier('phone', '+5511987654321')).toBeUndefined();
      expect(await store().findByIdentifier('document', '52998224725')).toBeUndefined();
      expect(await store().findByIdentifier('phone', '+5511900000000')).toEqual(replaced);
      expect(await store().findByIdentifier('email', 'ana@example.com')).toEqual(replaced);
    });

    it('refuses to give an identifier of one profile to another, changing nothing', async () => {
      await store().save(ana);
      const thief = aProfileRecord({ userProfileId: 'up_thief', identifiers: { phones: ['+5500000000001'], emails: ['ana@example.com'], documents: [] } });
      await expect(store().save(thief)).rejects.toSatisfy((e) => e instanceof DomainError && e.code === 'CONFLICT');
      expect(await store().findById('up_thief')).toBeUndefined();
      expect(await store().findByIdentifier('phone', '+5500000000001')).toBeUndefined();
      expect(await store().findByIdentifier('email', 'ana@example.com')).toEqual(ana);
    });

    it('refuses a replacement that takes another profile’s identifier, keeping the old version whole', async () => {
      await store().save(ana);
      await store().save(bruno);
      const greedy = { ...bruno, identifiers: { phones: ['+5521900000000'], emails: ['bruno@example.com'], documents: ['52998224725'] } };
      await expect(store().save(greedy)).rejects.toSatisfy((e) => e instanceof DomainError && e.code === 'CONFLICT');
      expect(await store().findById('up_bruno')).toEqual(bruno);
      expect(await store().findByIdentifier('phone', '+5521998765432')).toEqual(bruno);
      expect(await store().findByIdentifier('phone', '+5521900000000')).toBeUndefined();
      expect(await store().findByIdentifier('document', '52998224725')).toEqual(ana);
    });

    it('erases a profile with every identifier, and frees them for another profile', async () => {
      await store().save(ana);
      expect(await store().delete('up_ana')).toBe(true);
      expect(await store().findById('up_ana')).toBeUndefined();
      for (const [kind, value] of [['phone', '+5511987654321'], ['phone', '+5511912345678'], ['email', 'ana@example.com'], ['document', '52998224725']] as const) {
        expect(await store().findByIdentifier(kind, value)).toBeUndefined();
      }
      expect(await store().delete('up_ana')).toBe(false);
      const heir = { ...bruno, identifiers: ana.identifiers };
      expect(await store().save(heir)).toEqual({ created: true });
      expect(await store().findByIdentifier('email', 'ana@example.com')).toEqual(heir);
    });

    it('is not changed by later changes to the object it was given', async () => {
      const emails = ['ana@example.com'];
      const hooks = ['Guia de linho'];
      const record = aProfileRecord({
        identifiers: { phones: [], emails, documents: [] },
        profile: someProfileContent({ ganchos_conteudo: hooks }),
      });
      await store().save(record);
      emails.push('late@example.com');
      hooks.push('late');
      const found = await store().findById(record.userProfileId);
      expect(found?.identifiers.emails).toEqual(['ana@example.com']);
      expect(found?.profile.ganchos_conteudo).toEqual(['Guia de linho']);
      expect(await store().findByIdentifier('email', 'late@example.com')).toBeUndefined();
    });
  });
}
