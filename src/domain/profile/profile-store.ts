import { token } from '../shared/token.js';
import type { ProfileRecord } from './customer-profile.js';
import type { IdentifierKind } from './identifiers.js';

/**
 * Where profiles live. Identifiers handed to a store are already normalised. A phone, e-mail or
 * document belongs to at most one profile: `save` refuses, changing nothing, a record that would
 * take one from another profile.
 */
export interface ProfileStore {
  findById(userProfileId: string): Promise<ProfileRecord | undefined>;
  findByIdentifier(kind: IdentifierKind, value: string): Promise<ProfileRecord | undefined>;
  /** Creates or replaces the profile; answers whether it was created. Throws CONFLICT on a taken identifier. */
  save(record: ProfileRecord): Promise<{ created: boolean }>;
  /** Removes the profile and every identifier that found it; answers whether it existed. */
  delete(userProfileId: string): Promise<boolean>;
}

export const ProfileStoreToken = token<ProfileStore>('ProfileStore');
