import type { Relearning, ShopperBehaviour } from '../../domain/events/shopper-behaviour.js';
import type { ShopperEvent } from '../../domain/events/shopper-event.js';
import { CoViewIndex, type CoViewSettings, type ScoredNeighbour } from './co-view-index.js';
import { ShopperMemory, type SessionMemory, type ShopperMemorySettings, type UserMemory } from './shopper-memory.js';

export interface BehaviourSettings {
  readonly coView?: CoViewSettings;
  readonly shoppers?: ShopperMemorySettings;
}

/** What is learnt, as one unit: replaced whole when learnt afresh. */
interface Learnt {
  readonly coView: CoViewIndex;
  readonly shoppers: ShopperMemory;
}

/** Versions of one learning fit below this; the learning's generation counts above it. */
const GENERATION = 2 ** 32;

/**
 * Live events kept while history is learnt afresh, to be learnt after it (at most this many: the
 * history read at the end holds the latest events anyway, so the ones beyond are not lost).
 */
const MAX_HELD_DURING_RELEARNING = 1_000_000;

/**
 * The shopper behaviour the similarity engine reads (ShopperBehaviour): the co-view index
 * (products seen together in sessions) and the shopper memory (each shopper's and session's
 * recent events), learnt event by event. Learning afresh builds a new pair beside the current one,
 * which keeps answering and learning (live events go to both) until the new one is finished and
 * takes its place at once.
 */
export class BehaviourModel implements ShopperBehaviour {
  private current: Learnt;
  /**
   * What is being learnt afresh, the live events held meanwhile (learnt after the history, in time
   * order), and the shoppers erased meanwhile (a page of history read before an erasure may still
   * hold their events).
   */
  private next: { readonly learnt: Learnt; held: ShopperEvent[]; readonly erased: Set<string> } | undefined;
  private generation = 0;

  constructor(private readonly settings: BehaviourSettings = {}) {
    this.current = this.fresh();
  }

  learn(events: readonly ShopperEvent[]): void {
    feed(this.current, events);
    const held = this.next?.held;
    if (held !== undefined) for (const event of events) if (held.length < MAX_HELD_DURING_RELEARNING) held.push(event);
  }

  /**
   * Learns afresh: the history is given in time order, then the live events that came meanwhile
   * (an event both read and held counts once: learning is idempotent), and the result replaces
   * what was known. Live events are not mixed into the history as it is read: sessions are told
   * apart by their events' times, and a live event would make the history look an hour old.
   */
  relearn(): Relearning {
    const next = { learnt: this.fresh(), held: [] as ShopperEvent[], erased: new Set<string>() };
    this.next = next;
    return {
      learn: (events) => {
        if (this.next !== next) return;
        const { erased } = next;
        feed(next.learnt, erased.size === 0 ? events : events.filter((e) => e.userId === undefined || !erased.has(e.userId)));
      },
      finish: () => {
        if (this.next !== next) return;
        feed(
          next.learnt,
          next.held.sort((a, b) => a.at.getTime() - b.at.getTime()),
        );
        this.current = next.learnt;
        this.next = undefined;
        this.generation++;
      },
      abandon: () => {
        if (this.next === next) this.next = undefined;
      },
    };
  }

  forgetUser(userId: string): void {
    this.current.shoppers.forgetUser(userId);
    if (this.next === undefined) return;
    this.next.erased.add(userId);
    this.next.learnt.shoppers.forgetUser(userId);
    this.next.held = this.next.held.filter((event) => event.userId !== userId);
  }

  /** Products gone from the catalog: their pairs are dropped (until the history is learnt afresh). */
  forget(productIds: readonly string[]): void {
    for (const id of productIds) {
      this.current.coView.remove(id);
      this.next?.learnt.coView.remove(id);
    }
  }

  neighbours(productId: string, k: number): readonly ScoredNeighbour[] {
    return this.current.coView.neighbours(productId, k);
  }

  evidence(productId: string): number {
    return this.current.coView.evidence(productId);
  }

  /** Changes whenever the product's behavioural neighbours or evidence may have (a new learning included). */
  versionOf(productId: string): number {
    return this.generation * GENERATION + this.current.coView.versionOf(productId);
  }

  user(userId: string): UserMemory | undefined {
    return this.current.shoppers.user(userId);
  }

  session(sessionId: string): SessionMemory | undefined {
    return this.current.shoppers.session(sessionId);
  }

  /** Sizes of what is learnt now: the co-view index's and the number of shoppers and sessions remembered. */
  get stats(): CoViewIndex['stats'] & { users: number; shopperSessions: number } {
    const { users, sessions } = this.current.shoppers.stats;
    return { ...this.current.coView.stats, users, shopperSessions: sessions };
  }

  private fresh(): Learnt {
    return { coView: new CoViewIndex(this.settings.coView), shoppers: new ShopperMemory(this.settings.shoppers) };
  }
}

function feed(learnt: Learnt, events: readonly ShopperEvent[]): void {
  for (const event of events) {
    learnt.coView.add({ sessionId: event.sessionId, productId: event.productId, type: event.type, at: event.at.getTime() });
    learnt.shoppers.learn(event);
  }
}
