import type { RecentEvent } from '../product/similarity.js';
import { token } from '../shared/token.js';

/** A shopper's latest events, oldest first, and a version that changes with every event learnt of them and never repeats. */
export interface ShopperMoment {
  readonly recent: readonly RecentEvent[];
  readonly version: number;
}

/**
 * What shoppers are doing now, as this instance knows it (every instance learns every event, and
 * forgets an erased shopper at once): read by profile lookups, so every read is a memory lookup.
 */
export interface ShopperMoments {
  /** The shopper's moment (their `userId` is the profile id); undefined when no event of theirs is known. */
  momentOf(userId: string): ShopperMoment | undefined;
  /** A catalog product's name; undefined for a product the catalog does not hold. */
  productName(productId: string): string | undefined;
  /** Changes whenever the catalog does (a product's name may then be another). */
  readonly catalogVersion: number;
}

export const ShopperMomentsToken = token<ShopperMoments>('ShopperMoments');
