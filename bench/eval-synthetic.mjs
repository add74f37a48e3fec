// @ts-check
/**
 * `npm run eval:similar` (second table): similar-products answers on a synthetic shop whose
 * hidden truth is known (bench/synthetic-shop.mjs: 20,000 products, shoppers with latent tastes
 * browsing in sessions over 28 days). Our own data: a check that the answers behave, never the
 * proof (the first table, on a real shop's sessions, is).
 *
 * Every answer comes from the service's objects: a SimilarityEngine fed the catalog and the events
 * (userId and sessionId as a storefront sends them), asked through SimilarAnswers with the
 * shipped policy. The first 21 days train; for each test session one viewed product is the query
 * (a view chosen at random among those followed by something new), the session's events up to it
 * learnt first, as the service would have; the relevant set is every product other than the query
 * that the session views, carts or buys after it (with --relevant=unseen: only those it had not
 * seen up to then, which no answer that reminds a shopper of what they saw can win). Each method
 * answers 10 products:
 *
 * - popularity: the 10 products with the most events in training;
 * - content: an engine fed the catalog only (what the catalog alone answers);
 * - the product alone: the trained engine's answer for everyone (a fresh session, nobody known);
 * - session-aware: the answer for the session's `sessionId`;
 * - shopper-aware: the same with the shopper's `userId` (their training events known to the engine).
 *
 * Reported per group of queries: products with history (events in training) and new products
 * (launched at the split); recall@10, NDCG@10 (binary gains) and catalog coverage.
 *
 * Options: --seed=42, --shoppers=24000, --relevant=all|unseen, --policy='{"sessionRecency":1}' (a
 * variant of the shipped policy).
 */
import { SimilarityEngine } from '../dist/adapters/similarity/similarity-engine.js';
import { SimilarAnswers } from '../dist/application/product/similar-answers.js';
import { DEFAULT_SIMILARITY_POLICY } from '../dist/domain/product/similarity-policy.js';
import { commandLineOptions } from './options.mjs';
import { random } from './synthetic-catalog.mjs';
import { catalogProductOf, syntheticShop, SHOP_DEFAULTS } from './synthetic-shop.mjs';

const options = commandLineOptions();
const SEED = Number(options.seed ?? SHOP_DEFAULTS.seed);
const SHOPPERS = Number(options.shoppers ?? SHOP_DEFAULTS.shoppers);
const K = 10;
/** What counts as relevant: every later product but the query's (shoppers go back), or only those the session had not seen (--relevant=unseen). */
const RELEVANT_SEEN = options.relevant !== 'unseen';
/** The shipped policy, or a variant of it (--policy='{"sessionRecency":0.5}'). */
const POLICY = { ...DEFAULT_SIMILARITY_POLICY, ...JSON.parse(options.policy ?? '{}') };
const GOALS = { overContent: 1.3 };
const METHODS = ['popularity', 'content', 'the product alone', 'session-aware', 'shopper-aware'];

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

const userIdOf = (shopper) => `shopper-${shopper}`;

/** An engine fed every product of the catalog (new ones included: the catalog knows them). */
function engineWithCatalog(products) {
  const at = new Date(SHOP_DEFAULTS.days);
  const engine = new SimilarityEngine({ background: false, policy: POLICY });
  engine.productsSaved(products.map((p) => catalogProductOf(p, at)));
  engine.computePendingNow();
  return engine;
}

const eventOf = (shop, session, e) => ({
  type: e.type,
  productId: shop.products[e.product].id,
  sessionId: session.id,
  userId: userIdOf(session.shopper),
  at: new Date(e.at),
});

/** One query per test session: a view followed by something the session had not seen, chosen at random. */
function testQueries(shop) {
  const next = random(SEED * 31 + 7);
  const queries = [];
  for (const session of shop.sessions) {
    if (session.train) continue;
    const ids = session.events.map((e) => shop.products[e.product].id);
    const candidates = [];
    const seen = new Set();
    session.events.forEach((e, i) => {
      seen.add(ids[i]);
      if (e.type !== 'view') return;
      const relevant = new Set(ids.slice(i + 1).filter((id) => (RELEVANT_SEEN ? id !== ids[i] : !seen.has(id))));
      if (relevant.size > 0) candidates.push({ i, relevant });
    });
    if (candidates.length === 0) continue;
    const { i, relevant } = candidates[Math.floor(next() * candidates.length)];
    const product = shop.products[session.events[i].product];
    queries.push({
      productId: product.id,
      isNew: product.isNew,
      session,
      upTo: i,
      now: new Date(session.events[i].at),
      relevant,
    });
  }
  return queries.sort((a, b) => a.now.getTime() - b.now.getTime());
}

function recallAt(answer, relevant) {
  let hits = 0;
  for (const id of answer.slice(0, K)) if (relevant.has(id)) hits++;
  return hits / relevant.size;
}

function ndcgAt(answer, relevant) {
  let dcg = 0;
  answer.slice(0, K).forEach((id, rank) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(rank + 2);
  });
  let ideal = 0;
  for (let rank = 0; rank < Math.min(K, relevant.size); rank++) ideal += 1 / Math.log2(rank + 2);
  return dcg / ideal;
}

/** Every method's answer to one query, the trained engine having learnt the session up to it. */
function answers(query, context) {
  const { content, trained, popular, shop } = context;
  const id = query.productId;
  const { session, upTo, now } = query;
  trained.engine.learn(session.events.slice(0, upTo + 1).map((e) => eventOf(shop, session, e)));
  return {
    popularity: popular.filter((p) => p !== id).slice(0, K),
    content: content.forEveryone(id, K)?.ids ?? [],
    'the product alone': trained.answers.forEveryone(id, K)?.ids ?? [],
    'session-aware': trained.answers.forShopper(id, K, { sessionId: session.id, now })?.ids ?? [],
    'shopper-aware':
      trained.answers.forShopper(id, K, { sessionId: session.id, userId: userIdOf(session.shopper), now })?.ids ?? [],
  };
}

function evaluate(queries, context, catalogSize, hasHistory) {
  const sums = new Map();
  for (const query of queries) {
    const group = query.isNew ? 'new' : hasHistory.has(query.productId) ? 'with history' : undefined;
    if (group === undefined) continue;
    const byMethod = answers(query, context);
    for (const method of METHODS) {
      const key = `${group}\u0000${method}`;
      let s = sums.get(key);
      if (s === undefined) sums.set(key, (s = { group, method, queries: 0, recall: 0, ndcg: 0, shown: new Set() }));
      const answer = byMethod[method];
      s.queries++;
      s.recall += recallAt(answer, query.relevant);
      s.ndcg += ndcgAt(answer, query.relevant);
      for (const id of answer) s.shown.add(id);
    }
  }
  return [...sums.values()]
    .sort((a, b) =>
      a.group === b.group ? METHODS.indexOf(a.method) - METHODS.indexOf(b.method) : a.group === 'with history' ? -1 : 1,
    )
    .map((s) => ({ ...s, recall: s.recall / s.queries, ndcg: s.ndcg / s.queries, coverage: s.shown.size / catalogSize }));
}

function report(rows) {
  console.log('| products | method | queries | recall@10 | NDCG@10 | coverage |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.group} | ${r.method} | ${r.queries} | ${r.recall.toFixed(3)} | ${r.ndcg.toFixed(3)} | ${(100 * r.coverage).toFixed(1)}% |`,
    );
  }
  const ndcg = (group, method) => rows.find((r) => r.group === group && r.method === method)?.ndcg ?? 0;
  const verdict = (ok) => (ok ? 'met' : 'missed');
  console.log('\n| goal (synthetic shop) | figure | verdict |');
  console.log('|---|---:|---|');
  const lift = ndcg('with history', 'the product alone') / ndcg('with history', 'content');
  console.log(
    `| the product alone NDCG@10 ≥ ${GOALS.overContent}× content, with history | ${lift.toFixed(2)}× | ${verdict(lift >= GOALS.overContent)} |`,
  );
  for (const group of ['with history', 'new']) {
    const ratio = ndcg(group, 'session-aware') / ndcg(group, 'the product alone');
    console.log(`| session-aware ≥ the product alone, ${group} | ${ratio.toFixed(2)}× | ${verdict(ratio >= 1)} |`);
  }
}

async function main() {
  const started = performance.now();
  let t = performance.now();
  const shop = syntheticShop({ seed: SEED, shoppers: SHOPPERS });
  const trainSessions = shop.sessions.filter((s) => s.train);
  console.log(
    `Synthetic shop (seed ${SEED}): ${shop.products.length} products (${shop.products.filter((p) => p.isNew).length} new at the split); ` +
      `${shop.sessions.length} sessions (${trainSessions.length} train) [${seconds(t)}]`,
  );
  t = performance.now();
  const content = new SimilarAnswers(engineWithCatalog(shop.products), POLICY);
  const engine = engineWithCatalog(shop.products);
  const events = trainSessions.flatMap((s) => s.events.map((e) => eventOf(shop, s, e))).sort((a, b) => a.at - b.at);
  engine.learn(events);
  const trained = { engine, answers: new SimilarAnswers(engine, POLICY) };
  console.log(`engines: every list computed, ${events.length} training events learnt [${seconds(t)}]`);
  const weight = new Map();
  for (const e of events) weight.set(e.productId, (weight.get(e.productId) ?? 0) + 1);
  const popular = [...weight]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, K + 1)
    .map(([id]) => id);
  t = performance.now();
  const queries = testQueries(shop);
  const rows = evaluate(queries, { content, trained, popular, shop }, shop.products.length, weight);
  console.log(`${queries.length} test queries answered by every method [${seconds(t)}]\n`);
  report(rows);
  console.log(`\n[${seconds(started)}]`);
}

await main();
