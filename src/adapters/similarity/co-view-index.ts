import { PairWeights } from './pair-weights.js';

/** One thing a shopper did to a product, as the index reads it. */
export interface BehaviourEvent {
  readonly sessionId: string;
  readonly productId: string;
  /** `view`, `add_to_cart` or `purchase`; a type without a weight (a recommendation click, say) is ignored. */
  readonly type: string;
  /** When, in epoch milliseconds. */
  readonly at: number;
}

/** A behavioural neighbour and how strongly shoppers tie it to the product, from 0 to 1. */
export interface ScoredNeighbour {
  readonly productId: string;
  readonly score: number;
}

export const DEFAULT_EVENT_WEIGHTS: Readonly<Record<string, number>> = Object.freeze({ view: 1, add_to_cart: 3, purchase: 5 });

export interface CoViewSettings {
  /** How much each event type says (default view 1, add_to_cart 3, purchase 5); types not listed are ignored. */
  readonly weights?: Readonly<Record<string, number>>;
  /** Two products of a session pair only when seen within this many milliseconds of each other (default 30 minutes). */
  readonly windowMs?: number;
  /**
   * A session is forgotten once its last event is this much older than the newest event the
   * index has seen (checked every quarter of it), and starts afresh when its own next event comes
   * this much later (default 1 hour).
   */
  readonly sessionTtlMs?: number;
  /** The most sessions remembered at once; at the cap, the least recently active tenth is forgotten (default 100,000). */
  readonly maxSessions?: number;
  /** The most products a session remembers; a new one pushes out the least recently seen (default 50). */
  readonly maxProductsPerSession?: number;
  /** Events of a session beyond this many are ignored: a crawler, not a shopper (default 500). */
  readonly maxEventsPerSession?: number;
  /** The partners kept per product; a list that grows half as large again is cut back to the strongest (default 128). */
  readonly maxPairsPerProduct?: number;
  /** The most neighbours one `neighbours` call answers (default 100). */
  readonly maxNeighbours?: number;
  /** Shrinkage λ: a pair's score is multiplied by co / (co + λ), so pairs seen rarely count less (default 3). */
  readonly shrinkage?: number;
}

/** One product a session has seen: its strongest event's weight, when it was last seen, whether it paired. */
interface SessionItem {
  readonly slot: number;
  strength: number;
  at: number;
  paired: boolean;
}

interface SessionState {
  readonly items: SessionItem[];
  events: number;
  lastAt: number;
}

/** Removed products' slots are given to new products once this many wait (the lists holding them are swept first). */
const SWEEP_AFTER = 256;

/** Rough bytes of a remembered session and of one of its products, for the estimate. */
const SESSION_BYTES = 96;
const SESSION_ITEM_BYTES = 48;
const PRODUCT_BYTES = 64;

/**
 * "Shoppers who viewed this also viewed": item-to-item neighbours learnt from sessions, one event
 * at a time. Pure (no I/O, no clock: time is the events' own), deterministic.
 *
 * Within a session each product has a strength, the weight of its strongest event (a view 1, a
 * cart 3, a purchase 5 by default; a second view adds nothing). Two products of a session seen
 * within `windowMs` of each other co-occur with the product of their strengths, so co(a, b) sums
 * s(a)·s(b) over sessions and n(a) sums s(a)² over them: the cosine of the products' session
 * vectors. When an event raises a product's strength by d, every product the session saw within
 * the window gains d·s(other) with it, so a session's pairs add up to exactly s(a)·s(b) whatever
 * the order of its events, and each event costs at most `maxProductsPerSession` updates.
 *
 * A pair's score is co / sqrt(n(a)·n(b)) (so a product in every session does not top every list)
 * times co / (co + λ) (so one session's coincidence counts for little). `evidence` is the number of
 * sessions in which the product was seen with another one: the engine trusts behavioural
 * neighbours from a threshold of its own.
 *
 * Bounds: at most `maxSessions` sessions of `maxProductsPerSession` products each; a product keeps
 * between `maxPairsPerProduct` and 1.5 times as many partners (the weakest by score are dropped when
 * the list reaches the upper bound; with integer weights, no list cut and no session forgotten
 * mid-way, the result does not depend on how sessions interleave). A session that saw more than
 * `maxProductsPerSession` products forgets the least recently seen, and counts it afresh if seen again. Reading a list scores those partners and sorts them: its cost
 * depends on the cap, not on the catalog's size.
 */
export class CoViewIndex {
  private readonly slotOf = new Map<string, number>();
  private readonly ids: (string | undefined)[] = [];
  private readonly tables: (PairWeights | undefined)[] = [];
  private norms = new Float64Array(1024);
  private evidences = new Uint32Array(1024);
  /** Per product, a count of the changes to its pairs, norm or evidence: its list is the same while this is. */
  private stamps = new Uint32Array(1024);
  /** Slots of removed products, until the lists and sessions that may hold them are swept. */
  private readonly dead = new Set<number>();
  private readonly free: number[] = [];
  private readonly sessions = new Map<string, SessionState>();
  private newest = Number.NEGATIVE_INFINITY;
  /** The newest event's time when stale sessions were last forgotten. */
  private sweptAt = Number.NEGATIVE_INFINITY;
  private counted = 0;
  private ignored = 0;
  private changes = 0;
  private readonly weights: Readonly<Record<string, number>>;
  private readonly windowMs: number;
  private readonly sessionTtlMs: number;
  private readonly maxSessions: number;
  private readonly maxProductsPerSession: number;
  private readonly maxEventsPerSession: number;
  private readonly maxPairs: number;
  private readonly pruneAt: number;
  private readonly maxNeighbours: number;
  private readonly shrinkage: number;

  constructor(settings: CoViewSettings = {}) {
    this.weights = settings.weights ?? DEFAULT_EVENT_WEIGHTS;
    this.windowMs = settings.windowMs ?? 30 * 60_000;
    this.sessionTtlMs = settings.sessionTtlMs ?? 60 * 60_000;
    this.maxSessions = settings.maxSessions ?? 100_000;
    this.maxProductsPerSession = Math.max(2, settings.maxProductsPerSession ?? 50);
    this.maxEventsPerSession = settings.maxEventsPerSession ?? 500;
    this.maxPairs = Math.max(1, settings.maxPairsPerProduct ?? 128);
    this.pruneAt = Math.ceil(this.maxPairs * 1.5);
    this.maxNeighbours = settings.maxNeighbours ?? 100;
    this.shrinkage = settings.shrinkage ?? 3;
  }

  /** Learns from events, in the order given. */
  addAll(events: Iterable<BehaviourEvent>): void {
    for (const event of events) this.add(event);
  }

  /** Learns from one event. */
  add(event: BehaviourEvent): void {
    const weight = this.weights[event.type];
    if (weight === undefined || !(weight > 0) || !Number.isFinite(event.at)) {
      this.ignored++;
      return;
    }
    const session = this.sessionFor(event.sessionId, event.at);
    if (++session.events > this.maxEventsPerSession) {
      this.ignored++;
      return;
    }
    this.counted++;
    session.lastAt = Math.max(session.lastAt, event.at);
    const slot = this.slotFor(event.productId);
    let item = session.items.find((i) => i.slot === slot);
    if (item === undefined) {
      if (session.items.length >= this.maxProductsPerSession) forgetLeastRecent(session.items);
      item = { slot, strength: 0, at: event.at, paired: false };
      session.items.push(item);
    }
    item.at = Math.max(item.at, event.at);
    const raised = weight - item.strength;
    if (raised <= 0) return;
    this.norms[slot] = this.norms[slot]! + weight * weight - item.strength * item.strength;
    item.strength = weight;
    this.changes++;
    this.stamps[slot] = this.stamps[slot]! + 1;
    for (const other of session.items) {
      if (other === item || Math.abs(other.at - event.at) > this.windowMs || this.ids[other.slot] === undefined) continue;
      const co = raised * other.strength;
      this.pair(slot, other.slot, co);
      this.pair(other.slot, slot, co);
      this.markPaired(item);
      this.markPaired(other);
    }
  }

  /** The behavioural neighbours of a product, best first (ties by id), at most `k` (and `maxNeighbours`). */
  neighbours(productId: string, k: number): readonly ScoredNeighbour[] {
    const slot = this.slotOf.get(productId);
    const table = slot === undefined ? undefined : this.tables[slot];
    if (slot === undefined || table === undefined || k <= 0) return [];
    const { partners, scores, order } = this.ranked(slot, table);
    const out: ScoredNeighbour[] = [];
    const count = Math.min(order.length, k, this.maxNeighbours);
    for (let i = 0; i < count; i++) out.push({ productId: this.ids[partners[order[i]!]!]!, score: scores[order[i]!]! });
    return out;
  }

  /** How much behaviour a product has: the sessions in which it was seen with another product. */
  evidence(productId: string): number {
    const slot = this.slotOf.get(productId);
    return slot === undefined ? 0 : this.evidences[slot]!;
  }

  /**
   * A number that changes whenever the product's neighbours or evidence may have changed (an event
   * pairing it, a partner removed): an answer built from them holds while this does. A partner's
   * own popularity moving its score a little reaches the list with the product's next change.
   */
  versionOf(productId: string): number {
    const slot = this.slotOf.get(productId);
    return slot === undefined ? 0 : this.stamps[slot]!;
  }

  /** Forgets a product (deleted from the catalog): its pairs, its evidence, its place in sessions. */
  remove(productId: string): void {
    const slot = this.slotOf.get(productId);
    if (slot === undefined) return;
    this.tables[slot]?.forEach((partner) => {
      this.tables[partner]?.delete(slot);
      this.stamps[partner] = this.stamps[partner]! + 1;
    });
    this.tables[slot] = undefined;
    this.ids[slot] = undefined;
    this.norms[slot] = 0;
    this.evidences[slot] = 0;
    this.slotOf.delete(productId);
    this.dead.add(slot);
    this.changes++;
    if (this.dead.size >= SWEEP_AFTER) this.sweep();
  }

  /** Counts that change whenever an answer may: compare two readings to know whether to recompute. */
  get version(): number {
    return this.changes;
  }

  /**
   * Sizes: products known, pairs held (each pair twice, once per side), sessions remembered, events
   * counted and ignored, and an estimate of the bytes held (the pair tables exactly, the per-product
   * arrays, and a per-session and per-product allowance for objects and strings).
   */
  get stats(): { products: number; pairs: number; sessions: number; events: number; ignored: number; bytes: number } {
    let pairs = 0;
    let bytes = this.norms.byteLength + this.evidences.byteLength + this.stamps.byteLength + 16 * this.ids.length;
    for (const table of this.tables) {
      if (table === undefined) continue;
      pairs += table.size;
      bytes += table.bytes;
    }
    for (const [id] of this.slotOf) bytes += PRODUCT_BYTES + 2 * id.length;
    for (const [id, session] of this.sessions) bytes += SESSION_BYTES + 2 * id.length + SESSION_ITEM_BYTES * session.items.length;
    return {
      products: this.slotOf.size,
      pairs,
      sessions: this.sessions.size,
      events: this.counted,
      ignored: this.ignored,
      bytes,
    };
  }

  /** The session of an event (a new one when it was idle longer than the TTL); sessions gone stale are forgotten. */
  private sessionFor(sessionId: string, at: number): SessionState {
    this.newest = Math.max(this.newest, at);
    let session = this.sessions.get(sessionId);
    if (session !== undefined && at - session.lastAt <= this.sessionTtlMs) return session;
    if (this.newest - this.sweptAt > this.sessionTtlMs / 4) this.forgetSessions(this.newest - this.sessionTtlMs, Infinity);
    if (this.sessions.size >= this.maxSessions) this.forgetSessions(Number.NEGATIVE_INFINITY, Math.floor(this.maxSessions * 0.9));
    session = { items: [], events: 0, lastAt: at };
    this.sessions.set(sessionId, session);
    return session;
  }

  /**
   * Forgets the sessions last active before `horizon`, then the least recently active ones until
   * at most `keep` are left. Run a quarter of the TTL apart, or when the sessions are at their cap
   * (then down to 90% of it): a session outlives its TTL by at most a quarter of it, and each
   * event costs O(1) on average.
   */
  private forgetSessions(horizon: number, keep: number): void {
    this.sweptAt = this.newest;
    for (const [id, session] of this.sessions) if (session.lastAt < horizon) this.sessions.delete(id);
    if (this.sessions.size <= keep) return;
    const byActivity = [...this.sessions].sort((a, b) => a[1].lastAt - b[1].lastAt || (a[0] < b[0] ? -1 : 1));
    for (const [id] of byActivity.slice(0, this.sessions.size - keep)) this.sessions.delete(id);
  }

  private slotFor(productId: string): number {
    let slot = this.slotOf.get(productId);
    if (slot !== undefined) return slot;
    slot = this.free.pop() ?? this.ids.length;
    this.slotOf.set(productId, slot);
    this.ids[slot] = productId;
    if (slot >= this.norms.length) {
      const norms = new Float64Array(this.norms.length * 2);
      norms.set(this.norms);
      this.norms = norms;
      const evidences = new Uint32Array(this.evidences.length * 2);
      evidences.set(this.evidences);
      this.evidences = evidences;
      const stamps = new Uint32Array(this.stamps.length * 2);
      stamps.set(this.stamps);
      this.stamps = stamps;
    }
    this.norms[slot] = 0;
    this.evidences[slot] = 0;
    this.stamps[slot] = this.stamps[slot]! + 1;
    return slot;
  }

  /** The first pair a product makes in a session is one more session of evidence for it. */
  private markPaired(item: SessionItem): void {
    if (item.paired) return;
    item.paired = true;
    this.evidences[item.slot] = this.evidences[item.slot]! + 1;
  }

  /** Adds co-occurrence to one side of a pair, cutting the list back when it has grown too long. */
  private pair(slot: number, partner: number, co: number): void {
    let table = this.tables[slot];
    if (table === undefined) this.tables[slot] = table = new PairWeights();
    table.add(partner, co);
    this.stamps[slot] = this.stamps[slot]! + 1;
    if (table.size >= this.pruneAt) this.cut(slot, table);
  }

  /** Keeps a product's `maxPairs` strongest partners by score (ties by id), removed ones left out. */
  private cut(slot: number, table: PairWeights): void {
    const partners: number[] = [];
    const scores: number[] = [];
    table.forEach((partner, co) => {
      if (this.ids[partner] === undefined) return;
      partners.push(partner);
      scores.push(this.score(slot, partner, co));
    });
    // The maxPairs-th best score: above it every partner stays, at it the smaller ids do.
    const threshold = Float64Array.from(scores).sort()[Math.max(0, scores.length - this.maxPairs)]!;
    const kept = new Set<number>();
    const tied: number[] = [];
    partners.forEach((partner, i) => {
      if (scores[i]! > threshold) kept.add(partner);
      else if (scores[i] === threshold) tied.push(partner);
    });
    tied.sort((a, b) => (this.ids[a]! < this.ids[b]! ? -1 : 1));
    for (const partner of tied.slice(0, this.maxPairs - kept.size)) kept.add(partner);
    table.retain((partner) => kept.has(partner));
  }

  /** A pair's score: the cosine of the two products' session vectors, shrunk for pairs seen rarely. */
  private score(slot: number, partner: number, co: number): number {
    const cosine = co / Math.sqrt(this.norms[slot]! * this.norms[partner]!);
    return Number.isFinite(cosine) ? (cosine * co) / (co + this.shrinkage) : 0;
  }

  /** A product's partners and their scores, and their order best first (ties by id); removed partners left out. */
  private ranked(slot: number, table: PairWeights): { partners: Int32Array; scores: Float64Array; order: number[] } {
    const partners = new Int32Array(table.size);
    const scores = new Float64Array(table.size);
    let n = 0;
    table.forEach((partner, co) => {
      if (this.ids[partner] === undefined) return;
      partners[n] = partner;
      scores[n++] = this.score(slot, partner, co);
    });
    const order = Array.from({ length: n }, (_, i) => i);
    const ids = this.ids;
    order.sort((a, b) => scores[b]! - scores[a]! || (ids[partners[a]!]! < ids[partners[b]!]! ? -1 : 1));
    return { partners, scores, order };
  }

  /** Takes removed products out of every list and session that may still hold them; their slots become free. */
  private sweep(): void {
    for (const table of this.tables) {
      if (table === undefined) continue;
      if (table.size <= this.dead.size) table.retain((partner) => !this.dead.has(partner));
      else for (const slot of this.dead) table.delete(slot);
    }
    for (const session of this.sessions.values()) {
      for (let i = session.items.length - 1; i >= 0; i--) if (this.dead.has(session.items[i]!.slot)) session.items.splice(i, 1);
    }
    for (const slot of this.dead) this.free.push(slot);
    this.dead.clear();
  }
}

/** Takes out the product the session saw least recently (the first of them on a tie). */
function forgetLeastRecent(items: SessionItem[]): void {
  let oldest = 0;
  for (let i = 1; i < items.length; i++) if (items[i]!.at < items[oldest]!.at) oldest = i;
  items.splice(oldest, 1);
}
