// @ts-check
/**
 * The shopper case of `npm run bench` (issue 13, item 6): a similar-products answer for a shopper
 * in a session is still a memory computation. In this process: the SimilarityEngine over a
 * synthetic shop of 100,000 products (bench/synthetic-shop.mjs) whose sessions are learnt as the
 * service learns them (every catalog list computed, as the background does), asked through
 * SimilarAnswers with the shipped policy, one call at a time (after a warm-up on other calls):
 *
 * - `forShopper(product, 20, { userId, sessionId, now })` for 10,000 shoppers with history, each in
 *   a session of 20 events (their own past views replayed as one new visit) that ends on the
 *   product asked: composed for each request (the sessions most like theirs, the blend, the
 *   re-ranking to their taste). The goal: p99 ≤ 0.5 ms.
 * - the same shoppers asking without a session (`userId` only): the product's kept answer
 *   re-ranked to their taste;
 * - anonymous `forEveryone(product, 20)` for the 1,000 products with the most behaviour: the answer
 *   kept (the usual case) and one whose product's behaviour has just changed (a new session pairs
 *   it with another product: composed again).
 *
 * Each figure is p50 / p99 in the engine, and how many timed calls a garbage collection pause fell
 * in (with the p99 of the others): the bench holds a 100,000-product shop and its sessions.
 *
 * Run alone (`node --max-old-space-size=8192 bench/shopper-lookup.mjs [--products=100000]
 * [--shoppers=30000]`) or by `npm run bench`.
 */
import { SimilarityEngine } from '../dist/adapters/similarity/similarity-engine.js';
import { SimilarAnswers } from '../dist/application/product/similar-answers.js';
import { DEFAULT_SIMILARITY_POLICY } from '../dist/domain/product/similarity-policy.js';
import { commandLineOptions } from './options.mjs';
import { quantile, timedCalls, withoutPauses } from './timing.mjs';
import { catalogProductOf, syntheticShop } from './synthetic-shop.mjs';

const options = commandLineOptions();
/** The shop's size (--products, --shoppers: smaller for a quick run). */
const PRODUCTS = Number(options.products ?? 100_000);
const SHOPPERS = Number(options.shoppers ?? 30_000);
const ANCHORS = 1_000;
const LOOKUPS = 20_000;
const SESSION_LOOKUPS = 10_000;
const WARM_UP = 2_000;
const SESSION_EVENTS = 20;
const GOAL_P99_MS = 0.5;
const POLICY = DEFAULT_SIMILARITY_POLICY;

/** p50 / p99 of timed calls, and those a GC pause fell in. @param {Float64Array} calls */
async function summary(calls) {
  const { times, clean } = await withoutPauses(calls);
  const p99 = quantile(times, 0.99);
  const gc = times.length - clean.length;
  return {
    figure: `${quantile(times, 0.5).toFixed(4)} / ${p99.toFixed(4)} ms (GC pause in ${gc} of ${times.length} calls; p99 of the others ${quantile(clean, 0.99).toFixed(4)} ms)`,
    goal: `p99 ≤ ${GOAL_P99_MS} ms ${p99 <= GOAL_P99_MS ? 'met' : 'missed'}`,
  };
}

/** @returns {Promise<string[][]>} rows: what, figure, goal */
async function measureShopperLookups() {
  const started = performance.now();
  const shop = syntheticShop({ products: PRODUCTS, shoppers: SHOPPERS });
  const engine = new SimilarityEngine({ background: false, policy: POLICY });
  engine.productsSaved(shop.products.map((/** @type {any} */ p) => catalogProductOf(p, new Date(0))));
  const userIdOf = (/** @type {number} */ shopper) => `U-${shopper}`;
  let events = 0;
  let last = 0;
  /** Each shopper's events, in time order. @type {Map<number, any[]>} */
  const pastOf = new Map();
  for (const session of shop.sessions) {
    const batch = session.events.map((/** @type {any} */ e) => ({
      type: e.type,
      productId: shop.products[e.product].id,
      sessionId: session.id,
      userId: userIdOf(session.shopper),
      at: new Date(e.at),
    }));
    engine.learn(batch);
    events += batch.length;
    for (const e of session.events) last = Math.max(last, e.at);
    let past = pastOf.get(session.shopper);
    if (past === undefined) pastOf.set(session.shopper, (past = []));
    past.push(...batch);
  }
  const learntS = (performance.now() - started) / 1000;
  const listsStarted = performance.now();
  engine.computePendingNow();
  const listsS = (performance.now() - listsStarted) / 1000;
  const answers = new SimilarAnswers(engine, POLICY);

  // Shoppers in a session of 20 events: their latest 20 events replayed as one new visit, one a second, after the shop's last event.
  const sessions = [];
  const shoppers = [...pastOf.keys()].filter((s) => (pastOf.get(s)?.length ?? 0) >= SESSION_EVENTS);
  for (let i = 0, at = last + 3_600_000; sessions.length < WARM_UP + SESSION_LOOKUPS; i++) {
    const shopper = shoppers[(i * 7919) % shoppers.length];
    const past = /** @type {any[]} */ (pastOf.get(shopper)).slice(-SESSION_EVENTS);
    if (past.length < SESSION_EVENTS) continue;
    const sessionId = `L-${i}`;
    const batch = past.map((e) => ({ ...e, sessionId, at: new Date((at += 1000)) }));
    engine.learn(batch);
    sessions.push({
      productId: batch.at(-1).productId,
      query: { userId: userIdOf(shopper), sessionId, now: new Date(at + 1000) },
    });
    at += 60_000;
  }

  // The products with the most behaviour, as a shop's traffic mostly asks for; each answer computed before timing.
  const withEvidence = shop.products.filter((/** @type {any} */ p) => engine.evidence(p.id) > 0);
  const anchors = withEvidence
    .sort((/** @type {any} */ a, /** @type {any} */ b) => engine.evidence(b.id) - engine.evidence(a.id))
    .slice(0, ANCHORS)
    .map((/** @type {any} */ p) => p.id);
  const past = shop.products.filter((/** @type {any} */ p) => engine.evidence(p.id) >= 10).length;
  const now = new Date(sessions.at(-1)?.query.now.getTime() ?? last);
  const requests = Array.from({ length: LOOKUPS }, (_, i) => anchors[i % anchors.length]);
  for (const id of requests) answers.forEveryone(id, 20);
  const kept = timedCalls(requests, (id) => answers.forEveryone(id, 20));

  // Shoppers in a session: a warm-up on the first sessions, then the others, each once.
  for (const { productId, query } of sessions.slice(0, WARM_UP)) answers.forShopper(productId, 20, query);
  const inSession = timedCalls(sessions.slice(WARM_UP), ({ productId, query }) => answers.forShopper(productId, 20, query));
  // The same shoppers without a session: the product's kept answer re-ranked to them (their taste
  // worked out in a warm-up on another product: a shopper's last answer is kept, not asked again).
  const withoutSession = sessions.slice(WARM_UP).map(({ query }, i) => ({
    productId: anchors[i % anchors.length],
    query: { userId: query.userId, now },
  }));
  withoutSession.forEach(({ query }, i) => answers.forShopper(anchors[(i + ANCHORS / 2) % anchors.length], 20, query));
  const userOnly = timedCalls(withoutSession, ({ productId, query }) => answers.forShopper(productId, 20, query));

  // Behaviour that changed since the answer was kept: a new session pairs the anchor with another product.
  const changes = Array.from({ length: Math.min(LOOKUPS / 4, anchors.length * 4) }, (_, i) => i);
  const changedCalls = new Float64Array(2 * changes.length);
  for (const i of changes) {
    const anchor = anchors[i % anchors.length];
    const other = shop.products[(i * 31) % shop.products.length].id;
    const at = new Date(now.getTime() + i);
    engine.learn([
      { type: 'view', productId: anchor, sessionId: `B-${i}`, at },
      { type: 'view', productId: other, sessionId: `B-${i}`, at },
    ]);
    const t = performance.now();
    answers.forEveryone(anchor, 20);
    changedCalls[2 * i] = t;
    changedCalls[2 * i + 1] = performance.now();
  }
  const session = await summary(inSession);
  const user = await summary(userOnly);
  const keptSummary = await summary(kept);
  const changed = await summary(changedCalls);
  return [
    [`shop: ${PRODUCTS} products, ${events} events of ${shop.sessions.length} sessions learnt`, `${learntS.toFixed(1)} s`, ''],
    ['every catalog list computed (computePendingNow)', `${listsS.toFixed(1)} s`, ''],
    ['products with behaviour / past 10 sessions of evidence', `${withEvidence.length} / ${past}`, ''],
    [`forShopper (limit 20, userId + a ${SESSION_EVENTS}-event session): p50 / p99`, session.figure, session.goal],
    ['forShopper (limit 20, userId only), answer kept: p50 / p99', user.figure, user.goal],
    ['forEveryone (limit 20), answer kept: p50 / p99', keptSummary.figure, keptSummary.goal],
    ['forEveryone (limit 20), behaviour just changed: p50 / p99', changed.figure, changed.goal],
  ];
}

for (const [what, figure, goal] of await measureShopperLookups()) console.log(`  ${what}: ${figure}${goal ? ` (${goal})` : ''}`);
