import type { Page } from '../shared/page.js';
import { token } from '../shared/token.js';
import type { ShopperEvent } from './shopper-event.js';

/** An event as a store holds it: with the store's own `key`, which orders events of the same instant. */
export interface RecordedEvent extends ShopperEvent {
  readonly key: string;
}

/** Where a scan goes on from: the instant and key of the last event of the page before. */
export interface EventPosition {
  readonly at: Date;
  readonly key: string;
}

/** What an append did: the indexes (in the given list) of the events not stored because their id was seen before. */
export interface AppendOutcome {
  readonly duplicates: readonly number[];
}

/**
 * Where shopper events live, for as long as the retention keeps them (a store may also drop the
 * oldest to stay within its size). Events are checked before they reach a store. The history is
 * read a page at a time, in time order: what instances learn from; nothing else reads events.
 */
export interface EventStore {
  /**
   * Stores the events. An event whose `eventId` the store holds already, or that an earlier event
   * of the same call gives, is not stored again: its index is reported as a duplicate. Events
   * without an `eventId` are always stored. Stored events are kept whatever happens to the others.
   */
  append(events: readonly ShopperEvent[]): Promise<AppendOutcome>;
  /**
   * The events after `after` (from the first when undefined) in time order, ties by key: at most
   * `limit`, and whether more follow. Go on from the last event's `{ at, key }`. For rebuilding
   * what is learnt from the history when an instance starts.
   */
  scan(after: EventPosition | undefined, limit: number): Promise<Page<RecordedEvent>>;
  /**
   * As `scan`, over the events whose instant is in `[from, until)` only: at most `limit` of them
   * after `after` (from the window's first when undefined), and whether more of the window follow.
   * A read of a stretch of the history (what a slice's products did while it was live).
   */
  scanWindow(from: Date, until: Date, after: EventPosition | undefined, limit: number): Promise<Page<RecordedEvent>>;
  /** How many events the store holds (on MongoDB, from the collection's metadata: close, not exact). */
  count(): Promise<number>;
  /**
   * Removes every event of the user, and the events without a user of every session their events
   * name (a session is its shopper's from its start); answers how many were removed.
   */
  eraseUser(userId: string): Promise<number>;
}

export const EventStoreToken = token<EventStore>('EventStore');
