import type { CustomerProfile } from '../../domain/profile/customer-profile.js';
import { MomentLines, withMoment, type MomentPolicy } from '../../domain/profile/live-moment.js';
import type { ShopperMoments } from '../../domain/profile/shopper-moments.js';
import { RecentlyUsed } from '../shared/recently-used.js';

/** How many profiles' live answers are kept (the hot ones are asked again and again). */
const KEPT_ANSWERS = 10_000;

interface Kept {
  readonly stored: CustomerProfile;
  readonly version: number;
  readonly catalogVersion: number;
  readonly live: CustomerProfile;
}

/**
 * A profile as the lookups answer it: its `navegacoes` led by what the shopper is doing now (their
 * latest views, cart adds and purchases, as this instance learnt them), then the stored lines. A
 * profile whose shopper did nothing known is answered as stored, the very object. The live answer
 * is made once per change (a new event of the shopper, a catalog change, a new stored profile) and
 * then handed out as the same object, so its bytes and ETag are computed once too.
 */
export class LiveMoments {
  private readonly lines: MomentLines;
  private readonly kept = new RecentlyUsed<Kept>(KEPT_ANSWERS);

  constructor(
    private readonly shoppers: ShopperMoments,
    private readonly policy: MomentPolicy,
  ) {
    this.lines = new MomentLines(policy);
  }

  /** Whether `of` can answer this shopper's profile at once (nothing to load first). */
  ready(userProfileId: string): boolean {
    return !this.policy.enabled || this.shoppers.momentReady(userProfileId);
  }

  /** Loads what `of` reads of this shopper. */
  async prepare(userProfileId: string): Promise<void> {
    if (this.policy.enabled) await this.shoppers.loadMoment(userProfileId);
  }

  of(stored: CustomerProfile): CustomerProfile {
    if (!this.policy.enabled) return stored;
    const id = stored.userProfileId;
    const moment = this.shoppers.momentOf(id);
    if (moment === undefined) return stored;
    const { catalogVersion } = this.shoppers;
    const kept = this.kept.peek(id);
    if (kept?.stored === stored && kept.version === moment.version && kept.catalogVersion === catalogVersion) return kept.live;
    const lines = this.lines.lines(
      moment.recent,
      (productId) => this.shoppers.productName(productId),
      stored.profile.momento_compra_atual?.navegacoes ?? [],
    );
    const live = withMoment(stored, lines);
    this.kept.set(id, { stored, version: moment.version, catalogVersion, live });
    return live;
  }
}
