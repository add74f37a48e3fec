import { DomainError, ValidationError } from '../../domain/shared/errors.js';
import type { EventStore } from '../../domain/events/event-store.js';
import { userProfileIdProblem } from '../../domain/profile/customer-profile.js';
import type { ProfileStore } from '../../domain/profile/profile-store.js';
import type { AnswerCache } from '../caching/answer-cache.js';
import type { EventFeed } from '../events/follow-events.js';
import { profileCacheKeys } from '../caching/cache-keys.js';

/**
 * Erases a profile: afterwards neither its id nor any of its identifiers finds anything, and no
 * shopper event names its id (the profile id is the events' `userId`), nor is left of a session
 * its events name (a session is its shopper's from its start). The events go first, and
 * go even when no profile has the id (the answer is then PROFILE_NOT_FOUND): a shopper known only
 * by events is erased all the same, and an erasure cut short is finished by asking again. What
 * every instance remembers of the shopper's recent events is forgotten with them.
 */
export class EraseProfile {
  constructor(
    private readonly profiles: ProfileStore,
    private readonly answers: AnswerCache,
    private readonly events: EventStore,
    private readonly feed: EventFeed,
  ) {}

  async execute(userProfileId: string): Promise<void> {
    const problem = userProfileIdProblem(userProfileId);
    if (problem !== undefined) throw ValidationError.single('userProfileId', problem);
    await this.events.eraseUser(userProfileId);
    await this.feed.erased(userProfileId);
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
