import { token } from '../shared/token.js';
import type { ShopperEvent } from './shopper-event.js';

/**
 * What is learnt from shoppers' events, kept in memory beside the similarity engine: which products
 * shoppers see together, and each recent shopper's and session's events. It is derived from the
 * event store and nothing else: learnt afresh from it at start and periodically, and kept current
 * meanwhile with each event recorded here or heard of from another instance.
 */
export interface ShopperBehaviour {
  /** Learns from events just recorded or heard of. An event learnt twice changes next to nothing. */
  learn(events: readonly ShopperEvent[]): void;
  /** Forgets what is remembered of a shopper (their profile was erased; the store has erased their events). */
  forgetUser(userId: string): void;
  /**
   * Starts learning afresh from the store's history, beside what is known now (which still
   * answers, and still learns, until the new learning finishes and replaces it).
   */
  relearn(): Relearning;
}

/** Learning afresh: the history given in time order, then finished (it replaces what was known) or abandoned. */
export interface Relearning {
  learn(events: readonly ShopperEvent[]): void;
  finish(): void;
  abandon(): void;
}

export const ShopperBehaviourToken = token<ShopperBehaviour>('ShopperBehaviour');
