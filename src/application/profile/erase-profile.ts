import { DomainError, ValidationError } from '../../domain/shared/errors.js';
import { userProfileIdProblem, type ProfileRecord } from '../../domain/profile/customer-profile.js';
import type { ProfileStore } from '../../domain/profile/profile-store.js';

/** Erases a profile: afterwards neither its id nor any of its identifiers finds anything. */
export class EraseProfile {
  constructor(private readonly profiles: ProfileStore) {}

  /** Answers the erased record, whose identifiers caches must forget. */
  async execute(userProfileId: string): Promise<ProfileRecord> {
    const problem = userProfileIdProblem(userProfileId);
    if (problem !== undefined) throw ValidationError.single('userProfileId', problem);
    const removed = await this.profiles.delete(userProfileId);
    if (removed === undefined) throw new DomainError('PROFILE_NOT_FOUND', 'No profile has this id.');
    return removed;
  }
}
