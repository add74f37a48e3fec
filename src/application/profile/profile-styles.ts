import { styleTexts, type ShopperStyles } from '../../domain/profile/style-words.js';
import type { CustomerProfile } from '../../domain/profile/customer-profile.js';
import type { LookUpProfile } from './look-up-profile.js';

/** Profile reads started in the background at once, at most: a flood of new shoppers waits its turn (answered without style meanwhile). */
const MAX_READS_UNDER_WAY = 32;

const NONE: readonly string[] = Object.freeze([]);

/**
 * The style words of shoppers' profiles, from the profile lookup's cache (so they follow every
 * profile write and erasure as the lookups do, and expire with CACHE_TTL): a profile at hand
 * answers at once; one not at hand answers undefined and is read in the background, so that the
 * shopper's next requests have it. A shopper without a profile has no style words.
 */
export class ProfileStyles implements ShopperStyles {
  private readonly words = new WeakMap<CustomerProfile, readonly string[]>();
  private readonly reading = new Set<string>();

  constructor(private readonly profiles: LookUpProfile) {}

  styleOf(userId: string): readonly string[] | undefined {
    const profile = this.profiles.held(userId);
    if (profile === null) return NONE;
    if (profile === undefined) {
      this.readLater(userId);
      return undefined;
    }
    let words = this.words.get(profile);
    if (words === undefined) this.words.set(profile, (words = Object.freeze(styleTexts(profile.profile))));
    return words;
  }

  private readLater(userId: string): void {
    if (this.reading.has(userId) || this.reading.size >= MAX_READS_UNDER_WAY) return;
    this.reading.add(userId);
    // A failure (the store away) is the lookup's to report; the style is simply left out meanwhile.
    void this.profiles
      .execute({ by: 'userProfileId', value: userId })
      .catch(() => undefined)
      .finally(() => this.reading.delete(userId));
  }
}
