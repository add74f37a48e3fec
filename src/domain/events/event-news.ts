import { token } from '../shared/token.js';
import type { ShopperEvent } from './shopper-event.js';

/** Told of the events other instances recorded. */
export interface EventNewsListener {
  /** Events another instance recorded (and stored): learn from them. */
  received(events: readonly ShopperEvent[]): void;
  /** Shoppers another instance erased: forget what is remembered of them. */
  erased(userIds: readonly string[]): void;
  /** News may have been lost (the connection to the other instances dropped): learn afresh from the store. */
  missedSome(): void;
}

/**
 * News of recorded events between the instances that share one event store, so that each learns
 * from every event as it comes. The events published are already stored: the store stays the one
 * source of truth, and an instance that may have missed some learns from it afresh. Publishing
 * never fails a write: news that cannot be sent now is sent as soon as it can be.
 */
export interface EventNews {
  publish(events: readonly ShopperEvent[]): Promise<void>;
  /** Tells the other instances that these shoppers were erased. */
  publishErased(userIds: readonly string[]): Promise<void>;
  subscribe(listener: EventNewsListener): void;
}

export const EventNewsToken = token<EventNews>('EventNews');
