import { describe, expect, it } from 'vitest';
import type { ProfileRecord } from '../../src/domain/profile/customer-profile.js';
import { IdentifierTaken, type ProfileChanges, type ProfileStore } from '../../src/domain/profile/profile-store.js';
import { someProfileContent } from '../support/mothers.js';
import { freshStorePerTest, type StoreFactory } from './store-factory.js';

const T1 = new Date('2026-11-21T18:04:05.123Z');
const T2 = new Date('2026-11-22T09:00:00.999Z');

const anaChanges: ProfileChanges = {
  profile: someProfileContent(),
  identifiers: { phones: ['+5511987654321', '+5511912345678'], emails: ['ana@example.com'], documents: ['52998224725'] },
};
const anaRecord: ProfileRecord = {
  userProfileId: 'up_ana',
  profile: anaChanges.profile,
  identifiers: { phones: ['+5511987654321', '+5511912345678'], emails: ['ana@example.com'], documents: ['52998224725'] },
  createdAt: T1,
  updatedAt: T1,
};
const brunoChanges: ProfileChanges = {
  profile: {},
  identifiers: { phones: ['+5521998765432'], emails: ['bruno@example.com'], documents: ['12345678909'] },
};

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'no error',
    (error: unknown) => error,
  );
}

/** What every ProfileStore must do, whatever keeps the data. */
export function profileStoreContract(adapter: string, factory: StoreFactory<ProfileStore>): void {
  describe(`ProfileStore contract: ${adapter}`, () => {
    const store = freshStorePerTest(factory);

    it('finds nothing in an empty store', async () => {
      expect(await store().findById('up_ana')).toBeUndefined();
      expect(await store().findByIdentifier('phone', '+5511987654321')).toBeUndefined();
      expect(await store().delete('up_ana')).toBeUndefined();
    });

    it('creates a profile and finds it by its id and by every identifier', async () => {
      expect(await store().upsert('up_ana', anaChanges, T1)).toEqual({ record: anaRecord });
      expect(await store().findById('up_ana')).toEqual(anaRecord);
      expect(await store().findByIdentifier('phone', '+5511987654321')).toEqual(anaRecord);
      expect(await store().findByIdentifier('phone', '+5511912345678')).toEqual(anaRecord);
      expect(await store().findByIdentifier('email', 'ana@example.com')).toEqual(anaRecord);
      expect(await store().findByIdentifier('document', '52998224725')).toEqual(anaRecord);
    });

    it('creates a profile without identifiers, and several such profiles', async () => {
      const { record } = await store().upsert('up_a', { profile: {}, identifiers: {} }, T1);
      await store().upsert('up_b', { profile: {}, identifiers: { phones: [] } }, T1);
      expect(record.identifiers).toEqual({ phones: [], emails: [], documents: [] });
      expect((await store().findById('up_b'))?.identifiers).toEqual({ phones: [], emails: [], documents: [] });
    });

    it('keeps identifier kinds apart', async () => {
      await store().upsert('up_x', { profile: {}, identifiers: { documents: ['12345678909'] } }, T1);
      expect(await store().findByIdentifier('phone', '12345678909')).toBeUndefined();
      expect(await store().findByIdentifier('email', '12345678909')).toBeUndefined();
      expect((await store().findByIdentifier('document', '12345678909'))?.userProfileId).toBe('up_x');
    });

    it('keeps the contract field names with ã and every value, dates to the millisecond', async () => {
      await store().upsert('up_ana', anaChanges, T1);
      const found = await store().findById('up_ana');
      expect(found?.profile).toEqual(someProfileContent());
      expect(Object.keys(found?.profile.ocasioes_relevantes?.[0] ?? {})).toEqual([
        'ocasião',
        'persona_na_ocasião',
        'sugestao_look',
      ]);
      expect(found?.createdAt.toISOString()).toBe('2026-11-21T18:04:05.123Z');
    });

    it('changes a profile: new content, given lists replaced, lists left out kept, creation date kept', async () => {
      await store().upsert('up_ana', anaChanges, T1);
      const content = someProfileContent({ ganchos_conteudo: ['novo'] });
      const result = await store().upsert(
        'up_ana',
        { profile: content, identifiers: { phones: ['+5511900000000'], documents: [] } },
        T2,
      );
      const expected: ProfileRecord = {
        userProfileId: 'up_ana',
        profile: content,
        identifiers: { phones: ['+5511900000000'], emails: ['ana@example.com'], documents: [] },
        createdAt: T1,
        updatedAt: T2,
      };
      expect(result).toEqual({ record: expected, previous: anaRecord.identifiers });
      expect(await store().findById('up_ana')).toEqual(expected);
      expect(await store().findByIdentifier('phone', '+5511987654321')).toBeUndefined();
      expect(await store().findByIdentifier('document', '52998224725')).toBeUndefined();
      expect(await store().findByIdentifier('phone', '+5511900000000')).toEqual(expected);
      expect(await store().findByIdentifier('email', 'ana@example.com')).toEqual(expected);
    });

    it('lets a profile keep its own identifiers when it is written again', async () => {
      await store().upsert('up_ana', anaChanges, T1);
      expect((await store().upsert('up_ana', anaChanges, T2)).record.identifiers).toEqual(anaRecord.identifiers);
    });

    it('refuses to give an identifier of one profile to another, changing nothing', async () => {
      await store().upsert('up_ana', anaChanges, T1);
      const error = await rejection(
        store().upsert('up_thief', { profile: {}, identifiers: { phones: ['+5500000000001'], emails: ['ana@example.com'] } }, T2),
      );
      expect(error).toBeInstanceOf(IdentifierTaken);
      expect(error).toMatchObject({ code: 'CONFLICT', kind: 'email', value: 'ana@example.com' });
      expect(await store().findById('up_thief')).toBeUndefined();
      expect(await store().findByIdentifier('phone', '+5500000000001')).toBeUndefined();
      expect(await store().findByIdentifier('email', 'ana@example.com')).toEqual(anaRecord);
    });

    it('refuses a change that takes another profile’s identifier, keeping the old version whole', async () => {
      await store().upsert('up_ana', anaChanges, T1);
      const bruno = (await store().upsert('up_bruno', brunoChanges, T1)).record;
      const error = await rejection(
        store().upsert(
          'up_bruno',
          { profile: someProfileContent(), identifiers: { phones: ['+5521900000000'], documents: ['52998224725'] } },
          T2,
        ),
      );
      expect(error).toMatchObject({ code: 'CONFLICT', kind: 'document', value: '52998224725' });
      expect(await store().findById('up_bruno')).toEqual(bruno);
      expect(await store().findByIdentifier('phone', '+5521998765432')).toEqual(bruno);
      expect(await store().findByIdentifier('phone', '+5521900000000')).toBeUndefined();
      expect((await store().findByIdentifier('document', '52998224725'))?.userProfileId).toBe('up_ana');
    });

    it('creates a profile once when two writers create it at the same time', async () => {
      const results = await Promise.all([store().upsert('up_new', brunoChanges, T1), store().upsert('up_new', brunoChanges, T1)]);
      expect(results.filter((r) => r.previous === undefined)).toHaveLength(1);
      expect((await store().findByIdentifier('email', 'bruno@example.com'))?.userProfileId).toBe('up_new');
    });

    it('erases a profile with every identifier, answers what it removed, and frees the identifiers', async () => {
      await store().upsert('up_ana', anaChanges, T1);
      expect(await store().delete('up_ana')).toEqual(anaRecord);
      expect(await store().findById('up_ana')).toBeUndefined();
      for (const [kind, value] of [
        ['phone', '+5511987654321'],
        ['phone', '+5511912345678'],
        ['email', 'ana@example.com'],
        ['document', '52998224725'],
      ] as const) {
        expect(await store().findByIdentifier(kind, value)).toBeUndefined();
      }
      expect(await store().delete('up_ana')).toBeUndefined();
      const heir = await store().upsert('up_heir', anaChanges, T2);
      expect(heir.previous).toBeUndefined();
      expect((await store().findByIdentifier('email', 'ana@example.com'))?.userProfileId).toBe('up_heir');
    });

    it('starts a profile created again after an erasure from nothing', async () => {
      await store().upsert('up_ana', anaChanges, T1);
      await store().delete('up_ana');
      const { record, previous } = await store().upsert(
        'up_ana',
        { profile: {}, identifiers: { emails: ['ana@example.com'] } },
        T2,
      );
      expect(previous).toBeUndefined();
      expect(record).toEqual({
        userProfileId: 'up_ana',
        profile: {},
        identifiers: { phones: [], emails: ['ana@example.com'], documents: [] },
        createdAt: T2,
        updatedAt: T2,
      });
    });

    it('is not changed by later changes to the objects it was given', async () => {
      const emails = ['ana@example.com'];
      const hooks = ['Guia de linho'];
      await store().upsert('up_ana', { profile: someProfileContent({ ganchos_conteudo: hooks }), identifiers: { emails } }, T1);
      emails.push('late@example.com');
      hooks.push('late');
      const found = await store().findById('up_ana');
      expect(found?.identifiers.emails).toEqual(['ana@example.com']);
      expect(found?.profile.ganchos_conteudo).toEqual(['Guia de linho']);
      expect(await store().findByIdentifier('email', 'late@example.com')).toBeUndefined();
    });
  });
}
