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
import { bindClass, bindFactory, bindRoutes } from '../binding.js';
import { EventFeedToken } from '../../application/events/follow-events.js';
import { ProfileStyles } from '../../application/profile/profile-styles.js';
import { ShopperStylesToken, type ShopperStyles } from '../../domain/profile/style-words.js';
import { LiveMoments } from '../../application/profile/live-moments.js';
import { MomentPolicyToken } from '../../domain/profile/live-moment.js';
import { ShopperMomentsToken } from '../../domain/profile/shopper-moments.js';

/** Who is this customer: profile lookups and writes, their routes, and the style words shoppers' answers are re-ranked by. */
export const profileModule = new ContainerModule(({ bind }) => {
  bindClass(bind, LiveMoments, [ShopperMomentsToken, MomentPolicyToken]);
  bindClass(bind, LookUpProfile, [ProfileStoreToken, IdentifierPolicyToken, AnswerCache, LiveMoments]);
  bindClass(bind, UpsertProfile, [ProfileStoreToken, IdentifierPolicyToken, ClockToken, AnswerCache]);
  bindClass(bind, UpsertProfiles, [UpsertProfile]);
  bindClass(bind, EraseProfile, [ProfileStoreToken, AnswerCache, EventStoreToken, EventFeedToken]);
  bindClass(bind, ProfileStyles, [LookUpProfile]);
  bindFactory(bind, ShopperStylesToken, (styles: ProfileStyles): ShopperStyles => styles, [ProfileStyles]);
  bindRoutes(bind, profileRoutes, [LookUpProfile, UpsertProfile, UpsertProfiles, EraseProfile]);
});
