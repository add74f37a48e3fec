import type { SimilarityPolicy } from './similarity-policy.js';

/**
 * The shopper's session as past sessions are compared with it: its products (each once, the
 * product asked last) and how much each weighs, the product asked 1 and earlier ones less.
 */
export interface SessionQuery {
  readonly products: readonly string[];
  readonly weights: readonly number[];
}

/**
 * The past sessions most like the shopper's, as the session index finds them, flat: session `s`
 * has similarity `similarity[s]`, its products are `products[start[s]]` to
 * `products[start[s + 1] - 1]` with the step at which each was last seen in `steps`, and
 * `anchorStep[s]` is the step of the product it shares with the shopper's session that weighs most.
 */
export interface NeighbourSessions {
  readonly count: number;
  readonly similarity: Float64Array;
  readonly anchorStep: Int32Array;
  readonly start: Int32Array;
  readonly products: readonly string[];
  readonly steps: Int32Array;
}

export const NO_NEIGHBOUR_SESSIONS: NeighbourSessions = Object.freeze({
  count: 0,
  similarity: new Float64Array(0),
  anchorStep: new Int32Array(0),
  start: new Int32Array(1),
  products: Object.freeze([]),
  steps: new Int32Array(0),
});

/**
 * The query for a product asked in a session: the session's products in the order they were last
 * seen (`seen`, oldest first), the product asked moved to the end (it is what the shopper looks at
 * now), the latest `sessionProducts` of them; weights falling by `sessionRecency` per step back.
 * An empty or unknown session asks for the product alone.
 */
export function sessionQuery(seen: readonly string[], asked: string, policy: SimilarityPolicy): SessionQuery {
  const products: string[] = [];
  for (let i = seen.length - 1; i >= 0 && products.length < policy.sessionProducts - 1; i--) {
    if (seen[i] !== asked) products.push(seen[i]!);
  }
  products.reverse().push(asked);
  const weights = products.map((_, i) => policy.sessionRecency ** (products.length - 1 - i));
  return { products, weights };
}

/**
 * What past sessions say of each product (session-kNN, with STAN's closeness within a session):
 * every product of a neighbour session scores that session's similarity, times `stepDecay` for
 * each step it was from the product the session shares with the shopper's. Summed over sessions.
 */
export function scoreNeighbourSessions(neighbours: NeighbourSessions, policy: SimilarityPolicy): Map<string, number> {
  const scores = new Map<string, number>();
  const { similarity, anchorStep, start, products, steps } = neighbours;
  const decay = decayTable(policy.stepDecay);
  for (let s = 0; s < neighbours.count; s++) {
    const sim = similarity[s]!;
    const anchor = anchorStep[s]!;
    for (let j = start[s]!; j < start[s + 1]!; j++) {
      const distance = Math.abs(steps[j]! - anchor);
      const weight = distance < decay.length ? decay[distance]! : policy.stepDecay ** distance;
      const id = products[j]!;
      scores.set(id, (scores.get(id) ?? 0) + sim * weight);
    }
  }
  return scores;
}

/** How many step distances have their weight worked out before scoring (farther ones are worked out on the spot). */
const DECAY_STEPS = 64;

function decayTable(base: number): Float64Array {
  const table = new Float64Array(DECAY_STEPS);
  table[0] = 1;
  for (let d = 1; d < DECAY_STEPS; d++) table[d] = table[d - 1]! * base;
  return table;
}

/** One thing a session did, as its shared record keeps it. */
export interface SessionStep {
  readonly productId: string;
  readonly at: Date;
}

/**
 * The products of a session's latest visit (its events, oldest first, as recorded): each once, in
 * the order last seen (oldest first). The visit is the run of latest events no further apart than
 * `visitGapMs`; none once it ended longer ago than that at `now`, unless it holds `current` (the
 * product the shopper is looking at: the visit they are in, whatever the clocks say).
 */
export function latestVisitProducts(
  events: readonly SessionStep[],
  now: number,
  current: string | undefined,
  visitGapMs: number,
): readonly string[] {
  if (events.length === 0) return [];
  let start = events.length - 1;
  while (start > 0 && events[start]!.at.getTime() - events[start - 1]!.at.getTime() <= visitGapMs) start--;
  const visit = events.slice(start);
  const lastAt = visit.reduce((latest, event) => Math.max(latest, event.at.getTime()), Number.NEGATIVE_INFINITY);
  if (now - lastAt > visitGapMs && (current === undefined || !visit.some((event) => event.productId === current))) return [];
  const lastSeen = new Map<string, number>();
  visit.forEach((event, i) => {
    lastSeen.delete(event.productId);
    lastSeen.set(event.productId, i);
  });
  return [...lastSeen.keys()];
}
