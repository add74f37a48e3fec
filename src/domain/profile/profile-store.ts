import { DomainError } from '../shared/errors.js';
import { token } from '../shared/token.js';
import type { ProfileContent, ProfileIdentifiers, ProfileRecord } from './customer-profile.js';
import type { IdentifierKind } from './identifiers.js';

/** What a write changes: the profile content, and each identifier list it names. */
export interface ProfileChanges {
  readonly profile: ProfileContent;
  /** A list given replaces the stored one; a list left out keeps it (none for a new profile). */
  readonly identifiers: Partial<ProfileIdentifiers>;
}

/** An identifier of a write already belongs to another profile; nothing was changed. */
export class IdentifierTaken extends DomainError {
  override readonly name = 'IdentifierTaken';

  constructor(
    readonly kind: IdentifierKind,
    readonly value: string,
  ) {
    super('CONFLICT', 'An identifier of this profile belongs to another profile.');
  }
}

/**
 * Where profiles live. Identifiers handed to a store are already normalised, and a phone, e-mail
 * or document belongs to at most one profile. Each write is atomic: it happens whole or not at all.
 */
export interface ProfileStore {
  findById(userProfileId: string): Promise<ProfileRecord | undefined>;
  findByIdentifier(kind: IdentifierKind, value: string): Promise<ProfileRecord | undefined>;
  /**
   * Creates the profile or changes it in one step, keeping its creation date and the identifier
   * lists the changes leave out. Answers the record as stored and the identifiers it had before
   * (undefined when it was created). Throws IdentifierTaken, changing nothing.
   */
  upsert(
    userProfileId: string,
    changes: ProfileChanges,
    at: Date,
  ): Promise<{ record: ProfileRecord; previous?: ProfileIdentifiers }>;
  /** Removes the profile and every identifier that found it; answers what was removed. */
  delete(userProfileId: string): Promise<ProfileRecord | undefined>;
}

export const ProfileStoreToken = token<ProfileStore>('ProfileStore');

/** The record an upsert stores, from the stored one (if any) and the changes. */
export function applyProfileChanges(
  userProfileId: string,
  current: Pick<ProfileRecord, 'identifiers' | 'createdAt'> | undefined,
  changes: ProfileChanges,
  at: Date,
): ProfileRecord {
  return {
    userProfileId,
    profile: changes.profile,
    identifiers: {
      phones: changes.identifiers.phones ?? current?.identifiers.phones ?? [],
      emails: changes.identifiers.emails ?? current?.identifiers.emails ?? [],
      documents: changes.identifiers.documents ?? current?.identifiers.documents ?? [],
    },
    createdAt: current?.createdAt ?? at,
    updatedAt: at,
  };
}
