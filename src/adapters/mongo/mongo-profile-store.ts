import type { Document } from 'mongodb';
import type { ProfileContent, ProfileIdentifiers, ProfileRecord } from '../../domain/profile/customer-profile.js';
import type { IdentifierKind } from '../../domain/profile/identifiers.js';
import {
  applyProfileChanges,
  IdentifierTaken,
  type ProfileChanges,
  type ProfileStore,
} from '../../domain/profile/profile-store.js';
import { DomainError } from '../../domain/shared/errors.js';
import { COLLECTIONS, isDuplicateKey, type MongoDatabase } from './mongo-database.js';

/**
 * A profile as stored. Each identifier kind is a top-level array with a unique sparse index; an
 * empty list is stored as no field at all, so profiles without, say, a document never collide.
 */
interface ProfileDocument {
  _id: string;
  profile: ProfileContent;
  phones?: string[];
  emails?: string[];
  documents?: string[];
  createdAt: Date;
  updatedAt: Date;
}

const FIELD_OF: Readonly<Record<IdentifierKind, keyof ProfileIdentifiers>> = {
  phone: 'phones',
  email: 'emails',
  document: 'documents',
};
const KIND_OF: Readonly<Record<string, IdentifierKind>> = { phones: 'phone', emails: 'email', documents: 'document' };

function toIdentifiers(doc: Pick<ProfileDocument, 'phones' | 'emails' | 'documents'>): ProfileIdentifiers {
  return { phones: doc.phones ?? [], emails: doc.emails ?? [], documents: doc.documents ?? [] };
}

function toRecord(doc: ProfileDocument): ProfileRecord {
  return {
    userProfileId: doc._id,
    profile: doc.profile,
    identifiers: toIdentifiers(doc),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

export class MongoProfileStore implements ProfileStore {
  constructor(private readonly database: MongoDatabase) {}

  private get profiles() {
    return this.database.collection<ProfileDocument>(COLLECTIONS.profiles);
  }

  async findById(userProfileId: string): Promise<ProfileRecord | undefined> {
    return this.database.findOne(this.profiles, { _id: userProfileId }, toRecord);
  }

  async findByIdentifier(kind: IdentifierKind, value: string): Promise<ProfileRecord | undefined> {
    return this.database.findOne(this.profiles, { [FIELD_OF[kind]]: value }, toRecord);
  }

  /**
   * One `findOneAndUpdate` with upsert: the lists the changes name are set (or removed when
   * empty), the others stay as stored, and the unique indexes refuse the whole update if an
   * identifier is another profile's. The document as it was comes back, for the caller's caches.
   */
  async upsert(
    userProfileId: string,
    changes: ProfileChanges,
    at: Date,
  ): Promise<{ record: ProfileRecord; previous?: ProfileIdentifiers }> {
    const set: Document = { profile: changes.profile, updatedAt: at };
    const unset: Document = {};
    for (const field of ['phones', 'emails', 'documents'] as const) {
      const list = changes.identifiers[field];
      if (list === undefined) continue;
      if (list.length > 0) set[field] = [...list];
      else unset[field] = '';
    }
    const update: Document = { $set: set, $setOnInsert: { createdAt: at } };
    if (Object.keys(unset).length > 0) update.$unset = unset;
    const before = await this.writeRetryingOnce(userProfileId, changes.identifiers, () =>
      this.database.run((maxTimeMS) =>
        this.profiles.findOneAndUpdate({ _id: userProfileId }, update, {
          upsert: true,
          returnDocument: 'before',
          projection: { phones: 1, emails: 1, documents: 1, createdAt: 1 },
          maxTimeMS,
        }),
      ),
    );
    const current = before === null ? undefined : { identifiers: toIdentifiers(before), createdAt: before.createdAt };
    const record = applyProfileChanges(userProfileId, current, changes, at);
    return current === undefined ? { record } : { record, previous: current.identifiers };
  }

  async delete(userProfileId: string): Promise<ProfileRecord | undefined> {
    const removed = await this.database.run((maxTimeMS) => this.profiles.findOneAndDelete({ _id: userProfileId }, { maxTimeMS }));
    return removed === null ? undefined : toRecord(removed);
  }

  /**
   * Turns a unique-index violation into the domain's IdentifierTaken. Two writers creating the same
   * new profile at once collide, on `_id` or on one of its identifiers; the server retries the
   * first kind itself, and one more try here covers both: the second writer then updates.
   */
  private async writeRetryingOnce<T>(
    userProfileId: string,
    given: ProfileChanges['identifiers'],
    write: () => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await write();
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        const [field, value] = Object.entries(error.keyValue ?? {})[0] ?? (await this.takenByIndex(error, userProfileId, given));
        if (attempt === 1 && (field === '_id' || (await this.heldBy(field, value)) === userProfileId)) continue;
        const kind = field === undefined ? undefined : KIND_OF[field];
        if (kind !== undefined && typeof value === 'string') throw new IdentifierTaken(kind, value);
        throw new DomainError('CONFLICT', 'An identifier of this profile belongs to another profile.');
      }
    }
  }

  /**
   * The field and value a duplicate-key error is about, for servers that do not say (no
   * `keyValue`, as some MongoDB-compatible servers answer): the field from the index's name in the
   * message, the value the one of this write's identifiers of that kind another profile holds.
   */
  private async takenByIndex(
    error: { message: string },
    userProfileId: string,
    given: ProfileChanges['identifiers'],
  ): Promise<[string, unknown] | []> {
    const index = /index: (\S+)/.exec(error.message)?.[1];
    if (index === undefined || index.startsWith('_id')) return index === undefined ? [] : ['_id', userProfileId];
    const field = (['phones', 'emails', 'documents'] as const).find((f) => index === `profiles_${f}_unique`);
    const values = field === undefined ? undefined : given[field];
    if (field === undefined || values === undefined || values.length === 0) return [];
    const holder = await this.database.run((maxTimeMS) =>
      this.profiles.findOne(
        { [field]: { $in: [...values] }, _id: { $ne: userProfileId } },
        { projection: { [field]: 1 }, maxTimeMS },
      ),
    );
    const held = new Set<string>(holder?.[field] ?? []);
    const value = values.find((v) => held.has(v));
    return value === undefined ? [] : [field, value];
  }

  /** Which profile holds an identifier now. */
  private async heldBy(field: string | undefined, value: unknown): Promise<string | undefined> {
    if (field === undefined || KIND_OF[field] === undefined || typeof value !== 'string') return undefined;
    const holder = await this.database.run((maxTimeMS) =>
      this.profiles.findOne({ [field]: value }, { projection: { _id: 1 }, maxTimeMS }),
    );
    return holder?._id;
  }
}
