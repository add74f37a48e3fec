// @ts-check
/**
 * `npm run bench:similarity`: the similarity index's quality and speed, in this process, on the
 * built code.
 *
 * - **embeddings** (a synthetic catalog in known clusters, bench/synthetic-catalog.mjs, with
 *   embeddings): the time to build the catalog's neighbour lists (NeighbourLists: products in, the
 *   HNSW graph, every list), recall@10 of the graph against exact search, and the latency of a
 *   search and of a list's lookup (`listOf`).
 * - **content** (the same catalog without embeddings): the time to build the content lists, the
 *   share of content neighbours from the product's own cluster, and the lookup latency.
 * - **realistic content** (bench/realistic-catalog.mjs: a fashion shop's catalog in Portuguese,
 *   whose words are shared across categories as a real shop's are) at 1,000, 10,000 and 100,000
 *   products, the lists built twice: with the content index of before (`commonWalkBudget: 0`:
 *   terms held by more than 1% of the catalog never walked) and with the default (common terms
 *   walked within a per-query budget). Per size and index: the build time, the time of one list's
 *   computation (1,000 lists computed on the spot while the rest wait, as a lookup does during an
 *   import), and the share of the first 10 content neighbours in the product's category (mean over
 *   1,000 products; the goal: above 0.5 at 100,000 products). Also the share that are colour
 *   variants of the product's own model.
 * - **behaviour**: the SimilarityEngine (over the content catalog) learning --events (default
 *   3,000,000) synthetic session events in batches of 1,000 (each session wanders near a product,
 *   popular products mixed in; 70% of sessions name a shopper): events per second, the behaviour's
 *   size, then SimilarAnswers' latency: `forEveryone(id, 20)` for the 1,000 most popular products
 *   and for 1,000 others, composed (the first ask) and kept (asked again), and `forShopper(id, 20,
 *   { userId, sessionId, now })` for shoppers with history in a session of 20 events that ends on
 *   the product (composed for each request). The sampled products' catalog lists are computed
 *   before the timing (the rest stay pending: the content part measures building them all).
 *
 * Options: --count=100000, --dimension=64, --samples=1000, --noise=0.8, --events=3000000,
 * --sizes=1000,10000,100000 (realistic catalogs), --only=embeddings|content|realistic|behaviour.
 */
import { COMMON_WALK_BUDGET } from '../dist/adapters/similarity/content-index.js';
import { NeighbourLists } from '../dist/adapters/similarity/neighbour-lists.js';
import { SimilarityEngine } from '../dist/adapters/similarity/similarity-engine.js';
import { SimilarAnswers } from '../dist/application/product/similar-answers.js';
import { DEFAULT_SIMILARITY_POLICY } from '../dist/domain/product/similarity-policy.js';
import { commandLineOptions } from './options.mjs';
import { quantile, timedCalls, withoutPauses } from './timing.mjs';
import { realisticCatalog } from './realistic-catalog.mjs';
import { random, syntheticCatalog } from './synthetic-catalog.mjs';
import { cpus, totalmem } from 'node:os';

const options = commandLineOptions();
const COUNT = Number(options.count ?? 100_000);
const DIMENSION = Number(options.dimension ?? 64);
const SAMPLES = Number(options.samples ?? 1_000);
/** embeddings, content, realistic or behaviour; all four by default. */
const ONLY = options.only;
/** How far products lie from their cluster's centre (per value; the centres' values are standard normal). */
const NOISE = Number(options.noise ?? 0.8);
const EVENTS = Number(options.events ?? 3_000_000);
const REALISTIC_SIZES = String(options.sizes ?? '1000,10000,100000')
  .split(',')
  .map(Number);
const GOALS = { recall: 0.95, buildSeconds: 60, p99Ms: 0.5, realisticCategoryShare: 0.5, realisticAt: 100_000 };
/** Events of the behaviour part: one learn call per batch (as the service records them). */
const BATCH = 1_000;
/** Shoppers the behaviour's sessions name (30% of sessions name none). */
const USERS = 50_000;
const SHOPPER_SESSION_EVENTS = 20;

/** @param {number[]} times */
const latency = (times) => `${quantile(times, 0.5).toFixed(4)} / ${quantile(times, 0.99).toFixed(4)} ms`;
/** @param {number[]} times */
const p99Goal = (times) => `p99 ≤ ${GOALS.p99Ms} ms ${quantile(times, 0.99) <= GOALS.p99Ms ? 'met' : 'missed'}`;

/**
 * The durations of timed calls, and how many a GC pause fell in with the p99 of the others.
 * @param {Float64Array} calls
 */
async function withPauses(calls) {
  const { times, clean } = await withoutPauses(calls);
  const note =
    clean.length === times.length
      ? ''
      : ` (GC pause in ${times.length - clean.length}; p99 of the others ${quantile(clean, 0.99).toFixed(4)} ms)`;
  return { times, note };
}

/** @param {boolean} embeddings */
function load(embeddings) {
  const clusterOf = new Map();
  const products = [];
  const at = new Date('2026-11-21T12:00:00Z');
  for (const { product, cluster } of syntheticCatalog({ count: COUNT, embeddings, dimension: DIMENSION, noise: NOISE })) {
    clusterOf.set(product.id, cluster);
    products.push({ attributes: {}, ...product, createdAt: at, updatedAt: at });
  }
  return { products, clusterOf };
}

/** @param {any[]} products */
function build(products) {
  const lists = new NeighbourLists({ background: false });
  const t0 = performance.now();
  lists.productsSaved(products);
  const t1 = performance.now();
  lists.computePendingNow();
  const t2 = performance.now();
  return { lists, ingestS: (t1 - t0) / 1000, listsS: (t2 - t1) / 1000, totalS: (t2 - t0) / 1000 };
}

/** A request's lookup of a product's list: its first 20. @param {NeighbourLists} lists @param {any[]} products */
function lookupLatency(lists, products) {
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const id = products[(i * 7919) % products.length].id;
    const t = performance.now();
    lists.listOf(id)?.ids.slice(0, 20);
    times.push(performance.now() - t);
  }
  return times;
}

/** @template T @param {T[]} products @param {number} i @returns {T} */
function sample(products, i) {
  return products[(i * 104729) % products.length];
}

const skuOf = (/** @type {number} */ i) => `SKU-${String(i).padStart(7, '0')}`;
/** @type {('view' | 'add_to_cart' | 'purchase')[]} */
const EVENT_TYPES = ['view', 'view', 'view', 'view', 'view', 'view', 'view', 'view', 'add_to_cart', 'purchase'];

/**
 * Session events over COUNT product ids: a session wanders near where it starts, popular products
 * (the first ids, by a power law) a third of its steps; 70% of sessions name one of USERS shoppers.
 * @param {() => number} next
 */
function* sessionEvents(next) {
  const popular = () => Math.floor(COUNT * next() ** 4);
  let at = Date.UTC(2026, 10, 1);
  for (let emitted = 0, s = 0; emitted < EVENTS; s++) {
    let current = Math.floor(next() * COUNT);
    const length = 2 + Math.floor(next() * 10);
    const userId = next() < 0.7 ? `U-${Math.floor(next() * USERS)}` : undefined;
    for (let i = 0; i < length && emitted < EVENTS; i++, emitted++) {
      current = next() < 0.33 ? popular() : (current + Math.floor(next() * 101) - 50 + COUNT) % COUNT;
      at += 50;
      yield {
        sessionId: `S-${s}`,
        productId: skuOf(current),
        userId,
        type: EVENT_TYPES[Math.floor(next() * EVENT_TYPES.length)],
        at: new Date(at),
      };
    }
  }
}

/** @returns {Promise<(string | number)[][]>} rows */
async function behaviourRows() {
  const { products } = load(false);
  const engine = new SimilarityEngine({ background: false, policy: DEFAULT_SIMILARITY_POLICY });
  engine.productsSaved(products);
  const answers = new SimilarAnswers(engine, DEFAULT_SIMILARITY_POLICY);
  const next = random(7);
  const t0 = performance.now();
  let batch = [];
  let last = 0;
  for (const event of sessionEvents(next)) {
    batch.push(event);
    if (batch.length === BATCH) {
      engine.learn(batch);
      batch = [];
    }
    last = event.at.getTime();
  }
  engine.learn(batch);
  const seconds = (performance.now() - t0) / 1000;
  const stats = engine.behaviour.stats;

  // Shoppers with history, each in a session of 20 events ending on the product asked (the storefront records the view, then asks).
  const shoppers = [];
  for (let k = 0; k < 2 * SAMPLES; k++) {
    const sessionId = `L-${k}`;
    const userId = `U-${Math.floor(next() * USERS)}`;
    let current = Math.floor(next() * COUNT);
    const events = [];
    let at = last + 60_000 + k * SHOPPER_SESSION_EVENTS * 1000;
    for (let i = 0; i < SHOPPER_SESSION_EVENTS; i++) {
      current = next() < 0.33 ? Math.floor(COUNT * next() ** 4) : (current + Math.floor(next() * 101) - 50 + COUNT) % COUNT;
      events.push({
        sessionId,
        userId,
        productId: skuOf(current),
        type: i === SHOPPER_SESSION_EVENTS - 1 ? 'view' : EVENT_TYPES[Math.floor(next() * EVENT_TYPES.length)],
        at: new Date((at += 1000)),
      });
    }
    engine.learn(events);
    shoppers.push({ productId: skuOf(current), query: { userId, sessionId, now: new Date(at + 1000) } });
  }
  const popularIds = Array.from({ length: SAMPLES }, (_, i) => skuOf(i));
  const ordinaryIds = Array.from({ length: SAMPLES }, (_, i) => skuOf(SAMPLES + ((i * 7919) % (COUNT - SAMPLES))));
  // Their catalog lists computed first (what the background does in the service).
  for (const id of [...popularIds, ...ordinaryIds, ...shoppers.map((s) => s.productId)]) engine.lists.listOf(id);

  /** @param {string[]} ids */
  const ask = (ids) => timedCalls(ids, (id) => answers.forEveryone(id, 20));
  // Warm-up: the code compiled on other products' answers.
  for (let i = 0; i < 200; i++) answers.forEveryone(skuOf(COUNT - 1 - i), 20);
  const popularComposed = ask(popularIds);
  const popularKept = ask(popularIds);
  const ordinaryComposed = ask(ordinaryIds);
  const ordinaryKept = ask(ordinaryIds);
  for (const { productId, query } of shoppers.slice(SAMPLES)) answers.forShopper(productId, 20, query);
  const shopperCalls = timedCalls(shoppers.slice(0, SAMPLES), ({ productId, query }) => answers.forShopper(productId, 20, query));
  /** @param {string} what @param {Float64Array} calls */
  const row = async (what, calls) => {
    const { times, note } = await withPauses(calls);
    return ['behaviour', what, `${latency(times)}${note}`, p99Goal(times)];
  };
  return [
    [
      'behaviour',
      `SimilarityEngine.learn: ${EVENTS} events (batches of ${BATCH}) in`,
      `${seconds.toFixed(1)} s (${Math.round(EVENTS / seconds)}/s)`,
      '',
    ],
    [
      'behaviour',
      'behaviour stats: products, sessions kept, shoppers, bytes',
      `${stats.products}, ${stats.sessions}, ${stats.users}, ${(stats.bytes / 2 ** 20).toFixed(0)} MiB`,
      '',
    ],
    await row('forEveryone (limit 20), the 1,000 most popular, composed p50 / p99', popularComposed),
    await row('forEveryone (limit 20), the 1,000 most popular, kept p50 / p99', popularKept),
    await row('forEveryone (limit 20), other products, composed p50 / p99', ordinaryComposed),
    await row('forEveryone (limit 20), other products, kept p50 / p99', ordinaryKept),
    await row(`forShopper (limit 20, userId + a ${SHOPPER_SESSION_EVENTS}-event session) p50 / p99`, shopperCalls),
  ];
}

/**
 * One realistic catalog's lists built with one content index: the build time, the time of single
 * list computations, and the share of the first 10 neighbours in the product's category and of its model.
 * @param {any[]} products @param {number[]} models @param {number | undefined} commonWalkBudget
 */
function realisticBuild(products, models, commonWalkBudget) {
  const n = products.length;
  const lists = new NeighbourLists({ background: false, commonWalkBudget });
  const timed = Math.min(SAMPLES, Math.floor(n / 2));
  const sampled = new Set(Array.from({ length: timed }, (_, i) => (i * 104729) % n));
  const t0 = performance.now();
  lists.productsSaved(products);
  // A warm-up on products outside the sample (the code compiled), then single lists computed on the spot, timed.
  for (let i = 0, warmed = 0; i < n && warmed < Math.min(100, n / 10); i++) {
    if (sampled.has(i)) continue;
    lists.listOf(products[i].id);
    warmed++;
  }
  const times = [];
  for (let i = 0; i < timed; i++) {
    const id = sample(products, i).id;
    const t = performance.now();
    lists.listOf(id);
    times.push(performance.now() - t);
  }
  lists.computePendingNow();
  const buildS = (performance.now() - t0) / 1000;
  const indexOf = new Map(products.map((p, i) => [p.id, i]));
  let categoryShare = 0;
  let modelShare = 0;
  let answered = 0;
  for (let i = 0; i < Math.min(SAMPLES, n); i++) {
    const at = (i * 104729) % n;
    const product = products[at];
    const ids = lists.listOf(product.id)?.ids.slice(0, 10) ?? [];
    if (ids.length === 0) continue;
    answered++;
    categoryShare += ids.filter((id) => products[indexOf.get(id)].category === product.category).length / ids.length;
    modelShare += ids.filter((id) => models[indexOf.get(id)] === models[at]).length / ids.length;
  }
  return { buildS, times, categoryShare: categoryShare / answered, modelShare: modelShare / answered };
}

/** The realistic catalogs' table and goal line. */
function realisticTable() {
  const lines = [
    '| products | content index | build | one list computed p50 / p99 | top 10 in the product’s category | top 10 colour variants of its model |',
    '|---:|---|---:|---:|---:|---:|',
  ];
  /** @type {Map<number, { old: any, budget: any }>} */
  const results = new Map();
  for (const size of REALISTIC_SIZES) {
    const products = [];
    const models = [];
    for (const { product, model } of realisticCatalog({ count: size })) {
      products.push(product);
      models.push(model);
    }
    const old = realisticBuild(products, models, 0);
    const budget = realisticBuild(products, models, undefined);
    results.set(size, { old, budget });
    for (const { name, r } of [
      { name: 'budget 0 (before)', r: old },
      { name: `default budget (${COMMON_WALK_BUDGET.toLocaleString('en')})`, r: budget },
    ]) {
      lines.push(
        `| ${size.toLocaleString('en')} | ${name} | ${r.buildS.toFixed(1)} s | ${latency(r.times)} | ${r.categoryShare.toFixed(3)} | ${r.modelShare.toFixed(3)} |`,
      );
    }
  }
  const goalSize = REALISTIC_SIZES.includes(GOALS.realisticAt) ? GOALS.realisticAt : Math.max(...REALISTIC_SIZES);
  const at = results.get(goalSize);
  if (at !== undefined) {
    const met = at.budget.categoryShare > GOALS.realisticCategoryShare;
    lines.push(
      '',
      `Goal (${goalSize.toLocaleString('en')} realistic products${goalSize === GOALS.realisticAt ? '' : `, not the goal's ${GOALS.realisticAt.toLocaleString('en')}`}: ` +
        `share of the top 10 in the product's category > ${GOALS.realisticCategoryShare}) ${met ? 'met' : 'missed'}: ` +
        `${at.budget.categoryShare.toFixed(3)} with the default index, ${at.old.categoryShare.toFixed(3)} with budget 0.`,
    );
  }
  return lines;
}

async function main() {
  console.log(
    `Similarity benchmark on ${cpus()[0]?.model.trim()} (${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB), Node ${process.version}`,
  );
  console.log(`${COUNT} products, embeddings of ${DIMENSION} values (noise ${NOISE}), ${SAMPLES} sampled queries\n`);
  const rows = [];

  // With embeddings.
  if (ONLY === undefined || ONLY === 'embeddings') {
    const { products } = load(true);
    const { lists, ingestS, listsS, totalS } = build(products);
    const index = lists.vectorIndex;
    if (index === undefined) throw new Error('no vector index: the catalog has no embeddings');
    let hits = 0;
    const searchTimes = [];
    for (let i = 0; i < SAMPLES; i++) {
      const product = sample(products, i);
      const slot = /** @type {number} */ (lists.slotOfProduct(product.id));
      const unit = /** @type {Float32Array} */ (lists.unitOf(product.id));
      const t = performance.now();
      const approximate = index.nearest(slot, unit, 10);
      searchTimes.push(performance.now() - t);
      const exact = new Set(index.exact(slot, unit, 10).slots);
      for (const s of approximate.slots) if (exact.has(s)) hits++;
    }
    const recall = hits / (SAMPLES * 10);
    const lookup = lookupLatency(lists, products);
    rows.push(['embeddings', 'build: products in', `${ingestS.toFixed(1)} s`, '']);
    rows.push(['embeddings', 'build: HNSW graph and every list', `${listsS.toFixed(1)} s`, '']);
    rows.push([
      'embeddings',
      'build: total',
      `${totalS.toFixed(1)} s`,
      `≤ ${GOALS.buildSeconds} s ${totalS <= GOALS.buildSeconds ? 'met' : 'missed'}`,
    ]);
    rows.push([
      'embeddings',
      'recall@10, HNSW against exact',
      recall.toFixed(3),
      `≥ ${GOALS.recall} ${recall >= GOALS.recall ? 'met' : 'missed'}`,
    ]);
    rows.push([
      'embeddings',
      'HNSW search (k=10) p50 / p99',
      `${quantile(searchTimes, 0.5).toFixed(3)} / ${quantile(searchTimes, 0.99).toFixed(3)} ms`,
      '',
    ]);
    rows.push(['embeddings', 'list lookup (listOf, first 20) p50 / p99', latency(lookup), p99Goal(lookup)]);
  }

  // Without embeddings: content neighbours.
  if (ONLY === undefined || ONLY === 'content') {
    const { products, clusterOf } = load(false);
    const { lists, ingestS, listsS, totalS } = build(products);
    let same = 0;
    let total = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const product = sample(products, i);
      for (const id of lists.listOf(product.id)?.ids.slice(0, 10) ?? []) {
        total++;
        if (clusterOf.get(id) === clusterOf.get(product.id)) same++;
      }
    }
    const lookup = lookupLatency(lists, products);
    rows.push(['content', 'build: products in', `${ingestS.toFixed(1)} s`, '']);
    rows.push(['content', 'build: every list (TF-IDF)', `${listsS.toFixed(1)} s`, '']);
    rows.push([
      'content',
      'build: total',
      `${totalS.toFixed(1)} s`,
      `≤ ${GOALS.buildSeconds} s ${totalS <= GOALS.buildSeconds ? 'met' : 'missed'}`,
    ]);
    rows.push(['content', 'top 10 from the product’s own cluster', (same / Math.max(1, total)).toFixed(3), '']);
    rows.push(['content', 'list lookup (listOf, first 20) p50 / p99', latency(lookup), p99Goal(lookup)]);
  }

  if (ONLY === undefined || ONLY === 'behaviour') rows.push(...(await behaviourRows()));

  if (rows.length > 0) {
    console.log('| catalog | measure | value | goal |');
    console.log('|---|---|---:|---|');
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  }

  if (ONLY === undefined || ONLY === 'realistic') {
    console.log(
      `\nRealistic content (bench/realistic-catalog.mjs), each catalog's lists built with budget 0 and with the default:\n`,
    );
    for (const line of realisticTable()) console.log(line);
  }
}

await main();
