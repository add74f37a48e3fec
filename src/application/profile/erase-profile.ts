import { DomainError, ValidationError } from '../../domain/shared/errors.js';
import { userProfileIdProblem } from '../../domain/profile/customer-profile.js';
import type { ProfileStore } from '../../domain/profile/profile-store.js';
import type { AnswerCache } from '../caching/answer-cache.js';
import { profileCacheKeys } from '../caching/cache-keys.js';

/** Erases a profile: afterwards neither its id nor any of its identifiers finds anything. */
export class EraseProfile {
  constructor(
    private readonly profiles: ProfileStore,
    private readonly answers: AnswerCache,
  ) {}

  async execute(userProfileId: string): Promise<void> {
    const problem = userProfileIdProblem(userProfileId);
    if (problem !== undefined) throw ValidationError.single('userProfileId', problem);
    let removed;
    try {
      removed = await this.profiles.delete(userProfileId);
    } catch (error) {
      // The erasure may have happened: forget at least what the id finds.
      await this.answers.invalidate(profileCacheKeys(userProfileId, { phones: [], emails: [], documents: [] }));
      throw error;
    }
    if (removed === undefined) throw new DomainError('PROFILE_NOT_FOUND', 'No profile has this id.');
    await this.answers.invalidate(profileCacheKeys(userProfileId, removed.identifiers));
  }
}
