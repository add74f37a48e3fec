import type { AppendOutcome, EventPosition, EventStore, RecordedEvent } from '../../domain/events/event-store.js';
import {
  oldestKeptAt,
  type EventPolicy,
  type EventSource,
  type EventType,
  type ShopperEvent,
} from '../../domain/events/shopper-event.js';
import type { Clock } from '../../domain/shared/clock.js';
import type { Page } from '../../domain/shared/page.js';
import { TimeOrderedList } from './time-ordered-list.js';

/** An event as this store holds it: compact (the instant as a number), with its key in arrival order. */
interface Held {
  readonly key: number;
  readonly at: number;
  readonly type: EventType;
  readonly productId: string;
  readonly sessionId: string;
  readonly userId: string | undefined;
  readonly eventId: string | undefined;
  readonly recommendationId: string | undefined;
  readonly source: EventSource | undefined;
}

export interface InMemoryEventStoreOptions {
  /** The most events held; past it, the oldest (by `at`) are dropped first. */
  readonly maxEvents: number;
  /** Events older than the retention are dropped, as MongoDB's TTL index drops them. */
  readonly policy: EventPolicy;
}

/** Time order: the instant, then the key (arrival order). */
const byTime = (a: Pick<Held, 'at' | 'key'>, b: Pick<Held, 'at' | 'key'>) => a.at - b.at || a.key - b.key;

/**
 * Shopper events in this process's memory, for the embedded default and tests. Bounded: at most
 * `maxEvents` (the oldest dropped first), none older than the retention; the ids remembered to
 * spot duplicates are those of the events held, so they are bounded too (an id whose event was
 * dropped counts as new again). Events are kept in time order, with an index per session and per
 * user, so every read is a lookup and a walk from the newest; an append in time order (live
 * events) costs a push, a late one an insert into one chunk of the list (TimeOrderedList).
 */
export class InMemoryEventStore implements EventStore {
  /** Every event held, in time order. */
  private readonly events = new TimeOrderedList<Held>(byTime);
  private readonly bySession = new Map<string, Held[]>();
  private readonly byUser = new Map<string, Held[]>();
  private readonly byEventId = new Map<string, Held>();
  private nextKey = 1;

  constructor(
    private readonly options: InMemoryEventStoreOptions,
    private readonly clock: Clock,
  ) {}

  async append(events: readonly ShopperEvent[]): Promise<AppendOutcome> {
    const duplicates: number[] = [];
    const fresh: Held[] = [];
    events.forEach((event, index) => {
      if (event.eventId !== undefined && this.byEventId.has(event.eventId)) {
        duplicates.push(index);
        return;
      }
      const held = this.hold(event);
      if (held.eventId !== undefined) this.byEventId.set(held.eventId, held);
      fresh.push(held);
    });
    for (const held of fresh.sort(byTime)) this.events.insert(held);
    for (const held of fresh) {
      insertInTimeOrder(listOf(this.bySession, held.sessionId), held);
      if (held.userId !== undefined) insertInTimeOrder(listOf(this.byUser, held.userId), held);
    }
    this.prune();
    return { duplicates };
  }

  async scan(after: EventPosition | undefined, limit: number): Promise<Page<RecordedEvent>> {
    this.prune();
    const position = after === undefined ? undefined : { at: after.at.getTime(), key: Number(after.key) };
    const page = this.events.from((held) => position === undefined || byTime(held, position) > 0, limit);
    return { items: page.items.map(toRecorded), more: page.more };
  }

  async scanWindow(from: Date, until: Date, after: EventPosition | undefined, limit: number): Promise<Page<RecordedEvent>> {
    this.prune();
    const start = { at: from.getTime(), key: 0 };
    const position = after === undefined ? undefined : { at: after.at.getTime(), key: Number(after.key) };
    // From the later of the window's start and the position; keys start at 1, so key 0 is before any event of `from`.
    const beyond = position !== undefined && byTime(position, start) > 0 ? position : undefined;
    const end = until.getTime();
    // One more than the page: whether the window goes on after it.
    const page = this.events.from((held) => (beyond === undefined ? held.at >= start.at : byTime(held, beyond) > 0), limit + 1);
    const inWindow = page.items.filter((held) => held.at < end);
    return { items: inWindow.slice(0, limit).map(toRecorded), more: inWindow.length > limit };
  }

  async count(): Promise<number> {
    this.prune();
    return this.events.size;
  }

  async eraseUser(userId: string): Promise<number> {
    const own = this.byUser.get(userId);
    if (own === undefined) return 0;
    // A session is its shopper's from its start: its events without a user go with theirs.
    const erased = [...own];
    for (const sessionId of new Set(own.map((held) => held.sessionId))) {
      for (const held of this.bySession.get(sessionId) ?? []) if (held.userId === undefined) erased.push(held);
    }
    const gone = new Set(erased);
    this.events.removeWhere((held) => gone.has(held));
    const sessions = new Set<string>();
    for (const held of erased) {
      if (held.eventId !== undefined && this.byEventId.get(held.eventId) === held) this.byEventId.delete(held.eventId);
      sessions.add(held.sessionId);
    }
    for (const sessionId of sessions) {
      const left = this.bySession.get(sessionId)?.filter((held) => !gone.has(held)) ?? [];
      if (left.length === 0) this.bySession.delete(sessionId);
      else this.bySession.set(sessionId, left);
    }
    this.byUser.delete(userId);
    return erased.length;
  }

  private hold(event: ShopperEvent): Held {
    return {
      key: this.nextKey++,
      at: event.at.getTime(),
      type: event.type,
      productId: event.productId,
      sessionId: event.sessionId,
      userId: event.userId,
      eventId: event.eventId,
      recommendationId: event.recommendationId,
      source: event.source,
    };
  }

  /** Drops the events past the retention, then the oldest past the bound. */
  private prune(): void {
    const oldest = oldestKeptAt(this.clock.now(), this.options.policy).getTime();
    const dropped = this.events.dropOldest((event) => event.at < oldest, this.options.maxEvents);
    if (dropped.length > 0) this.forgetOldest(dropped);
  }

  /**
   * Removes dropped events from the indexes. They are the oldest events held, so in each session's
   * and user's list (kept in the same order) they are the first ones: one cut per list.
   */
  private forgetOldest(dropped: readonly Held[]): void {
    const perSession = new Map<string, number>();
    const perUser = new Map<string, number>();
    for (const held of dropped) {
      if (held.eventId !== undefined && this.byEventId.get(held.eventId) === held) this.byEventId.delete(held.eventId);
      perSession.set(held.sessionId, (perSession.get(held.sessionId) ?? 0) + 1);
      if (held.userId !== undefined) perUser.set(held.userId, (perUser.get(held.userId) ?? 0) + 1);
    }
    cutFronts(this.bySession, perSession);
    cutFronts(this.byUser, perUser);
  }
}

/** Removes the first `count` events of each list named. */
function cutFronts(index: Map<string, Held[]>, counts: ReadonlyMap<string, number>): void {
  for (const [id, count] of counts) {
    const list = index.get(id);
    if (list === undefined) continue;
    if (count >= list.length) index.delete(id);
    else list.splice(0, count);
  }
}

function toRecorded(held: Held): RecordedEvent {
  return {
    key: String(held.key),
    ...(held.eventId !== undefined ? { eventId: held.eventId } : {}),
    type: held.type,
    productId: held.productId,
    sessionId: held.sessionId,
    ...(held.userId !== undefined ? { userId: held.userId } : {}),
    at: new Date(held.at),
    ...(held.recommendationId !== undefined ? { recommendationId: held.recommendationId } : {}),
    ...(held.source !== undefined ? { source: held.source } : {}),
  };
}

function listOf(index: Map<string, Held[]>, id: string): Held[] {
  let list = index.get(id);
  if (list === undefined) index.set(id, (list = []));
  return list;
}

/** Inserts after every event of the same instant or earlier (its key is the largest yet). */
function insertInTimeOrder(list: Held[], held: Held): void {
  if (list.length === 0 || list[list.length - 1]!.at <= held.at) {
    list.push(held);
    return;
  }
  list.splice(
    firstIndex(list, 0, (other) => other.at > held.at),
    0,
    held,
  );
}

/** The first index from `from` whose event passes `after` (false before it, true from it on), or the length. */
function firstIndex(list: readonly Held[], from: number, after: (held: Held) => boolean): number {
  let low = from;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (after(list[middle]!)) high = middle;
    else low = middle + 1;
  }
  return low;
}
