import { DomainError, ValidationError } from '../../domain/shared/errors.js';
import { userProfileIdProblem } from '../../domain/profile/customer-profile.js';
import type { ProfileStore } from '../../domain/profile/profile-store.js';

/** Erases a profile: afterwards neither its id nor any of its identifiers finds anything. */
export class EraseProfile {
  constructor(private readonly profiles: ProfileStore) {}

  async execute(userProfileId: string): Promise<void> {
    const problem = userProfileIdProblem(userProfileId);
    if (problem !== undefined) throw ValidationError.single('userProfileId', problem);
    if (!(await this.profiles.delete(userProfileId))) {
      throw new DomainError('PROFILE_NOT_FOUND', 'No profile has this id.');
    }
  }
}
