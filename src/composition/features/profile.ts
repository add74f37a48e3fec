import { ContainerModule } from 'inversify';
import { AnswerCache } from '../../application/caching/answer-cache.js';
import { EraseProfile } from '../../application/profile/erase-profile.js';
import { LookUpProfile } from '../../application/profile/look-up-profile.js';
import { UpsertProfile } from '../../application/profile/upsert-profile.js';
import { UpsertProfiles } from '../../application/profile/upsert-profiles.js';
import { EventStoreToken } from '../../domain/events/event-store.js';
import { IdentifierPolicyToken } from '../../domain/profile/identifiers.js';
import { ProfileStoreToken } from '../../domain/profile/profile-store.js';
import { ClockToken } from '../../domain/shared/clock.js';
import { profileRoutes } from '../../adapters/http/profile/profile-routes.js';
import { bindClass, bindRoutes } from '../binding.js';

/** Who is this customer: profile lookups and writes, and their routes. */
export const profileModule = new ContainerModule(({ bind }) => {
  bindClass(bind, LookUpProfile, [ProfileStoreToken, IdentifierPolicyToken, AnswerCache]);
  bindClass(bind, UpsertProfile, [ProfileStoreToken, IdentifierPolicyToken, ClockToken, AnswerCache]);
  bindClass(bind, UpsertProfiles, [UpsertProfile]);
  bindClass(bind, EraseProfile, [ProfileStoreToken, AnswerCache, EventStoreToken]);
  bindRoutes(bind, profileRoutes, [LookUpProfile, UpsertProfile, UpsertProfiles, EraseProfile]);
});
