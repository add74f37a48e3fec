import { token } from '../shared/token.js';

/**
 * The rules of a similar-products answer, in numbers. Each default was chosen on a real shop's
 * sessions (`npm run eval:similar`, the table and the sweeps that chose it in
 * docs/benchmarks.md); the service runs exactly these.
 */
export interface SimilarityPolicy {
  /** How many past sessions most like the shopper's are read for an answer (session-kNN's k). */
  readonly neighbourSessions: number;
  /** The candidates for those: of each product of the shopper's session, at most this many of the latest sessions that held it. */
  readonly sessionsPerProduct: number;
  /** The most products of the shopper's session compared with past sessions: the latest ones. */
  readonly sessionProducts: number;
  /**
   * How much a product of the shopper's session weighs by how long ago it was seen: the product
   * asked weighs 1, the one before it this much, the one before that this squared, and so on.
   */
  readonly sessionRecency: number;
  /**
   * How much a product of a past session counts by how far (in steps) it was from the product that
   * session shares with the shopper's: this much per step (the shared product itself counts 1).
   */
  readonly stepDecay: number;
  /** Sessions that must have seen a product with another before its behaviour is used (BEHAVIOUR_MIN_EVIDENCE). */
  readonly minEvidence: number;
  /**
   * What a product the session saw before the one asked adds to its score (whose best is 1): the
   * latest this much, each earlier one half the one after it. Shoppers often go back.
   */
  readonly reminderLift: number;
  /** What the most popular product of the category adds to its score; the n-th adds this / n. */
  readonly popularLift: number;
  /** How many of the category's most popular products are candidates. */
  readonly popularPool: number;
  /** How fast popularity forgets: an event counts half as much after this many milliseconds. */
  readonly popularityHalfLifeMs: number;
  /** How much each event type says of a product's popularity and of a shopper's taste; other types are not counted. */
  readonly eventWeights: Readonly<Record<string, number>>;
  /** A session's events further apart than this are two visits: an answer reads the latest visit only. */
  readonly visitGapMs: number;
  /** How far back a shopper's own events say something of their taste. */
  readonly tasteHorizonMs: number;
  /** How many of the best an answer for a known shopper is re-ranked from (when the limit asks for fewer). */
  readonly shopperPool: number;
}

export const DEFAULT_SIMILARITY_POLICY: SimilarityPolicy = Object.freeze({
  neighbourSessions: 50,
  sessionsPerProduct: 100,
  sessionProducts: 10,
  sessionRecency: 0.5,
  stepDecay: Math.exp(-1 / 4),
  minEvidence: 1,
  reminderLift: 1,
  popularLift: 0.05,
  popularPool: 40,
  popularityHalfLifeMs: 7 * 86_400_000,
  eventWeights: Object.freeze({ view: 1, add_to_cart: 1, purchase: 1 }),
  visitGapMs: 60 * 60_000,
  tasteHorizonMs: 30 * 86_400_000,
  shopperPool: 30,
});

export const SimilarityPolicyToken = token<SimilarityPolicy>('SimilarityPolicy');
