import { DomainError, ValidationError } from '../../domain/shared/errors.js';
import { toCustomerProfile, userProfileIdProblem, type CustomerProfile } from '../../domain/profile/customer-profile.js';
import {
  normaliseIdentifier,
  type IdentifierKind,
  type IdentifierPolicy,
  type Normalised,
} from '../../domain/profile/identifiers.js';
import type { ProfileStore } from '../../domain/profile/profile-store.js';
import type { AnswerCache } from '../caching/answer-cache.js';
import { profileCacheKey } from '../caching/cache-keys.js';
import { Remembered } from '../shared/remembered.js';
import type { LiveMoments } from './live-moments.js';

export type ProfileKey = 'userProfileId' | IdentifierKind;

/** How many written forms of identifiers are remembered with their normal form. */
const REMEMBERED_FORMS = 10_000;

export interface ProfileLookup {
  readonly by: ProfileKey;
  readonly value: string;
}

/**
 * Finds a customer's profile by its id, or by a phone, e-mail or document written in any usual
 * way. Stored profiles, "not found" included, are cached under the normalised identifier; each
 * answer's `navegacoes` is then led by what the shopper is doing now (LiveMoments).
 */
export class LookUpProfile {
  /** Normalising a phone number costs far more than the lookup it leads to: each written form is normalised once. */
  private readonly normalForms = new Remembered<Normalised>(REMEMBERED_FORMS);

  constructor(
    private readonly profiles: ProfileStore,
    private readonly policy: IdentifierPolicy,
    private readonly answers: AnswerCache,
    private readonly moments: LiveMoments,
  ) {}

  /** The profile this lookup finds when this process has it at hand (see AnswerCache.peek); else undefined. */
  peek(lookup: ProfileLookup, counted = true): CustomerProfile | undefined {
    const stored = this.peekStored(lookup, counted);
    return stored === undefined || !this.moments.ready(stored.userProfileId) ? undefined : this.moments.of(stored);
  }

  private peekStored(lookup: ProfileLookup, counted: boolean): CustomerProfile | undefined {
    if (lookup.by === 'userProfileId') {
      return userProfileIdProblem(lookup.value) === undefined
        ? this.answers.peek(profileCacheKey('id', lookup.value), counted)
        : undefined;
    }
    const normalised = this.normalise(lookup.by, lookup.value);
    return normalised.error === undefined ? this.answers.peek(profileCacheKey(lookup.by, normalised.value), counted) : undefined;
  }

  /**
   * The profile with this id when this process has it at hand; null when it knows there is none;
   * undefined when it does not know (`execute` finds out).
   */
  held(userProfileId: string): CustomerProfile | null | undefined {
    if (userProfileIdProblem(userProfileId) !== undefined) return null;
    const kept = this.answers.peekOutcome<CustomerProfile>(profileCacheKey('id', userProfileId));
    if (kept === undefined) return undefined;
    return 'value' in kept ? kept.value : null;
  }

  async execute(lookup: ProfileLookup): Promise<CustomerProfile> {
    const stored = await this.stored(lookup);
    await this.moments.prepare(stored.userProfileId);
    return this.moments.of(stored);
  }

  private stored(lookup: ProfileLookup): Promise<CustomerProfile> {
    if (lookup.by === 'userProfileId') {
      const problem = userProfileIdProblem(lookup.value);
      if (problem !== undefined) throw ValidationError.single('userProfileId', problem);
      return this.find(profileCacheKey('id', lookup.value), 'profile id', () => this.profiles.findById(lookup.value));
    }
    const kind = lookup.by;
    const normalised = this.normalise(kind, lookup.value);
    if (normalised.error !== undefined) throw ValidationError.single(kind, normalised.error);
    const noun = kind === 'email' ? 'e-mail address' : kind === 'phone' ? 'phone number' : 'document';
    return this.find(profileCacheKey(kind, normalised.value), noun, () => this.profiles.findByIdentifier(kind, normalised.value));
  }

  /** The identifier's normal form (or why it has none), remembered for the most recent written forms. */
  private normalise(kind: IdentifierKind, value: string): Normalised {
    return this.normalForms.get(`${kind}:${value}`, () => normaliseIdentifier(kind, value, this.policy));
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
