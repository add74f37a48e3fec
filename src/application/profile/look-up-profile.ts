import { DomainError, ValidationError } from '../../domain/shared/errors.js';
import { toCustomerProfile, userProfileIdProblem, type CustomerProfile } from '../../domain/profile/customer-profile.js';
import { normaliseIdentifier, type IdentifierKind, type IdentifierPolicy } from '../../domain/profile/identifiers.js';
import type { ProfileStore } from '../../domain/profile/profile-store.js';

export type ProfileKey = 'userProfileId' | IdentifierKind;

export interface ProfileLookup {
  readonly by: ProfileKey;
  readonly value: string;
}

/** Finds a customer's profile by its id, or by a phone, e-mail or document written in any usual way. */
export class LookUpProfile {
  constructor(
    private readonly profiles: ProfileStore,
    private readonly policy: IdentifierPolicy,
  ) {}

  async execute(lookup: ProfileLookup): Promise<CustomerProfile> {
    const record =
      lookup.by === 'userProfileId' ? await this.byId(lookup.value) : await this.byIdentifier(lookup.by, lookup.value);
    if (record === undefined) throw new DomainError('PROFILE_NOT_FOUND', `No profile matches this ${describe(lookup.by)}.`);
    return toCustomerProfile(record);
  }

  private byId(userProfileId: string) {
    const problem = userProfileIdProblem(userProfileId);
    if (problem !== undefined) throw ValidationError.single('userProfileId', problem);
    return this.profiles.findById(userProfileId);
  }

  private byIdentifier(kind: IdentifierKind, raw: string) {
    const normalised = normaliseIdentifier(kind, raw, this.policy);
    if (normalised.error !== undefined) throw ValidationError.single(kind, normalised.error);
    return this.profiles.findByIdentifier(kind, normalised.value);
  }
}

function describe(key: ProfileKey): string {
  return key === 'userProfileId'
    ? 'profile id'
    : key === 'email'
      ? 'e-mail address'
      : key === 'phone'
        ? 'phone number'
        : 'document';
}
