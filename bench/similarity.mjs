// @ts-check
/**
 * `npm run bench:similarity`: the similarity engine's quality and speed on synthetic catalogs in
 * known clusters (bench/synthetic-catalog.mjs), in this process, on the built code.
 *
 * For a catalog with embeddings: the time to build (products in, the HNSW graph, every neighbour
 * list), recall@10 of the graph against exact search, and the latency of a search and of a
 * request's lookup. For a catalog without: the time to build the content lists, the share of
 * content neighbours from the product's own cluster, and the lookup latency.
 *
 * And for behaviour: the co-view index fed --events (default 3,000,000) synthetic session events
 * over the catalog's products (each session wanders near a product, with popular products mixed
 * in, so popular products' partner lists are full): events per second, its size, and the latency
 * of a read (`neighbours(id, 100)`) for popular and for ordinary products.
 *
 * Options: --count=100000, --dimension=64, --samples=1000, --noise=0.8, --events=3000000,
 * --only=embeddings|content|behaviour.
 */
import { CoViewIndex } from '../dist/adapters/similarity/co-view-index.js';
import { NeighbourEngine } from '../dist/adapters/similarity/neighbour-engine.js';
import { commandLineOptions } from './options.mjs';
import { random, syntheticCatalog } from './synthetic-catalog.mjs';
import { cpus, totalmem } from 'node:os';

const options = commandLineOptions();
const COUNT = Number(options.count ?? 100_000);
const DIMENSION = Number(options.dimension ?? 64);
const SAMPLES = Number(options.samples ?? 1_000);
/** embeddings, content or behaviour; all three by default. */
const ONLY = options.only;
/** How far products lie from their cluster's centre (per value; the centres' values are standard normal). */
const NOISE = Number(options.noise ?? 0.8);
const EVENTS = Number(options.events ?? 3_000_000);
const GOALS = { recall: 0.95, buildSeconds: 60, p99Ms: 0.5 };

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

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

function build(products) {
  const engine = new NeighbourEngine({ background: false });
  const t0 = performance.now();
  engine.productsSaved(products);
  const t1 = performance.now();
  engine.computePendingNow();
  const t2 = performance.now();
  return { engine, ingestS: (t1 - t0) / 1000, listsS: (t2 - t1) / 1000, totalS: (t2 - t0) / 1000 };
}

function lookupLatency(engine, products) {
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const id = products[(i * 7919) % products.length].id;
    const t = performance.now();
    engine.similarTo(id, 20);
    times.push(performance.now() - t);
  }
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

function sample(products, i) {
  return products[(i * 104729) % products.length];
}

/** Session events over COUNT product ids: a session wanders near where it starts, popular products mixed in. */
function* sessionEvents() {
  const next = random(7);
  const id = (i) => `SKU-${String(i).padStart(7, '0')}`;
  // Popular products: the first ids, by a power law (a third of the steps).
  const popular = () => Math.floor(COUNT * next() ** 4);
  const types = ['view', 'view', 'view', 'view', 'view', 'view', 'view', 'view', 'add_to_cart', 'purchase'];
  let at = Date.UTC(2026, 10, 1);
  for (let emitted = 0, s = 0; emitted < EVENTS; s++) {
    let current = Math.floor(next() * COUNT);
    const length = 2 + Math.floor(next() * 10);
    for (let i = 0; i < length && emitted < EVENTS; i++, emitted++) {
      current = next() < 0.33 ? popular() : (current + Math.floor(next() * 101) - 50 + COUNT) % COUNT;
      at += 50;
      yield { sessionId: `S-${s}`, productId: id(current), type: types[Math.floor(next() * types.length)], at };
    }
  }
}

function behaviourRows() {
  const index = new CoViewIndex();
  const t0 = performance.now();
  index.addAll(sessionEvents());
  const seconds = (performance.now() - t0) / 1000;
  const stats = index.stats;
  const read = (pick) => {
    const times = [];
    for (let i = 0; i < SAMPLES; i++) {
      const id = `SKU-${String(pick(i)).padStart(7, '0')}`;
      const t = performance.now();
      index.neighbours(id, 100);
      times.push(performance.now() - t);
    }
    return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
  };
  const popular = read((i) => i % 100);
  const ordinary = read((i) => (i * 7919) % COUNT);
  const latency = (l) => `${l.p50.toFixed(4)} / ${l.p99.toFixed(4)} ms`;
  const goal = (l) => `p99 ≤ ${GOALS.p99Ms} ms ${l.p99 <= GOALS.p99Ms ? 'met' : 'missed'}`;
  return [
    ['behaviour', `co-view index: ${EVENTS} events in`, `${seconds.toFixed(1)} s (${Math.round(EVENTS / seconds)}/s)`, ''],
    [
      'behaviour',
      'co-view index: products, pair entries, bytes',
      `${stats.products}, ${stats.pairs}, ${(stats.bytes / 2 ** 20).toFixed(0)} MiB`,
      '',
    ],
    ['behaviour', 'read (k=100), the 100 most popular p50 / p99', latency(popular), goal(popular)],
    ['behaviour', 'read (k=100), any product p50 / p99', latency(ordinary), goal(ordinary)],
  ];
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
    const { engine, ingestS, listsS, totalS } = build(products);
    const index = engine.vectorIndex;
    let hits = 0;
    const searchTimes = [];
    for (let i = 0; i < SAMPLES; i++) {
      const product = sample(products, i);
      const slot = engine.slotOfProduct(product.id);
      const unit = engine.unitOf(product.id);
      const t = performance.now();
      const approximate = index.nearest(slot, unit, 10);
      searchTimes.push(performance.now() - t);
      const exact = new Set(index.exact(slot, unit, 10).slots);
      for (const s of approximate.slots) if (exact.has(s)) hits++;
    }
    const recall = hits / (SAMPLES * 10);
    const lookup = lookupLatency(engine, products);
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
    rows.push([
      'embeddings',
      'request lookup (limit 20) p50 / p99',
      `${lookup.p50.toFixed(4)} / ${lookup.p99.toFixed(4)} ms`,
      `p99 ≤ ${GOALS.p99Ms} ms ${lookup.p99 <= GOALS.p99Ms ? 'met' : 'missed'}`,
    ]);
  }

  // Without embeddings: content neighbours.
  if (ONLY === undefined || ONLY === 'content') {
    const { products, clusterOf } = load(false);
    const { engine, ingestS, listsS, totalS } = build(products);
    let same = 0;
    let total = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const product = sample(products, i);
      const answer = engine.similarTo(product.id, 10) ?? [];
      for (const id of answer) {
        total++;
        if (clusterOf.get(id) === clusterOf.get(product.id)) same++;
      }
    }
    const lookup = lookupLatency(engine, products);
    rows.push(['content', 'build: products in', `${ingestS.toFixed(1)} s`, '']);
    rows.push(['content', 'build: every list (TF-IDF)', `${listsS.toFixed(1)} s`, '']);
    rows.push([
      'content',
      'build: total',
      `${totalS.toFixed(1)} s`,
      `≤ ${GOALS.buildSeconds} s ${totalS <= GOALS.buildSeconds ? 'met' : 'missed'}`,
    ]);
    rows.push(['content', 'top 10 from the product’s own cluster', (same / Math.max(1, total)).toFixed(3), '']);
    rows.push([
      'content',
      'request lookup (limit 20) p50 / p99',
      `${lookup.p50.toFixed(4)} / ${lookup.p99.toFixed(4)} ms`,
      `p99 ≤ ${GOALS.p99Ms} ms ${lookup.p99 <= GOALS.p99Ms ? 'met' : 'missed'}`,
    ]);
  }

  if (ONLY === undefined || ONLY === 'behaviour') rows.push(...behaviourRows());

  console.log('| catalog | measure | value | goal |');
  console.log('|---|---|---:|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

await main();
