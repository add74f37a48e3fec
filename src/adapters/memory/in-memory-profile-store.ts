import type { ProfileIdentifiers, ProfileRecord } from '../../domain/profile/customer-profile.js';
import type { IdentifierKind } from '../../domain/profile/identifiers.js';
import {
  applyProfileChanges,
  IdentifierTaken,
  type ProfileChanges,
  type ProfileStore,
} from '../../domain/profile/profile-store.js';
import { snapshot } from './snapshot.js';

const LISTS: readonly [keyof ProfileIdentifiers, IdentifierKind][] = [
  ['phones', 'phone'],
  ['emails', 'email'],
  ['documents', 'document'],
];

function splitKey(key: string): [IdentifierKind, string] {
  const colon = key.indexOf(':');
  return [key.slice(0, colon) as IdentifierKind, key.slice(colon + 1)];
}

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

  async upsert(
    userProfileId: string,
    changes: ProfileChanges,
    at: Date,
  ): Promise<{ record: ProfileRecord; previous?: ProfileIdentifiers }> {
    const current = this.byId.get(userProfileId);
    const record = applyProfileChanges(userProfileId, current, changes, at);
    for (const key of identifierKeys(record.identifiers)) {
      const owner = this.owners.get(key);
      if (owner !== undefined && owner !== userProfileId) {
        const [kind, value] = splitKey(key);
        throw new IdentifierTaken(kind, value);
      }
    }
    if (current !== undefined) for (const key of identifierKeys(current.identifiers)) this.owners.delete(key);
    const stored = snapshot(record);
    this.byId.set(userProfileId, stored);
    for (const key of identifierKeys(stored.identifiers)) this.owners.set(key, userProfileId);
    return current === undefined ? { record: stored } : { record: stored, previous: current.identifiers };
  }

  async delete(userProfileId: string): Promise<ProfileRecord | undefined> {
    const removed = this.byId.get(userProfileId);
    if (removed === undefined) return undefined;
    for (const key of identifierKeys(removed.identifiers)) this.owners.delete(key);
    this.byId.delete(userProfileId);
    return removed;
  }
}
