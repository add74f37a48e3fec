import { DomainError, ValidationError } from '../../domain/shared/errors.js';
import { toCustomerProfile, userProfileIdProblem, type CustomerProfile } from '../../domain/profile/customer-profile.js';
import { normaliseIdentifier, type IdentifierKind, type IdentifierPolicy } from '../../domain/profile/identifiers.js';
import type { ProfileStore } from '../../domain/profile/profile-store.js';
import type { CachedAnswers } from '../caching/cached-answers.js';
import { profileCacheKey } from '../caching/cache-keys.js';

export type ProfileKey = 'userProfileId' | IdentifierKind;

export interface ProfileLookup {
  readonly by: ProfileKey;
  readonly value: string;
}

/**
 * Finds a customer's profile by its id, or by a phone, e-mail or document written in any usual
 * way. Answers, "not found" included, are cached under the normalised identifier.
 */
export class LookUpProfile {
  constructor(
    private readonly profiles: ProfileStore,
    private readonly policy: IdentifierPolicy,
    private readonly answers: CachedAnswers,
  ) {}

  async execute(lookup: ProfileLookup): Promise<CustomerProfile> {
    if (lookup.by === 'userProfileId') {
      const problem = userProfileIdProblem(lookup.value);
      if (problem !== undefined) throw ValidationError.single('userProfileId', problem);
      return this.find(profileCacheKey('id', lookup.value), 'profile id', () => this.profiles.findById(lookup.value));
    }
    const kind = lookup.by;
    const normalised = normaliseIdentifier(kind, lookup.value, this.policy);
    if (normalised.error !== undefined) throw ValidationError.single(kind, normalised.error);
    const noun = kind === 'email' ? 'e-mail address' : kind === 'phone' ? 'phone number' : 'document';
    return this.find(profileCacheKey(kind, normalised.value), noun, () => this.profiles.findByIdentifier(kind, normalised.value));
  }

  private find(key: string, noun: string, read: () => ReturnType<ProfileStore['findById']>): Promise<CustomerProfile> {
    return this.answers.read(
      key,
      async () => {
        const record = await read();
        if (record === undefined) throw new DomainError('PROFILE_NOT_FOUND', `No profile matches this ${noun}.`);
        return toCustomerProfile(record);
      },
      { cachedErrors: ['PROFILE_NOT_FOUND'] },
    );
  }
}
