import type { ShopperEvent } from '../../domain/events/shopper-event.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { RecentEvent } from '../../domain/product/similarity.js';
import {
  DEFAULT_SHOPPER_RECORD_LIMITS,
  type ShopperRecord,
  type ShopperRecordLimits,
  type ShopperRecords,
} from '../../domain/product/shopper-records.js';

interface Kept<T> {
  value: T;
  until: number;
}

/**
 * Sessions' and shoppers' records in this process's memory: one object shared by the instances of
 * a process (an embedder's, the tests'). Trimmed as Redis trims them; an expired record reads as
 * none (and is dropped when read).
 */
export class InMemoryShopperRecords implements ShopperRecords {
  private readonly sessions = new Map<string, Kept<RecentEvent[]>>();
  private readonly shoppers = new Map<string, Kept<{ recent: RecentEvent[]; purchased: string[]; sessions: Set<string> }>>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: ShopperRecordLimits = DEFAULT_SHOPPER_RECORD_LIMITS,
  ) {}

  async append(events: readonly ShopperEvent[]): Promise<void> {
    const now = this.clock.now().getTime();
    const { limits } = this;
    for (const event of events) {
      const recent: RecentEvent = { productId: event.productId, type: event.type, at: event.at };
      const session = this.live(this.sessions, event.sessionId, now) ?? { value: [], until: 0 };
      pushTrimmed(session.value, recent, limits.eventsPerSession);
      session.until = now + limits.sessionTtlMs;
      this.sessions.set(event.sessionId, session);
      if (event.userId === undefined) continue;
      const shopper = this.live(this.shoppers, event.userId, now) ?? {
        value: { recent: [], purchased: [], sessions: new Set<string>() },
        until: 0,
      };
      pushTrimmed(shopper.value.recent, recent, limits.eventsPerShopper);
      if (event.type === 'purchase' && !shopper.value.purchased.includes(event.productId))
        pushTrimmed(shopper.value.purchased, event.productId, limits.purchasesPerShopper);
      shopper.value.sessions.add(event.sessionId);
      shopper.until = now + limits.shopperTtlMs;
      this.shoppers.set(event.userId, shopper);
    }
  }

  async session(sessionId: string): Promise<readonly RecentEvent[]> {
    return [...(this.live(this.sessions, sessionId, this.clock.now().getTime())?.value ?? [])];
  }

  async shopper(userId: string): Promise<ShopperRecord | undefined> {
    const kept = this.live(this.shoppers, userId, this.clock.now().getTime());
    return kept === undefined ? undefined : { recent: [...kept.value.recent], purchased: [...kept.value.purchased] };
  }

  async forgetUser(userId: string): Promise<void> {
    const kept = this.shoppers.get(userId);
    if (kept === undefined) return;
    for (const sessionId of kept.value.sessions) this.sessions.delete(sessionId);
    this.shoppers.delete(userId);
  }

  private live<T>(map: Map<string, Kept<T>>, key: string, now: number): Kept<T> | undefined {
    const kept = map.get(key);
    if (kept === undefined || kept.until > now) return kept;
    map.delete(key);
    return undefined;
  }
}

function pushTrimmed<T>(list: T[], item: T, most: number): void {
  list.push(item);
  if (list.length > most) list.splice(0, list.length - most);
}
