import { DomainError } from '../../domain/shared/errors.js';
import type { ProfileIdentifiers, ProfileRecord } from '../../domain/profile/customer-profile.js';
import type { IdentifierKind } from '../../domain/profile/identifiers.js';
import type { ProfileStore } from '../../domain/profile/profile-store.js';
import { snapshot } from './snapshot.js';

const LISTS: readonly [keyof ProfileIdentifiers, IdentifierKind][] = [
  ['phones', 'phone'],
  ['emails', 'email'],
  ['documents', 'document'],
];

function* identifierKeys(identifiers: ProfileIdentifiers): Generator<string> {
  for (const [list, kind] of LISTS) for (const value of identifiers[list]) yield `${kind}:${value}`;
}

export class InMemoryProfileStore implements ProfileStore {
  private readonly byId = new Map<string, ProfileRecord>();
  /** `kind:value` → the userProfileId that owns that identifier. */
  private readonly owners = new Map<string, string>();

  async findById(userProfileId: string): Promise<ProfileRecord | undefined> {
    return this.byId.get(userProfileId);
  }

  async findByIdentifier(kind: IdentifierKind, value: string): Promise<ProfileRecord | undefined> {
    const owner = this.owners.get(`${kind}:${value}`);
    return owner === undefined ? undefined : this.byId.get(owner);
  }

  async save(record: ProfileRecord): Promise<{ created: boolean }> {
    for (const key of identifierKeys(record.identifiers)) {
      const owner = this.owners.get(key);
      if (owner !== undefined && owner !== record.userProfileId) {
        throw new DomainError('CONFLICT', `The ${key.slice(0, key.indexOf(':'))} ${key.slice(key.indexOf(':') + 1)} belongs to another profile.`);
      }
    }
    const previous = this.byId.get(record.userProfileId);
    if (previous !== undefined) for (const key of identifierKeys(previous.identifiers)) this.owners.delete(key);
    const stored = snapshot(record);
    this.byId.set(stored.userProfileId, stored);
    for (const key of identifierKeys(stored.identifiers)) this.owners.set(key, stored.userProfileId);
    return { created: previous === undefined };
  }

  async delete(userProfileId: string): Promise<boolean> {
    const previous = this.byId.get(userProfileId);
    if (previous === undefined) return false;
    for (const key of identifierKeys(previous.identifiers)) this.owners.delete(key);
    this.byId.delete(userProfileId);
    return true;
  }
}
