import type { RecentEvent, ShopperHistory } from '../../domain/product/similarity.js';

export interface ShopperMemorySettings {
  /** Event types that say something of a shopper's taste; others are not kept. */
  readonly tasteTypes: ReadonlySet<string>;
  /** The most shoppers remembered; beyond, the least recently active is forgotten (default 100,000). */
  readonly maxUsers?: number;
  /** The most recent events kept per shopper (default 50). */
  readonly recentPerUser?: number;
  /** The most purchases kept per shopper, the latest (default 500). */
  readonly purchasesPerUser?: number;
}

interface UserState {
  readonly recent: RecentEvent[];
  readonly purchased: Set<string>;
  version: number;
}

/**
 * The recent past of shoppers, in memory and bounded: per `userId` their last events and what they
 * bought. Learnt from events in any order (an event given twice is kept once); reads are lookups.
 * A shopper not seen for a while is forgotten first when the bound is reached (a Map's order is
 * its recency: a touched entry is moved to the end). Sessions are the session index's.
 */
export class ShopperMemory {
  private readonly users = new Map<string, UserState>();
  private readonly maxUsers: number;
  private readonly recentPerUser: number;
  private readonly purchasesPerUser: number;

  constructor(private readonly settings: ShopperMemorySettings) {
    this.maxUsers = settings.maxUsers ?? 100_000;
    this.recentPerUser = settings.recentPerUser ?? 50;
    this.purchasesPerUser = settings.purchasesPerUser ?? 500;
  }

  learn(event: {
    readonly type: string;
    readonly productId: string;
    readonly userId?: string | undefined;
    readonly at: Date;
  }): void {
    if (event.userId === undefined || !this.settings.tasteTypes.has(event.type)) return;
    this.remember(event.userId, event);
  }

  forgetUser(userId: string): void {
    this.users.delete(userId);
  }

  user(userId: string): ShopperHistory | undefined {
    return this.users.get(userId);
  }

  get size(): number {
    return this.users.size;
  }

  private remember(userId: string, event: RecentEvent): void {
    let user = this.users.get(userId);
    if (user === undefined) user = { recent: [], purchased: new Set(), version: 0 };
    else this.users.delete(userId);
    this.users.set(userId, user);
    if (this.users.size > this.maxUsers) this.users.delete(this.users.keys().next().value!);
    const { recent } = user;
    const time = event.at.getTime();
    if (recent.some((e) => e.productId === event.productId && e.type === event.type && e.at.getTime() === time)) return;
    // Kept in time order: an event arriving late goes to its place.
    let at = recent.length;
    while (at > 0 && recent[at - 1]!.at.getTime() > time) at--;
    recent.splice(at, 0, { productId: event.productId, type: event.type, at: event.at });
    user.version++;
    if (recent.length > this.recentPerUser) recent.shift();
    if (event.type === 'purchase') {
      user.purchased.delete(event.productId);
      user.purchased.add(event.productId);
      if (user.purchased.size > this.purchasesPerUser) user.purchased.delete(user.purchased.values().next().value!);
    }
  }
}
