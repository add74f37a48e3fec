// @ts-check
/**
 * The shopper case of `npm run bench` (issue 13, item 6): a similar-products lookup with `userId`
 * and `sessionId` is still a memory lookup. In this process: the similarity engine with what it
 * learns from shoppers, over a synthetic shop of 100,000 products (bench/synthetic-shop.mjs) whose
 * sessions are learnt as the service learns them, then `recommend(product, 20, shopper)` timed one
 * call at a time (after a warm-up pass) for shoppers with history (events, purchases) and the
 * session of theirs that viewed some of the answer's products a moment ago. Reported: p50 and p99 in the engine, against the goal
 * (p99 ≤ 0.5 ms), for the answer already kept (the usual case) and for one whose product's
 * behaviour has just changed (recomputed on the spot).
 */
import { BehaviourModel } from '../dist/adapters/similarity/behaviour-model.js';
import { NeighbourEngine } from '../dist/adapters/similarity/neighbour-engine.js';
import { catalogProductOf, syntheticShop } from './synthetic-shop.mjs';

const PRODUCTS = 100_000;
const SHOPPERS = 30_000;
const ANCHORS = 1_000;
const LOOKUPS = 20_000;
const GOAL_P99_MS = 0.5;

/** @param {number[]} times @param {number} q */
function quantile(times, q) {
  const sorted = Float64Array.from(times).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** @returns {Promise<string[][]>} rows: what, figure, goal */
export async function measureShopperLookups() {
  const started = performance.now();
  const shop = syntheticShop({ products: PRODUCTS, shoppers: SHOPPERS });
  const behaviour = new BehaviourModel();
  const engine = new NeighbourEngine({ background: false, behaviour });
  engine.productsSaved(shop.products.map((/** @type {any} */ p) => catalogProductOf(p, new Date(0))));
  let events = 0;
  let last = 0;
  for (const session of shop.sessions) {
    const batch = session.events.map((/** @type {any} */ e) => ({
      type: e.type,
      productId: shop.products[e.product].id,
      sessionId: session.id,
      userId: `U-${session.shopper}`,
      at: new Date(e.at),
    }));
    behaviour.learn(batch);
    events += batch.length;
    last = Math.max(last, ...session.events.map((/** @type {any} */ e) => e.at));
  }
  const learntS = (performance.now() - started) / 1000;
  // The products with the most behaviour, as a shop's traffic mostly asks for; each answer computed once before timing.
  const withEvidence = shop.products.filter((/** @type {any} */ p) => behaviour.evidence(p.id) > 0);
  const anchors = withEvidence
    .sort((/** @type {any} */ a, /** @type {any} */ b) => behaviour.evidence(b.id) - behaviour.evidence(a.id))
    .slice(0, ANCHORS);
  const past = shop.products.filter((/** @type {any} */ p) => behaviour.evidence(p.id) >= 10).length;
  for (const p of anchors) engine.similarTo(p.id, 50);
  const now = new Date(last + 60_000);
  const shopperOf = (/** @type {number} */ i) => {
    const session = shop.sessions[(i * 7919) % shop.sessions.length];
    return { userId: `U-${session.shopper}`, sessionId: session.id, now };
  };
  // A warm-up pass (the code compiled, each shopper's taste worked out once), then the measured one.
  for (let i = 0; i < LOOKUPS; i++) engine.recommend(anchors[i % anchors.length].id, 20, shopperOf(i));
  const kept = [];
  for (let i = 0; i < LOOKUPS; i++) {
    const anchor = anchors[i % anchors.length];
    const shopper = shopperOf(i);
    const t = performance.now();
    engine.recommend(anchor.id, 20, shopper);
    kept.push(performance.now() - t);
  }
  // Behaviour that changed since the answer was kept: a new session pairs the anchor with another product.
  const changed = [];
  for (let i = 0; i < Math.min(LOOKUPS / 4, anchors.length * 4); i++) {
    const anchor = anchors[i % anchors.length];
    const other = shop.products[(i * 31) % shop.products.length];
    const at = new Date(last + i);
    behaviour.learn([
      { type: 'view', productId: anchor.id, sessionId: `B-${i}`, at },
      { type: 'view', productId: other.id, sessionId: `B-${i}`, at },
    ]);
    const t = performance.now();
    engine.recommend(anchor.id, 20, shopperOf(i));
    changed.push(performance.now() - t);
  }
  const figure = (/** @type {number[]} */ times) => `${quantile(times, 0.5).toFixed(4)} / ${quantile(times, 0.99).toFixed(4)} ms`;
  const goal = (/** @type {number[]} */ times) =>
    `p99 ≤ ${GOAL_P99_MS} ms ${quantile(times, 0.99) <= GOAL_P99_MS ? 'met' : 'missed'}`;
  return [
    [`shop: ${PRODUCTS} products, ${events} events of ${shop.sessions.length} sessions learnt`, `${learntS.toFixed(1)} s`, ''],
    ['products with behaviour / past the threshold (10 sessions)', `${withEvidence.length} / ${past}`, ''],
    ['recommend (limit 20, userId + sessionId), answer kept: p50 / p99', figure(kept), goal(kept)],
    ['recommend (limit 20, userId + sessionId), behaviour just changed: p50 / p99', figure(changed), goal(changed)],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [what, figure, goal] of await measureShopperLookups())
    console.log(`  ${what}: ${figure}${goal ? ` (${goal})` : ''}`);
}
