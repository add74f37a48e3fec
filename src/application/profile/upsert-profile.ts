import type { Clock } from '../../domain/shared/clock.js';
import { ValidationError, type ValidationIssue } from '../../domain/shared/errors.js';
import {
  toCustomerProfile,
  userProfileIdProblem,
  type CustomerProfile,
  type ProfileContent,
  type ProfileIdentifiers,
} from '../../domain/profile/customer-profile.js';
import { normaliseIdentifier, type IdentifierKind, type IdentifierPolicy } from '../../domain/profile/identifiers.js';
import type { ProfileStore } from '../../domain/profile/profile-store.js';

export const MAX_IDENTIFIERS_PER_KIND = 20;

export interface UpsertProfileCommand {
  readonly userProfileId: string;
  /** Each list given replaces that list; a list left out keeps the stored one. */
  readonly identifiers?: {
    readonly phones?: readonly string[] | undefined;
    readonly emails?: readonly string[] | undefined;
    readonly documents?: readonly string[] | undefined;
  } | undefined;
  readonly profile: ProfileContent;
}

const LISTS: readonly { list: keyof ProfileIdentifiers; kind: IdentifierKind }[] = [
  { list: 'phones', kind: 'phone' },
  { list: 'emails', kind: 'email' },
  { list: 'documents', kind: 'document' },
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
  ) {}

  async execute(command: UpsertProfileCommand): Promise<{ created: boolean; profile: CustomerProfile }> {
    const issues: ValidationIssue[] = [];
    const idProblem = userProfileIdProblem(command.userProfileId);
    if (idProblem !== undefined) issues.push({ path: 'userProfileId', message: idProblem });
    const given: Partial<Record<keyof ProfileIdentifiers, string[]>> = {};
    for (const { list, kind } of LISTS) {
      const raw = command.identifiers?.[list];
      if (raw === undefined) continue;
      if (raw.length > MAX_IDENTIFIERS_PER_KIND) {
        issues.push({ path: `identifiers.${list}`, message: `must hold at most ${MAX_IDENTIFIERS_PER_KIND} entries` });
      }
      const values = new Set<string>();
      raw.forEach((entry, i) => {
        const normalised = normaliseIdentifier(kind, entry, this.policy);
        if (normalised.error !== undefined) issues.push({ path: `identifiers.${list}.${i}`, message: normalised.error });
        else values.add(normalised.value);
      });
      given[list] = [...values];
    }
    if (issues.length > 0) throw new ValidationError(issues);

    const existing = await this.profiles.findById(command.userProfileId);
    const now = this.clock.now();
    const identifiers: ProfileIdentifiers = {
      phones: given.phones ?? existing?.identifiers.phones ?? [],
      emails: given.emails ?? existing?.identifiers.emails ?? [],
      documents: given.documents ?? existing?.identifiers.documents ?? [],
    };
    const record = {
      userProfileId: command.userProfileId,
      profile: command.profile,
      identifiers,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    const { created } = await this.profiles.save(record);
    return { created, profile: toCustomerProfile(record) };
  }
}
