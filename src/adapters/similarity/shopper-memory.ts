/** One of a shopper's recent events, as the re-ranking reads it. */
export interface RecentEvent {
  readonly productId: string;
  readonly type: string;
  readonly at: Date;
}

/** What is remembered of one shopper (a `userId`). */
export interface UserMemory {
  /** Their last events (views, carts, purchases), oldest first. */
  readonly recent: readonly RecentEvent[];
  /** The products they bought. */
  readonly purchased: ReadonlySet<string>;
  /** Changes with every event learnt. */
  readonly version: number;
}

/** What is remembered of one session: the products it viewed, each with its last view. */
export interface SessionMemory {
  readonly viewed: ReadonlyMap<string, Date>;
}

export interface ShopperMemorySettings {
  /** The most shoppers remembered; beyond, the least recently active is forgotten (default 100,000). */
  readonly maxUsers?: number;
  /** The most sessions remembered; likewise (default 100,000). */
  readonly maxSessions?: number;
  /** The most recent events kept per shopper (default 50). */
  readonly recentPerUser?: number;
  /** The most purchases kept per shopper, the latest (default 500). */
  readonly purchasesPerUser?: number;
  /** The most viewed products kept per session, the latest viewed (default 50). */
  readonly viewsPerSession?: number;
}

/** Event types that say something of a shopper's taste. */
const TASTE_TYPES = new Set(['view', 'add_to_cart', 'purchase']);

interface UserState {
  readonly recent: RecentEvent[];
  readonly purchased: Set<string>;
  version: number;
}

interface SessionState {
  readonly viewed: Map<string, Date>;
}

/**
 * The recent past of shoppers and sessions, in memory and bounded: per `userId` their last events
 * and what they bought, per session what it viewed and when. Learnt from events in any order (an
 * event given twice is kept once); reads are lookups. A shopper or session not seen for a while
 * is forgotten first when the bounds are reached (a Map's order is its recency: a touched entry
 * is moved to the end).
 */
export class ShopperMemory {
  private readonly users = new Map<string, UserState>();
  private readonly sessions = new Map<string, SessionState>();
  private readonly maxUsers: number;
  private readonly maxSessions: number;
  private readonly recentPerUser: number;
  private readonly purchasesPerUser: number;
  private readonly viewsPerSession: number;

  constructor(settings: ShopperMemorySettings = {}) {
    this.maxUsers = settings.maxUsers ?? 100_000;
    this.maxSessions = settings.maxSessions ?? 100_000;
    this.recentPerUser = settings.recentPerUser ?? 50;
    this.purchasesPerUser = settings.purchasesPerUser ?? 500;
    this.viewsPerSession = settings.viewsPerSession ?? 50;
  }

  learn(event: {
    readonly type: string;
    readonly productId: string;
    readonly sessionId: string;
    readonly userId?: string | undefined;
    readonly at: Date;
  }): void {
    if (!TASTE_TYPES.has(event.type)) return;
    if (event.type === 'view') this.viewed(event.sessionId, event.productId, event.at);
    if (event.userId !== undefined) this.remember(event.userId, event);
  }

  forgetUser(userId: string): void {
    this.users.delete(userId);
  }

  user(userId: string): UserMemory | undefined {
    return this.users.get(userId);
  }

  session(sessionId: string): SessionMemory | undefined {
    return this.sessions.get(sessionId);
  }

  get stats(): { users: number; sessions: number } {
    return { users: this.users.size, sessions: this.sessions.size };
  }

  private viewed(sessionId: string, productId: string, at: Date): void {
    let session = this.sessions.get(sessionId);
    if (session === undefined) session = { viewed: new Map() };
    else this.sessions.delete(sessionId);
    this.sessions.set(sessionId, session);
    if (this.sessions.size > this.maxSessions) this.sessions.delete(this.sessions.keys().next().value!);
    const last = session.viewed.get(productId);
    if (last !== undefined && last.getTime() >= at.getTime()) return;
    session.viewed.delete(productId);
    session.viewed.set(productId, at);
    if (session.viewed.size > this.viewsPerSession) session.viewed.delete(session.viewed.keys().next().value!);
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
