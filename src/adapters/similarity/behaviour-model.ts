import type { ShopperEvent } from '../../domain/events/shopper-event.js';
import type { MeasuringWalk } from './measuring-walk.js';
import type { NeighbourSessions, SessionQuery } from '../../domain/product/session-neighbours.js';
import { MAX_SIMILAR_LIMIT, type Relearning, type ShopperHistory } from '../../domain/product/similarity.js';
import type { SimilarityPolicy } from '../../domain/product/similarity-policy.js';
import { PopularityRanking } from './popularity-ranking.js';
import { ChangeCounter } from './change-counter.js';
import { SessionIndex } from './session-index.js';
import { ShopperMemory } from './shopper-memory.js';

/** The group of every product, beside the categories' (no category name can be it: names are trimmed, this is not printable). */
export const EVERY_PRODUCT = '\u0000every product';

export interface BehaviourSettings {
  /** The policy's numbers the structures need: event weights, half-life, visit gap, sessions per product, popular pool. */
  readonly policy: SimilarityPolicy;
  /** A product's category as the catalog says now (undefined: none, or not in the catalog). */
  readonly categoryOf: (productId: string) => string | undefined;
  /** The ids of a category's products, to rebuild its ranking. */
  readonly membersOf: (category: string) => Iterable<string>;
  readonly counter: ChangeCounter;
  /** The most sessions kept (default: SessionIndex's). */
  readonly maxSessions?: number | undefined;
}

/** What is learnt, as one unit: replaced whole when learnt afresh. */
interface Learnt {
  readonly sessions: SessionIndex;
  readonly shoppers: ShopperMemory;
  readonly popular: PopularityRanking;
}

/**
 * Live events kept while history is learnt afresh, to be learnt after it (at most this many: the
 * history read at the end holds the latest events anyway, so the ones beyond are not lost).
 */
const MAX_HELD_DURING_RELEARNING = 1_000_000;

/** Each group's ranking keeps this many times the places answers read, so a few products leaving it cost no rebuild. */
const RANKING_ROOM = 4;

/** The places of a ranking answers read: the category's pool, or a whole answer's top-up from every product. */
const rankingDepth = (policy: SimilarityPolicy): number => Math.max(policy.popularPool, MAX_SIMILAR_LIMIT + 1);

/**
 * What the similarity index learns from shoppers' events: their sessions (SessionIndex), each
 * product's popularity ranked per category and overall (PopularityRanking), and each shopper's
 * recent past (ShopperMemory), learnt event by event. Learning afresh builds a new unit beside the
 * current one, which keeps answering and learning (live events go to both) until the new one is
 * finished and takes its place at once.
 */
export class BehaviourModel {
  private current: Learnt;
  /**
   * What is being learnt afresh, the live events held meanwhile (learnt after the history, in time
   * order), and the shoppers erased meanwhile (a page of history read before an erasure may still
   * hold their events).
   */
  private next: { readonly learnt: Learnt; held: ShopperEvent[]; readonly erased: Set<string> } | undefined;
  /** The counter's value when the current learning took over. */
  private learntAt = 0;

  constructor(private readonly settings: BehaviourSettings) {
    this.current = this.fresh();
  }

  learn(events: readonly ShopperEvent[]): void {
    this.feed(this.current, events);
    const held = this.next?.held;
    if (held !== undefined) for (const event of events) if (held.length < MAX_HELD_DURING_RELEARNING) held.push(event);
  }

  /**
   * Learns afresh: the history is given in time order, then the live events that came meanwhile
   * (an event both read and held counts twice towards popularity and once elsewhere), and the
   * result replaces what was known.
   */
  relearn(): Relearning {
    const next = { learnt: this.fresh(), held: [] as ShopperEvent[], erased: new Set<string>() };
    this.next = next;
    return {
      learn: (events) => {
        if (this.next !== next) return;
        const { erased } = next;
        this.feed(
          next.learnt,
          erased.size === 0 ? events : events.filter((e) => e.userId === undefined || !erased.has(e.userId)),
        );
      },
      finish: () => {
        if (this.next !== next) return;
        this.feed(
          next.learnt,
          next.held.sort((a, b) => a.at.getTime() - b.at.getTime()),
        );
        this.current = next.learnt;
        this.next = undefined;
        this.learntAt = this.settings.counter.nextForEverything();
      },
      abandon: () => {
        if (this.next === next) this.next = undefined;
      },
    };
  }

  /** Forgets a shopper: their history and every session their events named. */
  forgetUser(userId: string): void {
    for (const learnt of [this.current, this.next?.learnt]) {
      learnt?.shoppers.forgetUser(userId);
      learnt?.sessions.forgetUser(userId);
    }
    if (this.next === undefined) return;
    this.next.erased.add(userId);
    this.next.held = this.next.held.filter((event) => event.userId !== userId);
  }

  /** Products gone from the catalog: they leave sessions and rankings (until the history is learnt afresh). */
  forget(productIds: readonly string[], categoryOf: (id: string) => string | undefined): void {
    for (const learnt of [this.current, this.next?.learnt]) {
      if (learnt === undefined) continue;
      for (const id of productIds) {
        const category = categoryOf(id);
        if (category !== undefined) learnt.popular.remove(category, id);
        learnt.popular.remove(EVERY_PRODUCT, id);
        learnt.sessions.remove(id);
      }
    }
  }

  /** A product moved from one category to another: its popularity goes with it. */
  moved(productId: string, from: string | undefined, to: string | undefined): void {
    for (const learnt of [this.current, this.next?.learnt]) {
      if (learnt === undefined) continue;
      if (from !== undefined) learnt.popular.remove(from, productId);
      const key = learnt.sessions.popularityOf(productId);
      if (to !== undefined && key > Number.NEGATIVE_INFINITY) learnt.popular.raise(to, productId, key);
    }
  }

  /** A product became available or unavailable: the rankings that list it read differently (popular() shows available products only). */
  availabilityChanged(productId: string, category: string | undefined): void {
    const { popular } = this.current;
    if (category !== undefined) popular.touch(category, productId);
    popular.touch(EVERY_PRODUCT, productId);
  }

  sessionProducts(sessionId: string, now: number, current?: string): readonly string[] {
    return this.current.sessions.sessionProducts(sessionId, now, current);
  }

  nearest(query: SessionQuery, k: number, perProduct: number, exclude?: string): NeighbourSessions {
    return this.current.sessions.nearest(query, k, perProduct, exclude);
  }

  evidence(productId: string): number {
    return this.current.sessions.evidence(productId);
  }

  /** The most popular products of a group (a category, or EVERY_PRODUCT), best first; rebuilt first when products left it. */
  popular(group: string): readonly string[] {
    const { popular, sessions } = this.current;
    if (popular.needsRebuild(group)) {
      const members = group === EVERY_PRODUCT ? undefined : this.settings.membersOf(group);
      popular.rebuild(
        group,
        members === undefined ? sessions.ranked() : Array.from(members, (id) => [id, sessions.popularityOf(id)] as const),
      );
    }
    return popular.top(group);
  }

  /**
   * The counter's value at the last change that may change answers for the product: its sessions,
   * its category's ranking (every product's, without one), a new learning. Without a product: the
   * overall ranking's and a new learning's.
   */
  stampOf(productId: string | undefined, category: string | undefined): number {
    const { sessions, popular } = this.current;
    const own = productId === undefined ? 0 : sessions.stampOf(productId);
    return Math.max(this.learntAt, own, popular.stampOf(category ?? EVERY_PRODUCT));
  }

  /** The counter's value at the last change to the sessions that saw the product, or a new learning. */
  sessionStampOf(productId: string): number {
    return Math.max(this.learntAt, this.current.sessions.stampOf(productId));
  }

  /** The counter's value at the last change to a group's ranking (a category, or EVERY_PRODUCT), or a new learning. */
  rankingStampOf(group: string): number {
    return Math.max(this.learntAt, this.current.popular.stampOf(group));
  }

  user(userId: string): ShopperHistory | undefined {
    return this.current.shoppers.user(userId);
  }

  /** Sizes of what is learnt now: the session index's and the number of shoppers remembered. */
  get stats(): SessionIndex['stats'] & { users: number } {
    return { ...this.current.sessions.stats, users: this.current.shoppers.size };
  }

  /** The sizes but the bytes: read at once. */
  get counts(): SessionIndex['counts'] & { users: number } {
    return { ...this.current.sessions.counts, users: this.current.shoppers.size };
  }

  /** The bytes the session index holds, measured in a walk with pauses. */
  measureBytes(): MeasuringWalk {
    return this.current.sessions.measureBytes();
  }

  private fresh(): Learnt {
    const { policy, counter, maxSessions } = this.settings;
    return {
      sessions: new SessionIndex({
        eventWeights: policy.eventWeights,
        popularityHalfLifeMs: policy.popularityHalfLifeMs,
        visitGapMs: policy.visitGapMs,
        sessionsPerProduct: policy.sessionsPerProduct,
        maxSessions,
        counter,
      }),
      shoppers: new ShopperMemory({ tasteTypes: new Set(Object.keys(policy.eventWeights)), counter }),
      popular: new PopularityRanking(RANKING_ROOM * rankingDepth(policy), rankingDepth(policy), counter),
    };
  }

  private feed(learnt: Learnt, events: readonly ShopperEvent[]): void {
    const { categoryOf } = this.settings;
    for (const event of events) {
      const { productId } = event;
      learnt.sessions.add({
        sessionId: event.sessionId,
        productId,
        userId: event.userId,
        type: event.type,
        at: event.at.getTime(),
      });
      learnt.shoppers.learn(event);
      const key = learnt.sessions.popularityOf(productId);
      if (key === Number.NEGATIVE_INFINITY) continue;
      const category = categoryOf(productId);
      if (category !== undefined) learnt.popular.raise(category, productId, key);
      learnt.popular.raise(EVERY_PRODUCT, productId, key);
    }
  }
}
