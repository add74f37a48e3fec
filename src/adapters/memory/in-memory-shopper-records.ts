import type { ShopperEvent } from '../../domain/events/shopper-event.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { RecentEvent } from '../../domain/product/similarity.js';
import {
  DEFAULT_SHOPPER_RECORD_LIMITS,
  type ShopperRecord,
  type ShopperRecordLimits,
  type ShopperRecords,
} from '../../domain/product/shopper-records.js';

interface SessionState {
  readonly events: RecentEvent[];
  owner: string | undefined;
  until: number;
}

interface ShopperState {
  readonly recent: RecentEvent[];
  readonly purchased: string[];
  readonly sessions: Set<string>;
  until: number;
}

/**
 * Sessions' and shoppers' records in this process's memory: one object shared by the instances of
 * a process (an embedder's, the tests'). Trimmed as Redis trims them; an expired record reads as
 * none (and is dropped when read).
 */
export class InMemoryShopperRecords implements ShopperRecords {
  private readonly sessions = new Map<string, SessionState>();
  private readonly shoppers = new Map<string, ShopperState>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: ShopperRecordLimits = DEFAULT_SHOPPER_RECORD_LIMITS,
  ) {}

  async append(events: readonly ShopperEvent[]): Promise<void> {
    const now = this.clock.now().getTime();
    for (const event of events) {
      const recent: RecentEvent = { productId: event.productId, type: event.type, at: event.at };
      const session = this.live(this.sessions, event.sessionId, now) ?? { events: [], owner: undefined, until: 0 };
      const earlier = [...session.events];
      session.events.push(recent);
      if (session.events.length > this.limits.eventsPerSession) session.events.shift();
      session.until = now + this.limits.sessionTtlMs;
      this.sessions.set(event.sessionId, session);
      const owner = event.userId ?? session.owner;
      if (owner === undefined) continue;
      const shopper = this.shopperState(owner, now);
      if (session.owner === undefined) {
        // The session turns out to be the shopper's: what it did before is theirs.
        session.owner = owner;
        shopper.sessions.add(event.sessionId);
        for (const before of earlier) this.remember(shopper, before);
      }
      this.remember(shopper, recent);
      shopper.until = now + this.limits.shopperTtlMs;
    }
  }

  async session(sessionId: string): Promise<readonly RecentEvent[]> {
    return [...(this.live(this.sessions, sessionId, this.clock.now().getTime())?.events ?? [])];
  }

  async shopper(userId: string): Promise<ShopperRecord | undefined> {
    const kept = this.live(this.shoppers, userId, this.clock.now().getTime());
    return kept === undefined ? undefined : { recent: [...kept.recent], purchased: [...kept.purchased] };
  }

  async erase(userId: string): Promise<void> {
    const kept = this.shoppers.get(userId);
    if (kept === undefined) return;
    for (const sessionId of kept.sessions) this.sessions.delete(sessionId);
    this.shoppers.delete(userId);
  }

  private shopperState(userId: string, now: number): ShopperState {
    let shopper = this.live(this.shoppers, userId, now);
    if (shopper === undefined) {
      shopper = { recent: [], purchased: [], sessions: new Set(), until: 0 };
      this.shoppers.set(userId, shopper);
    }
    return shopper;
  }

  /** Adds an event to a shopper's record once, in time order, trimmed; a purchase to their purchases, the latest last. */
  private remember(shopper: ShopperState, event: RecentEvent): void {
    const { recent, purchased } = shopper;
    const time = event.at.getTime();
    if (recent.some((e) => e.productId === event.productId && e.type === event.type && e.at.getTime() === time)) return;
    let at = recent.length;
    while (at > 0 && recent[at - 1]!.at.getTime() > time) at--;
    recent.splice(at, 0, event);
    if (recent.length > this.limits.eventsPerShopper) recent.shift();
    if (event.type !== 'purchase') return;
    const before = purchased.indexOf(event.productId);
    if (before >= 0) purchased.splice(before, 1);
    purchased.push(event.productId);
    if (purchased.length > this.limits.purchasesPerShopper) purchased.shift();
  }

  private live<T extends { until: number }>(map: Map<string, T>, key: string, now: number): T | undefined {
    const kept = map.get(key);
    if (kept === undefined || kept.until > now) return kept;
    map.delete(key);
    return undefined;
  }
}
