import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { EraseProfile } from '../../src/application/profile/erase-profile.js';
import { LookUpProfile } from '../../src/application/profile/look-up-profile.js';
import { UpsertProfile } from '../../src/application/profile/upsert-profile.js';
import { ProfileStoreToken, type ProfileStore } from '../../src/domain/profile/profile-store.js';
import { DomainError, ValidationError } from '../../src/domain/shared/errors.js';
import { testContainer } from '../support/test-container.js';
import { someProfileContent, VALID_ALPHANUMERIC_CNPJ_FORMATTED, VALID_CPF_FORMATTED } from '../support/mothers.js';

function codeOf(error: unknown): string | undefined {
  return error instanceof DomainError ? error.code : undefined;
}

describe('profile use cases', () => {
  let store: ProfileStore;
  let clock: FakeClock;
  let lookUp: LookUpProfile;
  let upsert: UpsertProfile;
  let erase: EraseProfile;

  beforeEach(async () => {
    clock = new FakeClock('2026-11-21T12:00:00.000Z');
    // Every read computed (no answers kept): these are the rules of the use cases, not of caching.
    const { get } = testContainer({ clock, env: { DEFAULT_COUNTRY: 'BR', CACHE_LOCAL_ENTRIES: '0' } });
    store = get(ProfileStoreToken);
    lookUp = get(LookUpProfile);
    upsert = get(UpsertProfile);
    erase = get(EraseProfile);
    await upsert.execute({
      userProfileId: 'up_ana',
      identifiers: {
        phones: ['+55 (11) 98765-4321'],
        emails: [' Ana@Example.COM '],
        documents: [VALID_CPF_FORMATTED, VALID_ALPHANUMERIC_CNPJ_FORMATTED],
      },
      profile: someProfileContent(),
    });
  });

  describe('looking up', () => {
    it.each([
      ['userProfileId', 'up_ana'],
      ['phone', '11987654321'],
      ['phone', '5511987654321'],
      ['phone', '+55 11 98765-4321'],
      ['email', 'ANA@example.com'],
      ['document', '52998224725'],
      ['document', '529.982.247-25'],
      ['document', '12abc34501de35'],
    ] as const)('finds the profile by %s %s', async (by, value) => {
      expect(await lookUp.execute({ by, value })).toEqual({ userProfileId: 'up_ana', profile: someProfileContent() });
    });

    it('answers PROFILE_NOT_FOUND for a valid identifier nobody has', async () => {
      await expect(lookUp.execute({ by: 'phone', value: '11912345678' })).rejects.toSatisfy(
        (e) => codeOf(e) === 'PROFILE_NOT_FOUND',
      );
      await expect(lookUp.execute({ by: 'userProfileId', value: 'UP_ANA' })).rejects.toSatisfy(
        (e) => codeOf(e) === 'PROFILE_NOT_FOUND',
      );
    });

    it.each([
      ['phone', 'not a phone'],
      ['email', 'ana-at-example.com'],
      ['document', '529.982.247-26'],
      ['userProfileId', 'x'.repeat(129)],
      ['userProfileId', 'up\nana'],
    ] as const)('refuses the malformed %s %j with VALIDATION_FAILED naming it', async (by, value) => {
      const error = await lookUp.execute({ by, value }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]?.path).toBe(by);
    });
  });

  describe('upserting', () => {
    it('creates, then replaces, keeping the creation date', async () => {
      clock.advance(60_000);
      const replaced = await upsert.execute({
        userProfileId: 'up_ana',
        profile: someProfileContent({ ganchos_conteudo: ['novo'] }),
      });
      expect(replaced.created).toBe(false);
      const stored = await store.findById('up_ana');
      expect(stored?.createdAt.toISOString()).toBe('2026-11-21T12:00:00.000Z');
      expect(stored?.updatedAt.toISOString()).toBe('2026-11-21T12:01:00.000Z');
      expect(stored?.profile.ganchos_conteudo).toEqual(['novo']);
    });

    it('stores identifiers normalised and once each', async () => {
      await upsert.execute({
        userProfileId: 'up_bia',
        identifiers: { phones: ['21 99876-5432', '+5521998765432'] },
        profile: {},
      });
      expect((await store.findById('up_bia'))?.identifiers).toEqual({ phones: ['+5521998765432'], emails: [], documents: [] });
    });

    it('keeps an identifier list left out and replaces one given', async () => {
      await upsert.execute({ userProfileId: 'up_ana', identifiers: { emails: ['nova@example.com'] }, profile: {} });
      const stored = await store.findById('up_ana');
      expect(stored?.identifiers).toEqual({
        phones: ['+5511987654321'],
        emails: ['nova@example.com'],
        documents: ['52998224725', '12ABC34501DE35'],
      });
      await expect(lookUp.execute({ by: 'email', value: 'ana@example.com' })).rejects.toSatisfy(
        (e) => codeOf(e) === 'PROFILE_NOT_FOUND',
      );
    });

    it('names every bad identifier and saves nothing', async () => {
      const error = await upsert
        .execute({
          userProfileId: 'up_new',
          identifiers: { phones: ['123'], emails: ['ok@example.com', 'bad'], documents: ['111.111.111-11'] },
          profile: {},
        })
        .catch((e: unknown) => e);
      expect((error as ValidationError).issues.map((i) => i.path)).toEqual([
        'identifiers.phones.0',
        'identifiers.emails.1',
        'identifiers.documents.0',
      ]);
      expect(await store.findById('up_new')).toBeUndefined();
      expect(await store.findByIdentifier('email', 'ok@example.com')).toBeUndefined();
    });

    it('answers CONFLICT for an identifier of another profile and changes nothing', async () => {
      const error = await upsert
        .execute({ userProfileId: 'up_other', identifiers: { phones: ['(11) 98765-4321'] }, profile: {} })
        .catch((e: unknown) => e);
      expect(codeOf(error)).toBe('CONFLICT');
      expect(await store.findById('up_other')).toBeUndefined();
      expect((await lookUp.execute({ by: 'phone', value: '11987654321' })).userProfileId).toBe('up_ana');
    });
  });

  describe('erasing', () => {
    it('leaves nothing that finds the profile', async () => {
      await erase.execute('up_ana');
      for (const [by, value] of [
        ['userProfileId', 'up_ana'],
        ['phone', '11987654321'],
        ['email', 'ana@example.com'],
        ['document', '52998224725'],
      ] as const) {
        await expect(lookUp.execute({ by, value })).rejects.toSatisfy((e) => codeOf(e) === 'PROFILE_NOT_FOUND');
      }
    });

    it('answers PROFILE_NOT_FOUND for an unknown profile', async () => {
      await expect(erase.execute('up_nobody')).rejects.toSatisfy((e) => codeOf(e) === 'PROFILE_NOT_FOUND');
    });
  });
});
