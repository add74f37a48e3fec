import type { NeighbourSessions, SessionQuery } from '../../domain/product/session-neighbours.js';
import { PAUSE_EVERY, walkedWhole, type MeasuringWalk } from './measuring-walk.js';
import { NO_NEIGHBOUR_SESSIONS } from '../../domain/product/session-neighbours.js';
import { TopK } from './top-k.js';
import { ChangeCounter } from './change-counter.js';
import { SlotChain } from '../../application/shared/slot-chain.js';

/** One thing a shopper did to a product, as the index reads it. */
export interface SessionEvent {
  readonly sessionId: string;
  readonly productId: string;
  readonly userId?: string | undefined;
  /** The event's type: types without a weight (a recommendation click, say) are not counted. */
  readonly type: string;
  /** When, in epoch milliseconds. */
  readonly at: number;
}

export interface SessionIndexSettings {
  /** How much each event type counts towards a product's popularity; types not listed are ignored. */
  readonly eventWeights: Readonly<Record<string, number>>;
  /** An event counts half as much to popularity after this many milliseconds. */
  readonly popularityHalfLifeMs: number;
  /** A session's event this much later than its previous one starts a new visit (a new past session). */
  readonly visitGapMs: number;
  /** The latest sessions of each product that are kept as candidates (the most `nearest` may read per product). */
  readonly sessionsPerProduct: number;
  /** The most sessions kept; past it the oldest is forgotten (default 300,000). */
  readonly maxSessions?: number | undefined;
  /** The most products a session keeps; later new ones are not counted (default 50). */
  readonly maxProductsPerSession?: number | undefined;
  /** Events of a session beyond this many are ignored: a crawler, not a shopper (default 500). */
  readonly maxEventsPerSession?: number | undefined;
  /** Counts every change: stamps of this index are comparable with others drawn from the same counter. */
  readonly counter?: ChangeCounter | undefined;
}

/** One visit of a session: its products in the order first seen, the step each was last seen at. */
interface Visit {
  readonly key: string;
  /** The shoppers its events named (usually none or one): erasing any of them forgets the visit. */
  readonly users: string[];
  readonly products: number[];
  readonly steps: number[];
  /** When each product was last seen (the event that set its step). */
  readonly times: number[];
  events: number;
  lastAt: number;
}

const EMPTY: readonly string[] = Object.freeze([]);

/** Rough bytes of a kept visit and of one of its products, for the estimate (posting rings count their own bytes). */
const VISIT_BYTES = 120;
const VISIT_PRODUCT_BYTES = 16;

/**
 * Shoppers' sessions, the way session-kNN reads them: each session (one visit of a `sessionId`)
 * with its products in order, and for each product the latest sessions that held it (a bounded
 * ring: recency by construction), so that the sessions most like a shopper's are found by walking
 * a few short lists. Also each product's popularity, decayed by a half-life (kept as a logarithm,
 * so the order of two products never changes while time passes), and its evidence (the sessions
 * that saw it with another product).
 *
 * Learnt one event at a time, in any order (steps are counted as events arrive). Bounded: at most
 * `maxSessions` sessions (the oldest forgotten first) of `maxProductsPerSession` products. A
 * shopper's sessions are forgotten with them (`forgetUser`). Pure machinery: which sessions and how
 * they weigh is the domain's policy, which gives the query and reads the answer.
 */
export class SessionIndex {
  private readonly slotOf = new Map<string, number>();
  private readonly ids: (string | undefined)[] = [];
  private popularity = new Float64Array(1024).fill(Number.NEGATIVE_INFINITY);
  private evidences = new Uint32Array(1024);
  private stamps = new Float64Array(1024);
  /** Per product, a ring of the latest sessions that held it: visit slot, its generation, the product's place in it. */
  private postings: (Int32Array | undefined)[] = [];
  private postingHeads = new Int32Array(1024);
  private postingSizes = new Int32Array(1024);

  private readonly visits: (Visit | undefined)[] = [];
  private readonly generations: number[] = [];
  /** Visit slots in the order they were opened: the oldest is forgotten first. */
  private readonly opened = new SlotChain();
  private readonly freeVisits: number[] = [];
  private readonly latestVisit = new Map<string, number>();
  private readonly visitsOfUser = new Map<string, Set<number>>();

  private accumulated = new Float64Array(0);
  private anchors = new Int32Array(0);
  private touched = new Int32Array(0);
  private readonly top = new TopK(1);
  /** The buffers `nearest` answers in, reused from one call to the next. */
  private readonly flat = {
    start: new Int32Array(0),
    anchorStep: new Int32Array(0),
    similarity: new Float64Array(0),
    steps: new Int32Array(1024),
    products: [] as string[],
  };

  private readonly counter: ChangeCounter;
  private readonly maxSessions: number;
  private readonly maxProducts: number;
  private readonly maxEvents: number;
  private readonly ringLength: number;
  private readonly perHalfLife: number;
  private counted = 0;
  private ignored = 0;

  constructor(private readonly settings: SessionIndexSettings) {
    this.counter = settings.counter ?? new ChangeCounter();
    this.maxSessions = Math.max(1, settings.maxSessions ?? 300_000);
    this.maxProducts = Math.max(2, settings.maxProductsPerSession ?? 50);
    this.maxEvents = settings.maxEventsPerSession ?? 500;
    this.ringLength = Math.max(1, settings.sessionsPerProduct);
    this.perHalfLife = 1 / settings.popularityHalfLifeMs;
  }

  /** Learns from one event. */
  add(event: SessionEvent): void {
    const weight = this.settings.eventWeights[event.type];
    if (weight === undefined || !(weight > 0) || !Number.isFinite(event.at)) {
      this.ignored++;
      return;
    }
    const visit = this.visitFor(event);
    if (++visit.events > this.maxEvents) {
      this.ignored++;
      return;
    }
    this.counted++;
    visit.lastAt = Math.max(visit.lastAt, event.at);
    const product = this.slotFor(event.productId);
    this.raisePopularity(product, weight, event.at);
    const slot = this.latestVisit.get(event.sessionId)!;
    const at = visit.products.indexOf(product);
    if (at >= 0) {
      // Seen again: its step moves on, unless this event is no later than the one that set it (an
      // event arriving late, or learnt twice, does not reorder the visit).
      if (event.at <= visit.times[at]!) return;
      visit.steps[at] = visit.events;
      visit.times[at] = event.at;
    } else if (visit.products.length < this.maxProducts) {
      visit.products.push(product);
      visit.steps.push(visit.events);
      visit.times.push(event.at);
      this.post(product, slot, visit.products.length - 1);
      if (visit.products.length === 2) for (const p of visit.products) this.evidences[p]!++;
      else if (visit.products.length > 2) this.evidences[product]!++;
    } else return;
    this.stampVisit(visit);
  }

  /** A new stamp for each product of a visit (its sessions changed). */
  private stampVisit(visit: Visit): void {
    this.stampProducts(visit, this.counter.next());
  }

  /** Gives each product of a visit `stamp`, and logs it as theirs. */
  private stampProducts(visit: Visit, stamp: number): void {
    for (const p of visit.products) {
      this.stamps[p] = stamp;
      const id = this.ids[p];
      if (id !== undefined) this.counter.alsoFor(id, stamp);
    }
  }

  /**
   * The products of a session's latest visit, each once, in the order last seen (oldest first);
   * none once it is `visitGapMs` old at `now`, unless it holds `current` (the product the shopper
   * is looking at: the visit they are in, whatever the clocks say).
   */
  sessionProducts(sessionId: string, now: number, current?: string): readonly string[] {
    const slot = this.latestVisit.get(sessionId);
    const visit = slot === undefined ? undefined : this.visits[slot];
    if (visit === undefined) return EMPTY;
    if (now - visit.lastAt > this.settings.visitGapMs) {
      const product = current === undefined ? undefined : this.slotOf.get(current);
      if (product === undefined || !visit.products.includes(product)) return EMPTY;
    }
    const order = visit.products.map((_, i) => i).sort((a, b) => visit.steps[a]! - visit.steps[b]!);
    return order.flatMap((i) => this.ids[visit.products[i]!] ?? []);
  }

  /**
   * The `k` sessions most like the query among the latest `perProduct` sessions of each of its
   * products (never `exclude`'s latest visit): each session's similarity is the summed weight of
   * the query's products it holds over √(query products · its products) (cosine against the
   * session's products), best first. The anchor of a session is the step of the shared product
   * that weighs most (the latest on a tie).
   */
  nearest(query: SessionQuery, k: number, perProduct: number, exclude?: string): NeighbourSessions {
    const excluded = exclude === undefined ? -1 : (this.latestVisit.get(exclude) ?? -1);
    this.ensureScratch();
    const { accumulated, anchors, touched } = this;
    let touchedCount = 0;
    // From the heaviest product down (the latest first on a tie), so each session's anchor is the first product that reaches it.
    const order = query.products.map((_, i) => i).sort((a, b) => query.weights[b]! - query.weights[a]! || b - a);
    for (const i of order) {
      const product = this.slotOf.get(query.products[i]!);
      const ring = product === undefined ? undefined : this.postings[product];
      if (product === undefined || ring === undefined) continue;
      const weight = query.weights[i]!;
      const size = this.postingSizes[product]!;
      const head = this.postingHeads[product]!;
      const capacity = ring.length / 3;
      // The latest sessions of each product, as many as its weight's share of `perProduct` (the product asked: all).
      const reach = Math.min(size, Math.max(1, Math.ceil(perProduct * weight)));
      for (let n = 0; n < reach; n++) {
        // Newest first: the ring's head is where the next one goes.
        const at = (head - 1 - n + capacity) % capacity;
        const slot = ring[3 * at]!;
        if (slot === excluded || this.generations[slot] !== ring[3 * at + 1]) continue;
        if (accumulated[slot] === 0) {
          touched[touchedCount++] = slot;
          anchors[slot] = this.visits[slot]!.steps[ring[3 * at + 2]!]!;
        }
        accumulated[slot] = accumulated[slot]! + weight;
      }
    }
    if (touchedCount === 0) return NO_NEIGHBOUR_SESSIONS;
    const top = this.top;
    top.reset(k);
    const length = query.products.length;
    for (let t = 0; t < touchedCount; t++) {
      const slot = touched[t]!;
      top.offer(slot, accumulated[slot]! / Math.sqrt(length * this.visits[slot]!.products.length));
      accumulated[slot] = 0;
    }
    const chosen = top.drain();
    return this.flatten(chosen.slots, chosen.scores);
  }

  /** How many sessions saw the product with another product. */
  evidence(productId: string): number {
    const slot = this.slotOf.get(productId);
    return slot === undefined ? 0 : this.evidences[slot]!;
  }

  /** The product's popularity as a logarithm (base 2) of its decayed weight of events: only comparisons between products mean something. */
  popularityOf(productId: string): number {
    const slot = this.slotOf.get(productId);
    return slot === undefined ? Number.NEGATIVE_INFINITY : this.popularity[slot]!;
  }

  /** Every product with its popularity key (those without events aside): to rebuild a ranking. */
  *ranked(): Iterable<readonly [string, number]> {
    for (const [id, slot] of this.slotOf)
      if (this.popularity[slot]! > Number.NEGATIVE_INFINITY) yield [id, this.popularity[slot]!] as const;
  }

  /** The counter's value at the last change to the sessions that saw the product (0: none). */
  stampOf(productId: string): number {
    const slot = this.slotOf.get(productId);
    return slot === undefined ? 0 : this.stamps[slot]!;
  }

  /** Forgets every session of a shopper (the products they saw lose that evidence). */
  forgetUser(userId: string): void {
    const slots = this.visitsOfUser.get(userId);
    if (slots === undefined) return;
    for (const slot of [...slots]) this.forgetVisit(slot);
  }

  /**
   * Forgets a product (deleted from the catalog): it leaves every session and ranking. Its slot is
   * not given to another product (sessions still hold it, unnamed) until the index is learnt afresh.
   */
  remove(productId: string): void {
    const product = this.slotOf.get(productId);
    if (product === undefined) return;
    const ring = this.postings[product];
    if (ring !== undefined) {
      const capacity = ring.length / 3;
      const stamp = this.counter.next();
      for (let n = 0; n < this.postingSizes[product]!; n++) {
        const at: number = (this.postingHeads[product]! - 1 - n + capacity) % capacity;
        const slot = ring[3 * at]!;
        const visit = this.visits[slot];
        if (visit === undefined || this.generations[slot] !== ring[3 * at + 1]) continue;
        // The product keeps its place in the visit (places are what postings point at), unnamed: it is skipped when read.
        this.stampProducts(visit, stamp);
      }
    }
    this.slotOf.delete(productId);
    this.ids[product] = undefined;
    this.postings[product] = undefined;
    this.postingSizes[product] = 0;
    this.postingHeads[product] = 0;
    this.popularity[product] = Number.NEGATIVE_INFINITY;
    this.evidences[product] = 0;
  }

  /** Sizes: products and sessions known, events counted and ignored, and an estimate of the bytes held. */
  get stats(): { products: number; sessions: number; events: number; ignored: number; bytes: number } {
    return { ...this.counts, bytes: walkedWhole(this.measureBytes()) };
  }

  /** The sizes but the bytes: read at once. */
  get counts(): { products: number; sessions: number; events: number; ignored: number } {
    return { products: this.slotOf.size, sessions: this.opened.size, events: this.counted, ignored: this.ignored };
  }

  /** An estimate of the bytes held, measured in a walk with pauses (the structures may change between them). */
  *measureBytes(): MeasuringWalk {
    let bytes = this.popularity.byteLength + this.evidences.byteLength + this.stamps.byteLength;
    bytes += this.postingHeads.byteLength + this.postingSizes.byteLength + 16 * this.opened.size;
    let counted = 0;
    for (let i = 0; i < this.postings.length; i++) {
      bytes += this.postings[i]?.byteLength ?? 0;
      if (++counted % PAUSE_EVERY === 0) yield;
    }
    for (let i = 0; i < this.visits.length; i++) {
      const visit = this.visits[i];
      if (visit !== undefined) bytes += VISIT_BYTES + 2 * visit.key.length + VISIT_PRODUCT_BYTES * visit.products.length;
      if (++counted % PAUSE_EVERY === 0) yield;
    }
    for (const id of this.slotOf.keys()) {
      bytes += 64 + 2 * id.length;
      if (++counted % PAUSE_EVERY === 0) yield;
    }
    return bytes;
  }

  /** The session's latest visit for an event, or a new one when there is none or the event comes `visitGapMs` after it. */
  private visitFor(event: SessionEvent): Visit {
    const slot = this.latestVisit.get(event.sessionId);
    const visit = slot === undefined ? undefined : this.visits[slot];
    if (visit !== undefined && event.at - visit.lastAt <= this.settings.visitGapMs) {
      this.nameUser(visit, slot!, event.userId);
      return visit;
    }
    if (this.opened.size >= this.maxSessions) this.forgetVisit(this.opened.first()!);
    const opened: Visit = { key: event.sessionId, users: [], products: [], steps: [], times: [], events: 0, lastAt: event.at };
    const fresh = this.freeVisits.pop() ?? this.visits.length;
    this.visits[fresh] = opened;
    this.generations[fresh] = (this.generations[fresh] ?? 0) + 1;
    this.latestVisit.set(event.sessionId, fresh);
    this.opened.append(fresh);
    this.nameUser(opened, fresh, event.userId);
    return opened;
  }

  /** Records that a visit's events named a shopper (a session that signs in part-way is theirs too). */
  private nameUser(visit: Visit, slot: number, userId: string | undefined): void {
    if (userId === undefined || visit.users.includes(userId)) return;
    visit.users.push(userId);
    let slots = this.visitsOfUser.get(userId);
    if (slots === undefined) this.visitsOfUser.set(userId, (slots = new Set()));
    slots.add(slot);
  }

  private forgetVisit(slot: number): void {
    const visit = this.visits[slot];
    if (visit === undefined) return;
    const stamp = this.counter.next();
    for (const p of visit.products) {
      if (this.ids[p] === undefined) continue;
      if (visit.products.length >= 2) this.evidences[p]!--;
      this.stamps[p] = stamp;
      this.counter.alsoFor(this.ids[p]!, stamp);
    }
    this.visits[slot] = undefined;
    this.generations[slot]!++;
    if (this.latestVisit.get(visit.key) === slot) this.latestVisit.delete(visit.key);
    for (const user of visit.users) {
      const slots = this.visitsOfUser.get(user);
      slots?.delete(slot);
      if (slots?.size === 0) this.visitsOfUser.delete(user);
    }
    this.opened.remove(slot);
    this.freeVisits.push(slot);
  }

  private post(product: number, slot: number, place: number): void {
    let ring = this.postings[product];
    const size = this.postingSizes[product]!;
    if (ring === undefined || (size === ring.length / 3 && size < this.ringLength)) {
      // Grown by doubling up to the ring's length, oldest first from 0, so the ring starts at its head.
      const capacity = Math.min(this.ringLength, ring === undefined ? 2 : (ring.length / 3) * 2);
      const grown = new Int32Array(3 * capacity);
      if (ring !== undefined) {
        const old = ring.length / 3;
        for (let n = 0; n < size; n++)
          grown.set(
            ring.subarray(3 * ((this.postingHeads[product]! + n) % old), 3 * ((this.postingHeads[product]! + n) % old) + 3),
            3 * n,
          );
      }
      this.postings[product] = ring = grown;
      this.postingHeads[product] = size % capacity;
    }
    const capacity = ring.length / 3;
    const head = this.postingHeads[product]!;
    ring[3 * head] = slot;
    ring[3 * head + 1] = this.generations[slot]!;
    ring[3 * head + 2] = place;
    this.postingHeads[product] = (head + 1) % capacity;
    this.postingSizes[product] = Math.min(size + 1, capacity);
  }

  private raisePopularity(product: number, weight: number, at: number): void {
    // log2(2^a + 2^b), from the larger: popularity is Σ weight · 2^(at / halfLife), kept as its logarithm.
    const added = Math.log2(weight) + at * this.perHalfLife;
    const current = this.popularity[product]!;
    const high = Math.max(current, added);
    const low = Math.min(current, added);
    this.popularity[product] = low === Number.NEGATIVE_INFINITY ? high : high + Math.log2(1 + 2 ** (low - high));
  }

  private slotFor(productId: string): number {
    let slot = this.slotOf.get(productId);
    if (slot !== undefined) return slot;
    slot = this.ids.length;
    this.slotOf.set(productId, slot);
    this.ids[slot] = productId;
    if (slot >= this.popularity.length) this.growProducts(slot + 1);
    this.popularity[slot] = Number.NEGATIVE_INFINITY;
    this.evidences[slot] = 0;
    return slot;
  }

  private growProducts(least: number): void {
    const size = Math.max(least, this.popularity.length * 2);
    const popularity = new Float64Array(size).fill(Number.NEGATIVE_INFINITY);
    popularity.set(this.popularity);
    this.popularity = popularity;
    this.evidences = grownCopy(this.evidences, new Uint32Array(size));
    this.stamps = grownCopy(this.stamps, new Float64Array(size));
    this.postingHeads = grownCopy(this.postingHeads, new Int32Array(size));
    this.postingSizes = grownCopy(this.postingSizes, new Int32Array(size));
  }

  private ensureScratch(): void {
    if (this.accumulated.length >= this.visits.length) return;
    const size = Math.max(1024, this.visits.length * 2);
    this.accumulated = new Float64Array(size);
    this.anchors = new Int32Array(size);
    this.touched = new Int32Array(size);
  }

  /**
   * The chosen sessions as the domain reads them: flat arrays of their products (those still known)
   * and steps, in buffers this index reuses (what one call answers is valid until the next: an
   * answer reads it at once, and a request allocates next to nothing).
   */
  private flatten(slots: Int32Array, scores: Float32Array): NeighbourSessions {
    const count = slots.length;
    const out = this.flat;
    if (out.start.length < count + 1) {
      out.start = new Int32Array(2 * (count + 1));
      out.anchorStep = new Int32Array(2 * count);
      out.similarity = new Float64Array(2 * count);
    }
    const { products } = out;
    let n = 0;
    for (let s = 0; s < count; s++) {
      const visit = this.visits[slots[s]!]!;
      out.similarity[s] = scores[s]!;
      out.anchorStep[s] = this.anchors[slots[s]!]!;
      out.start[s] = n;
      if (out.steps.length < n + visit.products.length)
        out.steps = grownCopy(out.steps, new Int32Array(2 * (n + visit.products.length)));
      for (let i = 0; i < visit.products.length; i++) {
        const id = this.ids[visit.products[i]!];
        if (id === undefined) continue;
        products[n] = id;
        out.steps[n++] = visit.steps[i]!;
      }
    }
    out.start[count] = n;
    products.length = n;
    return {
      count,
      similarity: out.similarity.subarray(0, count),
      anchorStep: out.anchorStep.subarray(0, count),
      start: out.start.subarray(0, count + 1),
      products,
      steps: out.steps.subarray(0, n),
    };
  }
}

function grownCopy<T extends Uint32Array | Float64Array | Int32Array>(from: T, into: T): T {
  into.set(from);
  return into;
}
