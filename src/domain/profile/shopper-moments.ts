import type { RecentEvent } from '../product/similarity.js';
import { token } from '../shared/token.js';

/** A shopper's latest events, oldest first, and a version that changes with every event learnt of them and never repeats. */
export interface ShopperMoment {
  readonly recent: readonly RecentEvent[];
  readonly version: number;
}

/**
 * What shoppers are doing now, as this instance knows it (every instance learns every event, and
 * forgets an erased shopper at once; or, where the lists are shared, as the shared records say):
 * read by profile lookups, so every read is a memory lookup once prepared.
 */
export interface ShopperMoments {
  /** Whether `momentOf(userId)` reads what is known now without loading first (where everything is in this process's memory). */
  momentReady(userId: string): boolean;
  /** Loads what `momentOf(userId)` and the names of its products read (the shared records, where they are shared). */
  loadMoment(userId: string): Promise<void>;
  /** The shopper's moment (their `userId` is the profile id); undefined when no event of theirs is known. */
  momentOf(userId: string): ShopperMoment | undefined;
  /** A catalog product's name; undefined for a product the catalog does not hold. */
  productName(productId: string): string | undefined;
  /** Changes whenever the catalog does (a product's name may then be another). */
  readonly catalogVersion: number;
}

export const ShopperMomentsToken = token<ShopperMoments>('ShopperMoments');
