import type { Clock } from '../../domain/shared/clock.js';
import { DomainError, ValidationError, type ValidationIssue } from '../../domain/shared/errors.js';
import {
  toCustomerProfile,
  userProfileIdProblem,
  type CustomerProfile,
  type ProfileContent,
  type ProfileIdentifiers,
} from '../../domain/profile/customer-profile.js';
import { normaliseIdentifier, type IdentifierKind, type IdentifierPolicy } from '../../domain/profile/identifiers.js';
import { IdentifierTaken, type ProfileStore } from '../../domain/profile/profile-store.js';
import type { AnswerCache } from '../caching/answer-cache.js';
import { profileCacheKeys } from '../caching/cache-keys.js';

export const MAX_IDENTIFIERS_PER_KIND = 20;

export interface UpsertProfileCommand {
  readonly userProfileId: string;
  /** Each list given replaces that list; a list left out keeps the stored one. */
  readonly identifiers?:
    | {
        readonly phones?: readonly string[] | undefined;
        readonly emails?: readonly string[] | undefined;
        readonly documents?: readonly string[] | undefined;
      }
    | undefined;
  readonly profile: ProfileContent;
}

export interface UpsertProfileResult {
  readonly created: boolean;
  readonly profile: CustomerProfile;
}

const LISTS: readonly { list: keyof ProfileIdentifiers; kind: IdentifierKind; noun: string }[] = [
  { list: 'phones', kind: 'phone', noun: 'phone number' },
  { list: 'emails', kind: 'email', noun: 'e-mail address' },
  { list: 'documents', kind: 'document', noun: 'document' },
];

/**
 * Creates or replaces a profile. Every identifier is normalised as lookups normalise it; one that
 * belongs to another profile makes the whole write fail with CONFLICT and change nothing.
 */
export class UpsertProfile {
  constructor(
    private readonly profiles: ProfileStore,
    private readonly policy: IdentifierPolicy,
    private readonly clock: Clock,
    private readonly answers: AnswerCache,
  ) {}

  /**
   * Whether the write would store what is stored already (then it need not be made: re-running an
   * import changes nothing). Throws the ValidationError the write would.
   */
  async changesNothing(command: UpsertProfileCommand): Promise<boolean> {
    const { given } = this.normalise(command);
    const stored = await this.profiles.findById(command.userProfileId);
    if (stored === undefined || !sameContent(stored.profile, command.profile)) return false;
    return LISTS.every(({ list }) => given[list] === undefined || sameContent(given[list], stored.identifiers[list]));
  }

  /**
   * The identifiers the write gives, normalised (`kind:value`), each with where it was given
   * (`identifiers.phones.0`). Throws the ValidationError the write would.
   */
  identifiersGiven(command: UpsertProfileCommand): ReadonlyMap<string, string> {
    return this.normalise(command).givenAt;
  }

  async execute(command: UpsertProfileCommand): Promise<UpsertProfileResult> {
    const { given, givenAt } = this.normalise(command);
    let written;
    try {
      written = await this.profiles.upsert(
        command.userProfileId,
        { profile: command.profile, identifiers: given },
        this.clock.now(),
      );
    } catch (error) {
      if (error instanceof IdentifierTaken) {
        const noun = LISTS.find((l) => l.kind === error.kind)?.noun ?? error.kind;
        const where = givenAt.get(`${error.kind}:${error.value}`);
        throw new DomainError('CONFLICT', `The ${noun}${where === undefined ? '' : ` in ${where}`} belongs to another profile.`);
      }
      // The write may have happened: forget what it may have changed, as far as known here.
      await this.answers.invalidate(
        profileCacheKeys(command.userProfileId, {
          phones: given.phones ?? [],
          emails: given.emails ?? [],
          documents: given.documents ?? [],
        }),
      );
      throw error;
    }
    const { record, previous } = written;
    // Every lookup that found the profile before, or finds it now, must answer afresh.
    await this.answers.invalidate(
      profileCacheKeys(command.userProfileId, {
        phones: union(previous?.phones, record.identifiers.phones),
        emails: union(previous?.emails, record.identifiers.emails),
        documents: union(previous?.documents, record.identifiers.documents),
      }),
    );
    return { created: previous === undefined, profile: toCustomerProfile(record) };
  }

  /** Checks and normalises the identifiers given; throws a ValidationError naming every problem. */
  private normalise(command: UpsertProfileCommand): {
    given: { -readonly [K in keyof ProfileIdentifiers]?: string[] };
    givenAt: Map<string, string>;
  } {
    const issues: ValidationIssue[] = [];
    const idProblem = userProfileIdProblem(command.userProfileId);
    if (idProblem !== undefined) issues.push({ path: 'userProfileId', message: idProblem });
    const given: { -readonly [K in keyof ProfileIdentifiers]?: string[] } = {};
    /** Where each normalised value was given, to name it in a conflict. */
    const givenAt = new Map<string, string>();
    for (const { list, kind } of LISTS) {
      const raw = command.identifiers?.[list];
      if (raw === undefined) continue;
      if (raw.length > MAX_IDENTIFIERS_PER_KIND) {
        issues.push({ path: `identifiers.${list}`, message: `must hold at most ${MAX_IDENTIFIERS_PER_KIND} entries` });
      }
      const values = new Set<string>();
      raw.forEach((entry, i) => {
        const normalised = normaliseIdentifier(kind, entry, this.policy);
        if (normalised.error !== undefined) {
          issues.push({ path: `identifiers.${list}.${i}`, message: normalised.error });
        } else if (!values.has(normalised.value)) {
          values.add(normalised.value);
          givenAt.set(`${kind}:${normalised.value}`, `identifiers.${list}.${i}`);
        }
      });
      given[list] = [...values];
    }
    if (issues.length > 0) throw new ValidationError(issues);
    return { given, givenAt };
  }
}

/** Equal as JSON values, whatever the order of object keys. */
function sameContent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameContent(x, b[i]));
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) || Array.isArray(b))
    return false;
  const left = Object.entries(a).filter(([, v]) => v !== undefined);
  const right = Object.entries(b).filter(([, v]) => v !== undefined);
  return left.length === right.length && left.every(([k, v]) => sameContent(v, (b as Record<string, unknown>)[k]));
}

function union(a: readonly string[] | undefined, b: readonly string[]): string[] {
  return a === undefined ? [...b] : [...new Set([...a, ...b])];
}
