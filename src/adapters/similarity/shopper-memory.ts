import type { RecentEvent, ShopperHistory } from '../../domain/product/similarity.js';
import { ChangeCounter } from './change-counter.js';
import { RecentlyUsed } from '../../application/shared/recently-used.js';

export interface ShopperMemorySettings {
  /** Event types that say something of a shopper's taste; others are not kept. */
  readonly tasteTypes: ReadonlySet<string>;
  /** The most shoppers remembered; beyond, the least recently active is forgotten (default 100,000). */
  readonly maxUsers?: number;
  /** The most recent events kept per shopper (default 50). */
  readonly recentPerUser?: number;
  /** The most purchases kept per shopper, the latest (default 500). */
  readonly purchasesPerUser?: number;
  /** The most sessions whose anonymous events are kept, waiting for the shopper to sign in (default 100,000). */
  readonly maxSessions?: number;
  /** The most anonymous events kept per session, the latest (default 20). */
  readonly anonymousPerSession?: number;
  /** Gives every change its version: shared with the session index, so a version never repeats, even across learnings. */
  readonly counter?: ChangeCounter;
}

interface UserState {
  readonly recent: RecentEvent[];
  readonly purchased: Set<string>;
  version: number;
}

/** A session's events before its shopper is known, or the shopper it is known to be. */
interface SessionState {
  readonly anonymous: RecentEvent[];
  owner: string | undefined;
}

/**
 * The recent past of shoppers, in memory and bounded: per `userId` their last events and what they
 * bought. Learnt from events in any order (an event given twice is kept once); reads are lookups.
 * A shopper not seen for a while is forgotten first when the bound is reached (a Map's order is
 * its recency: a touched entry is moved to the end).
 *
 * A session is its shopper's from its start: the events a session sends before one of its events
 * names a `userId` are kept by session, and become that shopper's once it does (as do the
 * session's later events without one). Forgetting a shopper forgets their sessions too.
 */
export class ShopperMemory {
  private readonly users: RecentlyUsed<UserState>;
  /** Sessions, the least recently seen forgotten first past the bound (and then no longer counted as their owner's). */
  private readonly sessions: RecentlyUsed<SessionState>;
  private readonly sessionsOfUser = new Map<string, Set<string>>();
  private readonly counter: ChangeCounter;
  private readonly maxSessions: number;
  private readonly anonymousPerSession: number;
  private readonly maxUsers: number;
  private readonly recentPerUser: number;
  private readonly purchasesPerUser: number;

  constructor(private readonly settings: ShopperMemorySettings) {
    this.maxUsers = settings.maxUsers ?? 100_000;
    this.recentPerUser = settings.recentPerUser ?? 50;
    this.purchasesPerUser = settings.purchasesPerUser ?? 500;
    this.maxSessions = settings.maxSessions ?? 100_000;
    this.anonymousPerSession = settings.anonymousPerSession ?? 20;
    this.counter = settings.counter ?? new ChangeCounter();
    this.users = new RecentlyUsed(Math.max(1, this.maxUsers));
    this.sessions = new RecentlyUsed(Math.max(1, this.maxSessions), (state, sessionId) => {
      if (state.owner !== undefined) this.sessionsOfUser.get(state.owner)?.delete(sessionId);
    });
  }

  learn(event: {
    readonly type: string;
    readonly productId: string;
    readonly sessionId: string;
    readonly userId?: string | undefined;
    readonly at: Date;
  }): void {
    if (!this.settings.tasteTypes.has(event.type)) return;
    const session = this.sessionOf(event.sessionId);
    const userId = event.userId ?? session.owner;
    if (userId === undefined) {
      session.anonymous.push({ productId: event.productId, type: event.type, at: event.at });
      if (session.anonymous.length > this.anonymousPerSession) session.anonymous.shift();
      return;
    }
    if (session.owner === undefined) this.claim(event.sessionId, session, userId);
    this.remember(userId, event);
  }

  /** Forgets a shopper: their events, and the sessions that were theirs. */
  forgetUser(userId: string): void {
    this.users.delete(userId);
    for (const sessionId of this.sessionsOfUser.get(userId) ?? []) this.sessions.delete(sessionId);
    this.sessionsOfUser.delete(userId);
  }

  user(userId: string): ShopperHistory | undefined {
    return this.users.peek(userId);
  }

  get size(): number {
    return this.users.size;
  }

  /** The session's state, made when first seen; the least recently seen session goes first past the bound. */
  private sessionOf(sessionId: string): SessionState {
    let session = this.sessions.get(sessionId);
    if (session === undefined) this.sessions.set(sessionId, (session = { anonymous: [], owner: undefined }));
    return session;
  }

  /** The session turns out to be the shopper's: what it did before is theirs. */
  private claim(sessionId: string, session: SessionState, userId: string): void {
    session.owner = userId;
    let owned = this.sessionsOfUser.get(userId);
    if (owned === undefined) this.sessionsOfUser.set(userId, (owned = new Set()));
    owned.add(sessionId);
    for (const earlier of session.anonymous.splice(0)) this.remember(userId, earlier);
  }

  private remember(userId: string, event: RecentEvent): void {
    let user = this.users.get(userId);
    if (user === undefined) this.users.set(userId, (user = { recent: [], purchased: new Set(), version: 0 }));
    const { recent } = user;
    const time = event.at.getTime();
    if (recent.some((e) => e.productId === event.productId && e.type === event.type && e.at.getTime() === time)) return;
    // Kept in time order: an event arriving late goes to its place.
    let at = recent.length;
    while (at > 0 && recent[at - 1]!.at.getTime() > time) at--;
    recent.splice(at, 0, { productId: event.productId, type: event.type, at: event.at });
    user.version = this.counter.next();
    if (recent.length > this.recentPerUser) recent.shift();
    if (event.type === 'purchase') {
      user.purchased.delete(event.productId);
      user.purchased.add(event.productId);
      if (user.purchased.size > this.purchasesPerUser) user.purchased.delete(user.purchased.values().next().value!);
    }
  }
}
