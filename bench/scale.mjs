// @ts-check
/**
 * `npm run bench:scale`: the lists computed once and shared (SIMILAR_LISTS=shared), at a catalog's
 * size: a builder and a fresh reader on one Redis (Debian's redis-server, started here on a free
 * loopback port), for each --counts size.
 *
 * - **builder** (this process, the embedded service with SIMILAR_LISTS=shared): --count synthetic
 *   products (bench/synthetic-catalog.mjs) and --events-per-product session events in its store;
 *   started, it takes the lease, reads the catalog, learns the events, builds its lists and
 *   publishes every product's: the time to the lists made whole, this process's memory, and
 *   Redis's.
 * - **reader** (`node dist/main.js`, as `npm start` runs it, on its own empty embedded stores): from
 *   spawn to listening, to `/health/ready` (the lists whole), to the first answer; then answers for
 *   --asked products drawn from the whole catalog, each asked once (every one a miss of its
 *   caches: what a fresh instance meets) then again (kept): median, p99; and its resident memory
 *   after (its caches then hold --asked products' lists; SIMILAR_LISTS_KEPT bounds them).
 *
 * With `--builder=published`, the builder is left out: the benchmark publishes the lists itself,
 * through the same Redis adapter the builder writes with (RedisSharedLists: lease, fenced shard
 * scripts, the "whole" mark), lists of the builder's shapes and sizes (100 catalog and 100
 * category neighbours from the product's cluster and category, 10 from sessions, the popular
 * lists) in minutes where the builder's own first build takes most of an hour at 1,000,000
 * products: what a fresh reader meets is the same.
 *
 * Options: --counts=100000,1000000, --events-per-product=2, --asked=20000 (at most the count),
 * --concurrency=8, --lists-kept=100000, --cards-kept (SIMILAR_CARDS_KEPT), --reader-heap-mb (the reader's V8 heap limit: the memory
 * bound it is shown to answer within; without it V8 lets garbage pile up to its own default),
 * --builder=engine|published, --reader-node-options (more of the reader's Node options, e.g. --trace-gc).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createContainer, parseConfig, resolve, startResources, stopResources } from '../dist/composition/index.js';
import { ProductStoreToken } from '../dist/domain/product/product-store.js';
import { EventStoreToken } from '../dist/domain/events/event-store.js';
import { SharedListsToken } from '../dist/domain/product/shared-lists.js';
import { ListsLeadershipToken } from '../dist/composition/adapters/similarity.js';
import { RedisConnectionToken } from '../dist/adapters/redis/redis-connection.js';
import { commandLineOptions } from './options.mjs';
import { syntheticCatalog, random } from './synthetic-catalog.mjs';
import { storeEvents } from './embedded-service.mjs';
import { quantile } from './timing.mjs';

const options = commandLineOptions();
const COUNTS = String(options.counts ?? '100000,1000000')
  .split(',')
  .map(Number);
const EVENTS_PER_PRODUCT = Number(options['events-per-product'] ?? 2);
const ASKED = Number(options.asked ?? 20_000);
const CONCURRENCY = Number(options.concurrency ?? 8);
const LISTS_KEPT = Number(options['lists-kept'] ?? 100_000);
/** The reader's card cache (SIMILAR_CARDS_KEPT; the service's default when not given). */
const CARDS_KEPT = options['cards-kept'];
/** Who publishes the lists: the builder's engine, or this benchmark (the same adapter, lists of the same shapes). */
const BUILDER = String(options.builder ?? 'engine');
/** The reader's V8 heap limit (MB), when given: what its memory is held to. */
const READER_HEAP_MB = options['reader-heap-mb'];
/** More of the reader's Node options (e.g. `--trace-gc`: its collections written to its log). */
const READER_NODE_OPTIONS = String(options['reader-node-options'] ?? '')
  .split(' ')
  .filter((option) => option !== '');
const TOKEN = 'vtr_bench-scale-secret-0123456789abcdefghijklmnopq';
const READER_LOG = join(tmpdir(), 'vitrine-scale-reader.log');
const AT = new Date('2026-11-21T12:00:00Z');
const MB = 1024 * 1024;

async function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

async function startRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-scale-redis-'));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: 'ignore',
    },
  );
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => 100 });
  client.on('error', () => {}); // refused until the server listens
  for (let i = 0; i < 100; i++) {
    try {
      await client.connect();
      break;
    } catch {
      await new Promise((done) => setTimeout(done, 50));
    }
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async usedMb() {
      const info = await client.info('memory');
      return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? 0) / MB;
    },
    async stop() {
      client.disconnect();
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The builder: the embedded service in this process, its stores filled before it starts. */
async function startBuilder(redisUrl, count) {
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    RATE_LIMIT: 'off',
    REDIS_URL: redisUrl,
    SIMILAR_LISTS: 'shared',
    MAX_EMBEDDED_EVENTS: String(Math.max(1000, count * EVENTS_PER_PRODUCT)),
    EVENT_RETENTION_DAYS: '3650',
  });
  const container = createContainer(config);
  const products = resolve(container, ProductStoreToken);
  for (const { product } of syntheticCatalog({ count })) await products.save(product, AT);
  const events = count * EVENTS_PER_PRODUCT;
  await storeEvents(resolve(container, EventStoreToken), events, count, (i) => AT.getTime() - (events - i) * 1000);
  const started = performance.now();
  await startResources(container);
  const shared = resolve(container, SharedListsToken);
  // Asked every 200 ms; a read that fails (Redis busy taking the lists) is asked again.
  while (!(await shared.complete().catch(() => false))) await new Promise((done) => setTimeout(done, 200));
  const { lease, passes } = resolve(container, ListsLeadershipToken).figures;
  return { container, wholeMs: performance.now() - started, lease, passes };
}

/**
 * The lists published by this benchmark through the builder's adapter: each product's neighbours
 * taken from its cluster (catalog, sessions) and its category, as a builder would publish them.
 */
async function publishLists(redisUrl, count) {
  // Publishing is the benchmark's setup, not what it measures: a script slowed past the service's
  // 100 ms by this process's own collections (a heap of gigabytes) waits instead of failing the run.
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    REDIS_URL: redisUrl,
    SIMILAR_LISTS: 'shared',
    REDIS_COMMAND_TIMEOUT_MS: '10000',
  });
  const container = createContainer(config);
  const shared = resolve(container, SharedListsToken);
  // Only the Redis connection is started: no instance of the service runs in this process.
  const connection = resolve(container, RedisConnectionToken);
  await connection.start();
  const started = performance.now();
  const lease = await shared.claim('bench-scale', 60_000);
  if (lease === undefined) throw new Error('the lists lease is held by another instance');
  const renewing = setInterval(() => shared.claim('bench-scale', 60_000).catch(() => {}), 5_000);
  const products = [];
  const byCluster = new Map();
  const byCategory = new Map();
  /** Each product's place in its cluster's and its category's list. */
  const inCluster = new Int32Array(count);
  const inCategory = new Int32Array(count);
  for (const { product, cluster } of syntheticCatalog({ count })) {
    const at = products.push({ product, cluster }) - 1;
    if (!product.available) continue;
    inCluster[at] = (byCluster.get(cluster) ?? byCluster.set(cluster, []).get(cluster)).push(at) - 1;
    inCategory[at] =
      (byCategory.get(product.category) ?? byCategory.set(product.category, []).get(product.category)).push(at) - 1;
  }
  /** `n` available ids of `group` around `place` in it (never `at` itself). */
  const around = (group, at, place, n) => {
    const ids = [];
    const from = Math.max(0, place - n / 2);
    for (let i = from; i < group.length && ids.length < n; i++) if (group[i] !== at) ids.push(products[group[i]].product.id);
    return ids;
  };
  for (let from = 0; from < count; from += 500) {
    const batch = products.slice(from, from + 500).map(({ product, cluster }, i) => {
      const at = from + i;
      const mates = byCluster.get(cluster) ?? [];
      const behaviour = around(mates, at, inCluster[at], 10);
      return {
        product: {
          id: product.id,
          category: product.category,
          brand: product.brand,
          name: product.name,
          available: product.available,
        },
        catalog: { ids: around(mates, at, inCluster[at], 100), source: 'content' },
        category: around(byCategory.get(product.category) ?? [], at, inCategory[at], 100),
        behaviour: { ids: behaviour, scores: behaviour.map((_, k) => 1 / (k + 1)) },
        evidence: behaviour.length,
        stamp: 1,
      };
    });
    if (!(await shared.publish(lease, { products: batch, removed: [], popular: [] }))) throw new Error('fenced out');
  }
  const popular = [undefined, ...byCategory.keys()].map((category) => ({
    category,
    ids: (category === undefined ? products.map((_, at) => at) : byCategory.get(category))
      .slice(0, 101)
      .map((at) => products[at].product.id),
    stamp: 1,
  }));
  if (!(await shared.publish(lease, { products: [], removed: [], popular }))) throw new Error('fenced out');
  if (!(await shared.markComplete(lease))) throw new Error('fenced out');
  return {
    container,
    wholeMs: performance.now() - started,
    lease,
    passes: 1,
    stop: async () => {
      clearInterval(renewing);
      await shared.release(lease);
      await connection.stop();
    },
  };
}

/** A reader: `node dist/main.js` on its own empty stores, answering from the lists. */
function spawnReader(redisUrl, port) {
  const started = performance.now();
  const child = spawn(process.execPath, [...READER_NODE_OPTIONS, 'dist/main.js'], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      REDIS_URL: redisUrl,
      SIMILAR_LISTS: 'shared',
      SIMILAR_LISTS_KEPT: String(LISTS_KEPT),
      ...(CARDS_KEPT === undefined ? {} : { SIMILAR_CARDS_KEPT: String(CARDS_KEPT) }),
      DEMO_DATA: 'false',
      BOOTSTRAP_ADMIN_TOKEN: TOKEN,
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      ...(READER_HEAP_MB === undefined ? {} : { NODE_OPTIONS: `--max-old-space-size=${READER_HEAP_MB}` }),
    },
    // Its warnings (a Redis read past its deadline: a 503) and a crash's last words, in a file the benchmark names.
    stdio: ['ignore', openSync(READER_LOG, 'w'), openSync(READER_LOG, 'a')],
  });
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGKILL') console.error(`the reader ended (${code ?? signal}): see ${READER_LOG}`);
  });
  return { child, started };
}

async function similar(url, id) {
  const response = await fetch(`${url}/api/v1/products/protected/similar`, {
    method: 'POST',
    headers: { 'X-Service-APP-Token': TOKEN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ sessionId: `bench-${id}`, data: { id, limit: 20 } }),
  });
  const body = await response.json();
  // 503: the lists could not be read in time (REDIS_COMMAND_TIMEOUT_MS) and nothing of the product is kept: counted.
  if (response.status === 503) return undefined;
  if (response.status !== 200) throw new Error(`similar ${id}: ${response.status} ${JSON.stringify(body)}`);
  return body.products;
}

/** Asks every id, CONCURRENCY at a time: each answer's time (ms), how many came back empty, and how many 503. */
async function askAll(url, ids) {
  const times = [];
  let empty = 0;
  let unavailable = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        const sent = performance.now();
        const products = await similar(url, id);
        times.push(performance.now() - sent);
        if (products === undefined) unavailable++;
        else if (products.length === 0) empty++;
      }
    }),
  );
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), empty, unavailable };
}

/**
 * What held the reader's event loop since the last call, from its own `/metrics` (prom-client's
 * figures, reset at each scrape): the longest delay, and the full (mark-compact) collections.
 */
async function loopFigures(url) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (pattern) => Number(pattern.exec(text)?.[1] ?? NaN);
  return {
    lagMaxMs: value(/^vitrine_nodejs_eventloop_lag_max_seconds (\S+)$/m) * 1000,
    lagP99Ms: value(/^vitrine_nodejs_eventloop_lag_p99_seconds (\S+)$/m) * 1000,
    majorGcs: value(/^vitrine_nodejs_gc_duration_seconds_count\{kind="major"\} (\S+)$/m),
    majorGcMs: value(/^vitrine_nodejs_gc_duration_seconds_sum\{kind="major"\} (\S+)$/m) * 1000,
  };
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function until(check, timeoutMs) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if (await check()) return performance.now();
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

async function measure(count) {
  const redis = await startRedis();
  try {
    const builder = BUILDER === 'published' ? await publishLists(redis.url, count) : await startBuilder(redis.url, count);
    const builderMb = process.memoryUsage().rss / MB;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const reader = spawnReader(redis.url, port);
    try {
      const listening = await until(async () => (await fetch(`${url}/health/live`)).ok, 60_000);
      const ready = await until(async () => (await fetch(`${url}/health/ready`)).status === 200, 60_000);
      const next = random(7);
      const ids = Array.from(
        { length: Math.min(ASKED, count) },
        () => `SKU-${String(Math.floor(next() * count)).padStart(7, '0')}`,
      );
      const first = await similar(url, ids[0]);
      const firstAt = performance.now();
      const readyMb = rssMb(reader.child.pid);
      // What a fresh reader did at once, told before the long part.
      console.error(
        `${count}: reader listening ${((listening - reader.started) / 1000).toFixed(2)} s, ready ${((ready - reader.started) / 1000).toFixed(2)} s, ` +
          `first answer ${((firstAt - reader.started) / 1000).toFixed(2)} s (${first?.length ?? 'a 503'}), ${readyMb.toFixed(0)} MB`,
      );
      await loopFigures(url); // from here on
      const cold = await askAll(url, ids);
      const kept = await askAll(url, ids);
      const loop = await loopFigures(url);
      return {
        count,
        builderWholeS: builder.wholeMs / 1000,
        builderLease: builder.lease,
        builderMb,
        redisMb: await redis.usedMb(),
        listeningS: (listening - reader.started) / 1000,
        readyS: (ready - reader.started) / 1000,
        firstAnswerS: (firstAt - reader.started) / 1000,
        firstAnswerLength: first?.length ?? 'a 503',
        cold,
        kept,
        loop,
        readerReadyMb: readyMb,
        readerMb: rssMb(reader.child.pid),
      };
    } finally {
      reader.child.kill('SIGKILL');
      if (builder.stop !== undefined) await builder.stop();
      else await stopResources(builder.container);
    }
  } finally {
    await redis.stop();
  }
}

const rows = [];
for (const count of COUNTS) {
  const row = await measure(count);
  rows.push(row);
  console.error(JSON.stringify(row));
}
console.log(
  `\nSIMILAR_LISTS=shared, ${BUILDER === 'published' ? 'lists published by the benchmark' : `a builder, ${EVENTS_PER_PRODUCT} events a product`}; reader: SIMILAR_LISTS_KEPT=${LISTS_KEPT}, SIMILAR_CARDS_KEPT=${CARDS_KEPT ?? 'default'}, ` +
    `${READER_HEAP_MB === undefined ? "V8's default heap limit" : `--max-old-space-size=${READER_HEAP_MB}`}, ${CONCURRENCY} requests at a time\n`,
);
console.log(
  `| products | ${BUILDER === 'published' ? 'lists published' : 'builder: lists whole'} | ${BUILDER === 'published' ? 'publisher' : 'builder'} RSS | Redis used | reader: listening | ready | first answer | reader RSS then | asked | fresh p50 / p99 | kept p50 / p99 | empty | 503 fresh / kept | reader RSS after |`,
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.count.toLocaleString('en')} | ${r.builderWholeS.toFixed(1)} s | ${r.builderMb.toFixed(0)} MB | ${r.redisMb.toFixed(0)} MB | ` +
      `${r.listeningS.toFixed(2)} s | ${r.readyS.toFixed(2)} s | ${r.firstAnswerS.toFixed(2)} s (${r.firstAnswerLength}) | ${r.readerReadyMb.toFixed(0)} MB | ` +
      `${Math.min(ASKED, r.count).toLocaleString('en')} | ${r.cold.p50.toFixed(2)} / ${r.cold.p99.toFixed(2)} ms | ` +
      `${r.kept.p50.toFixed(2)} / ${r.kept.p99.toFixed(2)} ms | ${r.cold.empty} | ${r.cold.unavailable} / ${r.kept.unavailable} | ${r.readerMb.toFixed(0)} MB |`,
  );
}
for (const r of rows) {
  console.log(
    `\n${r.count.toLocaleString('en')}: the reader's event loop while asked: longest delay ${r.loop.lagMaxMs.toFixed(1)} ms (p99 ${r.loop.lagP99Ms.toFixed(1)} ms), ` +
      `${r.loop.majorGcs} full collections (${r.loop.majorGcMs.toFixed(0)} ms in all); its warnings in ${READER_LOG}`,
  );
}
