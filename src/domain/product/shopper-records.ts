import type { ShopperEvent } from '../events/shopper-event.js';
import { token } from '../shared/token.js';
import type { RecentEvent } from './similarity.js';

/** What is kept of a shopper across instances: their latest events (oldest first) and what they bought. */
export interface ShopperRecord {
  readonly recent: readonly RecentEvent[];
  readonly purchased: readonly string[];
}

/** How much the records keep and for how long. */
export interface ShopperRecordLimits {
  /** The latest events kept per session (oldest dropped first). */
  readonly eventsPerSession: number;
  /** A session's record is dropped this long after its last event. */
  readonly sessionTtlMs: number;
  /** The latest events kept per shopper. */
  readonly eventsPerShopper: number;
  /** The latest purchases kept per shopper. */
  readonly purchasesPerShopper: number;
  /** A shopper's record is dropped this long after their last event. */
  readonly shopperTtlMs: number;
}

/**
 * The recent past of sessions and shoppers, shared by every instance of a deployment (written by
 * the instance that records an event, read by any that answers): small, trimmed and expiring
 * records, so that any instance answers a session the same.
 *
 * A session is its shopper's from its start: once one of its events names a `userId`, the events
 * it had before join that shopper's record, as do its later events that name nobody. A shopper's
 * events are kept in time order (one arriving late goes to its place), each once.
 */
export interface ShopperRecords {
  /** Adds recorded events to their sessions' and shoppers' records. */
  append(events: readonly ShopperEvent[]): Promise<void>;
  /** The session's latest events, oldest first (none when unknown or expired). */
  session(sessionId: string): Promise<readonly RecentEvent[]>;
  /** The shopper's record; undefined when nothing of them is kept. */
  shopper(userId: string): Promise<ShopperRecord | undefined>;
  /** Forgets a shopper and the sessions their events named (their profile was erased). */
  erase(userId: string): Promise<void>;
}

export const ShopperRecordsToken = token<ShopperRecords>('ShopperRecords');

export const DEFAULT_SHOPPER_RECORD_LIMITS: ShopperRecordLimits = Object.freeze({
  eventsPerSession: 50,
  sessionTtlMs: 24 * 3_600_000,
  eventsPerShopper: 50,
  purchasesPerShopper: 500,
  shopperTtlMs: 30 * 86_400_000,
});
