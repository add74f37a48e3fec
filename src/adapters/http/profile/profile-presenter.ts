import type { CustomerProfile } from '../../../domain/profile/customer-profile.js';

/** Exactly the contract's CustomerProfile: `{ userProfileId, profile }`. */
export function presentProfile(profile: CustomerProfile) {
  return { userProfileId: profile.userProfileId, profile: profile.profile };
}
