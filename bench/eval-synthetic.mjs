// @ts-check
/**
 * `npm run eval:similar`: how good similar-products answers are, offline, on a synthetic shop
 * whose hidden truth is known (bench/synthetic-shop.mjs: 20,000 products, shoppers with latent
 * tastes browsing in sessions over 28 days), on the built code.
 *
 * The shop is split by time: the first 21 days train (the co-view index learns from their
 * events; the shoppers' tastes are read from them), the last 7 test. For each test session one
 * viewed product is the query (a view chosen at random among those followed by something new);
 * the relevant set is every product the session views, carts or buys after it that it had not
 * seen up to then. Each method answers 10 products for the query:
 *
 * - popularity: the 10 products with the most weight of events in training (view 1, cart 3, purchase 5);
 * - content: the similarity engine (NeighbourEngine) fed the whole catalog, no behaviour;
 * - blended: curated (none here), then the co-view index's neighbours when the product has enough
 *   evidence, filled from the content neighbours (blendNeighbours);
 * - shopper-aware: the blended list of 50 re-ranked for the shopper (rankForShopper): towards the
 *   categories and brands of their training events, their training purchases left out, the
 *   products the session viewed before moved down; cut to 10.
 *
 * Reported per group of queries: products with history (events in training) and new products
 * (launched at the split); recall@10, NDCG@10 (binary gains) and catalog coverage (the share of
 * the catalog that appears in at least one of the group's answers).
 *
 * Options: --seed=42, --shoppers=24000, --min-evidence=10 (DEFAULT_MIN_BEHAVIOUR_EVIDENCE),
 * --shrinkage=3, --category-weight, --brand-weight, --half-rank (rankForShopper's settings; its
 * defaults otherwise), --pool=50.
 */
import { cpus } from 'node:os';
import { CoViewIndex } from '../dist/adapters/similarity/co-view-index.js';
import { NeighbourEngine } from '../dist/adapters/similarity/neighbour-engine.js';
import { blendNeighbours, DEFAULT_MIN_BEHAVIOUR_EVIDENCE } from '../dist/domain/product/neighbour-blend.js';
import { rankForShopper, shopperTaste } from '../dist/domain/product/shopper-ranking.js';
import { commandLineOptions } from './options.mjs';
import { random } from './synthetic-catalog.mjs';
import { catalogProductOf, syntheticShop, SHOP_DEFAULTS } from './synthetic-shop.mjs';

const options = commandLineOptions();
const SEED = Number(options.seed ?? SHOP_DEFAULTS.seed);
const SHOPPERS = Number(options.shoppers ?? SHOP_DEFAULTS.shoppers);
const K = 10;
const POOL = Number(options.pool ?? 50);
const MIN_EVIDENCE = Number(options['min-evidence'] ?? DEFAULT_MIN_BEHAVIOUR_EVIDENCE);
const SHRINKAGE = Number(options.shrinkage ?? 3);
/** The re-ranking's settings: rankForShopper's defaults unless given. */
const RANKING = Object.fromEntries(
  [
    ['categoryWeight', options['category-weight']],
    ['brandWeight', options['brand-weight']],
    ['halfRank', options['half-rank']],
  ].flatMap(([key, value]) => (value === undefined ? [] : [[key, Number(value)]])),
);
const WEIGHTS = { view: 1, add_to_cart: 3, purchase: 5 };
const GOALS = { blendedOverContent: 1.3 };
const METHODS = ['popularity', 'content', 'blended', 'shopper-aware'];

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** The content engine, fed every product of the catalog (new ones included: the catalog knows them). */
function contentEngine(products) {
  const at = new Date(SHOP_DEFAULTS.days);
  const engine = new NeighbourEngine({ background: false });
  engine.productsSaved(products.map((p) => catalogProductOf(p, at)));
  engine.computePendingNow();
  return engine;
}

/** The co-view index, fed the training sessions' events in time order. */
function trainIndex(shop) {
  const events = [];
  for (const session of shop.sessions) {
    if (!session.train) continue;
    for (const e of session.events)
      events.push({ sessionId: session.id, productId: shop.products[e.product].id, type: e.type, at: e.at });
  }
  events.sort((a, b) => a.at - b.at);
  const index = new CoViewIndex({ shrinkage: SHRINKAGE });
  const t = performance.now();
  index.addAll(events);
  return { index, events, ms: performance.now() - t };
}

/** What training says of each shopper: the taste of their events, their purchases; and each product's weight of events. */
function trainingHistory(shop) {
  const signals = new Map();
  const purchased = new Map();
  const weight = new Map();
  for (const session of shop.sessions) {
    if (!session.train) continue;
    let list = signals.get(session.shopper);
    if (list === undefined) signals.set(session.shopper, (list = []));
    for (const e of session.events) {
      const product = shop.products[e.product];
      list.push({ category: product.category, brand: product.brand, weight: WEIGHTS[e.type] });
      weight.set(product.id, (weight.get(product.id) ?? 0) + WEIGHTS[e.type]);
      if (e.type !== 'purchase') continue;
      if (!purchased.has(session.shopper)) purchased.set(session.shopper, new Set());
      purchased.get(session.shopper).add(product.id);
    }
  }
  const tastes = new Map([...signals].map(([shopper, list]) => [shopper, shopperTaste(list)]));
  return { tastes, purchased, weight };
}

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
      const relevant = new Set(ids.slice(i + 1).filter((id) => !seen.has(id)));
      if (relevant.size > 0) candidates.push({ i, relevant, seen: new Set(seen) });
    });
    if (candidates.length === 0) continue;
    const { i, relevant } = candidates[Math.floor(next() * candidates.length)];
    const viewed = new Map();
    for (let j = 0; j <= i; j++) if (session.events[j].type === 'view') viewed.set(ids[j], new Date(session.events[j].at));
    const product = shop.products[session.events[i].product];
    queries.push({
      productId: product.id,
      isNew: product.isNew,
      shopper: session.shopper,
      now: new Date(session.events[i].at),
      viewed,
      relevant,
    });
  }
  return queries;
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

/** Every method's answer to one query. */
function answers(query, context) {
  const { engine, index, history, popular, productById } = context;
  const id = query.productId;
  const blendedPool = blendNeighbours(
    id,
    {
      behavioural: index.neighbours(id, POOL).map((n) => n.productId),
      evidence: index.evidence(id),
      catalog: engine.similarTo(id, POOL) ?? [],
    },
    POOL,
    MIN_EVIDENCE,
  ).ids;
  const shopper = {
    taste: history.tastes.get(query.shopper),
    purchased: history.purchased.get(query.shopper),
    viewedInSession: query.viewed,
    now: query.now,
  };
  // Candidates as the service gives them: id, category and brand (the shop's hidden `style` is not a profile's).
  const reranked = rankForShopper(
    blendedPool.map((p) => {
      const { id, category, brand } = productById.get(p);
      return { id, category, brand };
    }),
    shopper,
    RANKING,
  );
  return {
    popularity: popular.filter((p) => p !== id).slice(0, K),
    content: (engine.similarTo(id, K) ?? []).slice(0, K),
    blended: blendedPool.slice(0, K),
    'shopper-aware': reranked.slice(0, K).map((p) => p.id),
  };
}

function evaluate(queries, context, catalogSize) {
  const groups = {
    'with history': queries.filter((q) => !q.isNew && context.history.weight.has(q.productId)),
    new: queries.filter((q) => q.isNew),
  };
  const rows = [];
  for (const [group, list] of Object.entries(groups)) {
    const sums = Object.fromEntries(METHODS.map((m) => [m, { recall: 0, ndcg: 0, shown: new Set() }]));
    for (const query of list) {
      const byMethod = answers(query, context);
      for (const method of METHODS) {
        const answer = byMethod[method];
        sums[method].recall += recallAt(answer, query.relevant);
        sums[method].ndcg += ndcgAt(answer, query.relevant);
        for (const id of answer) sums[method].shown.add(id);
      }
    }
    for (const method of METHODS) {
      const s = sums[method];
      rows.push({
        group,
        method,
        queries: list.length,
        recall: s.recall / list.length,
        ndcg: s.ndcg / list.length,
        coverage: s.shown.size / catalogSize,
      });
    }
  }
  return rows;
}

/** Evidence bands, to see from how much behaviour its neighbours beat the catalog's. */
const BANDS = [
  [1, 2],
  [3, 4],
  [5, 9],
  [10, 19],
  [20, Number.POSITIVE_INFINITY],
];

/** For products with history, by evidence: NDCG@10 of content against behaviour first (no threshold). */
function byEvidence(queries, { engine, index, history }) {
  return BANDS.map(([low, high]) => {
    const list = queries.filter((q) => {
      const evidence = index.evidence(q.productId);
      return !q.isNew && history.weight.has(q.productId) && evidence >= low && evidence <= high;
    });
    let content = 0;
    let behaviour = 0;
    for (const q of list) {
      const catalog = engine.similarTo(q.productId, K) ?? [];
      const behavioural = index.neighbours(q.productId, K).map((n) => n.productId);
      content += ndcgAt(catalog, q.relevant);
      behaviour += ndcgAt(blendNeighbours(q.productId, { behavioural, evidence: 0, catalog }, K, 0).ids, q.relevant);
    }
    const band = high === low ? `${low}` : high === Number.POSITIVE_INFINITY ? `${low}+` : `${low}–${high}`;
    return { band, queries: list.length, content: content / list.length, behaviour: behaviour / list.length };
  });
}

function lookupLatency(index, queries) {
  const times = [];
  for (const query of queries) {
    const t = performance.now();
    index.neighbours(query.productId, POOL);
    times.push(performance.now() - t);
  }
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

function report(rows) {
  console.log('| products | method | queries | recall@10 | NDCG@10 | coverage |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.group} | ${r.method} | ${r.queries} | ${r.recall.toFixed(3)} | ${r.ndcg.toFixed(3)} | ${(100 * r.coverage).toFixed(1)}% |`,
    );
  }
  const ndcg = (group, method) => rows.find((r) => r.group === group && r.method === method).ndcg;
  const lift = ndcg('with history', 'blended') / ndcg('with history', 'content');
  const verdict = (ok) => (ok ? 'met' : 'missed');
  console.log('\n| goal | figure | verdict |');
  console.log('|---|---:|---|');
  console.log(
    `| blended NDCG@10 ≥ ${GOALS.blendedOverContent}× content, with history | ${lift.toFixed(2)}× | ${verdict(lift >= GOALS.blendedOverContent)} |`,
  );
  const newRatio = ndcg('new', 'blended') / ndcg('new', 'content');
  console.log(`| blended no worse than content, new products | ${newRatio.toFixed(2)}× | ${verdict(newRatio >= 1 - 1e-9)} |`);
  for (const group of ['with history', 'new']) {
    const ratio = ndcg(group, 'shopper-aware') / ndcg(group, 'blended');
    console.log(`| shopper-aware ≥ blended, ${group} | ${ratio.toFixed(2)}× | ${verdict(ratio >= 1 - 1e-9)} |`);
  }
}

async function main() {
  const started = performance.now();
  console.log(
    `Offline evaluation of similar products on ${cpus()[0]?.model.trim()} (${cpus().length} cores), Node ${process.version}`,
  );
  let t = performance.now();
  const shop = syntheticShop({ seed: SEED, shoppers: SHOPPERS });
  const trainSessions = shop.sessions.filter((s) => s.train).length;
  console.log(
    `shop (seed ${SEED}): ${shop.products.length} products (${shop.products.filter((p) => p.isNew).length} new at the split), ${shop.options.styles} styles, ${shop.looks.length} looks; ` +
      `${shop.sessions.length} sessions (${trainSessions} train, ${shop.sessions.length - trainSessions} test) [${seconds(t)}]`,
  );
  t = performance.now();
  const engine = contentEngine(shop.products);
  console.log(`content engine: every list computed [${seconds(t)}]`);
  const { index, events, ms } = trainIndex(shop);
  const stats = index.stats;
  console.log(
    `co-view index: ${events.length} training events in ${(ms / 1000).toFixed(1)} s (${Math.round(events.length / (ms / 1000))} events/s); ` +
      `${stats.products} products, ${stats.pairs} pair entries, ~${(stats.bytes / 2 ** 20).toFixed(0)} MiB; shrinkage λ ${SHRINKAGE}, min evidence ${MIN_EVIDENCE}`,
  );
  const history = trainingHistory(shop);
  const popular = [...history.weight]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, K + 1)
    .map(([id]) => id);
  const productById = new Map(shop.products.map((p) => [p.id, p]));
  const queries = testQueries(shop);
  const context = { engine, index, history, popular, productById };
  t = performance.now();
  const rows = evaluate(queries, context, shop.products.length);
  console.log(`${queries.length} test queries answered by every method [${seconds(t)}]`);
  const trusted = queries.filter((q) => !q.isNew && index.evidence(q.productId) >= MIN_EVIDENCE).length;
  const latency = lookupLatency(index, queries);
  console.log(
    `queries on products with enough evidence: ${trusted}; index read (neighbours, k=${POOL}) p50 ${latency.p50.toFixed(4)} ms, p99 ${latency.p99.toFixed(4)} ms\n`,
  );
  report(rows);
  console.log('\nProducts with history by evidence (sessions that paired them in training): NDCG@10');
  console.log('| evidence | queries | content | behaviour first, then content |');
  console.log('|---|---:|---:|---:|');
  for (const b of byEvidence(queries, context)) {
    console.log(
      `| ${b.band} | ${b.queries} | ${b.queries ? b.content.toFixed(3) : '–'} | ${b.queries ? b.behaviour.toFixed(3) : '–'} |`,
    );
  }
  console.log(
    `\nsettings: pool ${POOL}, ranking ${Object.keys(RANKING).length === 0 ? "rankForShopper's defaults" : JSON.stringify(RANKING)}; total ${seconds(started)}`,
  );
}

await main();
