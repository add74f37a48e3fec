// @ts-check
/**
 * `npm run bench:scale-engine`: what holds the event loop in the similarity engine as the catalog
 * grows, measured on a build (dist/ by default) and, with --before=<another build's dist>, on that
 * build too, in the same run (each part runs both builds one after the other, on the same data):
 *
 * - **top-up** (--count, and each of --topup-counts): a synthetic catalog (bench/synthetic-catalog.mjs:
 *   40 categories) taken by the engine, without its neighbour lists (a top-up needs none), then
 *   `categoryNeighbours(id, 50)` (what tops a short answer up) for --samples products: median, p99
 *   and the longest call; the answers of both builds compared.
 * - **scrape** (the same engines, after learning --events-per-product session events a product):
 *   `/metrics` rendered by the build's PrometheusMetrics wired as the service wires it, 20 scrapes
 *   50 ms apart: median and longest scrape, and the event loop's longest hold meanwhile
 *   (monitorEventLoopDelay: what the walk measuring the bytes holds, where it runs off the scrape).
 * - **writes** (--count products, lists built whole first; --write-seconds long): answers for
 *   everyone (`forEveryone(id, 20)`, kept answers asked again, 2,000 hot products) back to back,
 *   the event loop turning between them, while one product's price changes every 100 ms:
 *   each answer's time (p50, p99, longest), the event loop's longest hold, and how many answers
 *   were made again rather than served kept.
 *
 * Options: --count=100000, --topup-counts=1000000 (empty: none beyond --count), --samples=200,
 * --events-per-product=2, --write-seconds=10, --before=<dist>, --only=topup|writes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commandLineOptions } from './options.mjs';
import { syntheticCatalog } from './synthetic-catalog.mjs';
import { quantile } from './timing.mjs';

const options = commandLineOptions();
const COUNT = Number(options.count ?? 100_000);
const TOPUP_COUNTS = String(options['topup-counts'] ?? '1000000')
  .split(',')
  .filter((s) => s !== '')
  .map(Number);
const SAMPLES = Number(options.samples ?? 200);
const EVENTS_PER_PRODUCT = Number(options['events-per-product'] ?? 2);
const WRITE_SECONDS = Number(options['write-seconds'] ?? 10);
const ONLY = options.only;
const AT = new Date('2026-11-21T12:00:00Z');

/** The builds measured: this one's dist, and the one before when given; a child process measures one part of one build (--part, --build, --name). */
const builds =
  options.build === undefined
    ? [
        ...(options.before === undefined ? [] : [{ name: 'before', dist: resolve(String(options.before)) }]),
        { name: options.before === undefined ? 'this build' : 'after', dist: resolve('dist') },
      ]
    : [{ name: String(options.name), dist: String(options.build) }];

/** @param {string} dist */
async function modulesOf(dist) {
  const load = (/** @type {string} */ path) => import(pathToFileURL(`${dist}/${path}`).href);
  const [{ SimilarityEngine }, { SimilarAnswers }, { PrometheusMetrics }, { DEFAULT_SIMILARITY_POLICY }, { reportEngine }] =
    await Promise.all([
      load('adapters/similarity/similarity-engine.js'),
      load('application/product/similar-answers.js'),
      load('adapters/metrics/prometheus-metrics.js'),
      load('domain/product/similarity-policy.js'),
      load('composition/adapters/similarity.js'),
    ]);
  return { SimilarityEngine, SimilarAnswers, PrometheusMetrics, reportEngine, policy: DEFAULT_SIMILARITY_POLICY };
}

/** @param {number} count */
function catalog(count) {
  const products = [];
  for (const { product } of syntheticCatalog({ count }))
    products.push({ attributes: {}, ...product, createdAt: AT, updatedAt: AT });
  return products;
}

/** Session events over the catalog: sessions of 2 to 11 views wandering near a product, a third of steps on popular ones. @param {number} count @param {number} n */
function events(count, n) {
  const out = [];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let at = Date.UTC(2026, 10, 1);
  for (let s = 0; out.length < n; s++) {
    let current = Math.floor(next() * count);
    const length = 2 + Math.floor(next() * 10);
    for (let i = 0; i < length && out.length < n; i++) {
      current = next() < 0.33 ? Math.floor(count * next() ** 4) : (current + Math.floor(next() * 101) - 50 + count) % count;
      out.push({
        sessionId: `S-${s}`,
        productId: `SKU-${String(current).padStart(7, '0')}`,
        type: 'view',
        at: new Date((at += 50)),
      });
    }
  }
  return out;
}

/** A full collection before a timed phase, where the process allows it (the parts run with --expose-gc). */
const collectGarbage = () => /** @type {any} */ (globalThis).gc?.();
const ms = (/** @type {number} */ x) => `${x.toFixed(2)} ms`;
const spread = (/** @type {number[]} */ times) =>
  `median ${ms(quantile(times, 0.5))}, p99 ${ms(quantile(times, 0.99))}, longest ${ms(times.reduce((a, b) => Math.max(a, b), 0))}` +
  `, over 50 ms ${times.filter((t) => t > 50).length}`;
const pause = (/** @type {number} */ t) => new Promise((r) => setTimeout(r, t));
const turn = () => new Promise((r) => setImmediate(r));

/** The metrics wired as the service wires them, for a build of either shape (before issue 25: no reportEngine). */
function metricsFor(/** @type {any} */ modules, /** @type {any} */ engine) {
  const metrics = new modules.PrometheusMetrics();
  if (modules.reportEngine !== undefined) modules.reportEngine(metrics, engine);
  else {
    metrics.observeSimilarity(() => engine.stats);
    metrics.observeBehaviour(() => engine.behaviour.stats);
  }
  return metrics;
}

/** @param {number} count */
async function topUpAndScrape(count) {
  const products = catalog(count);
  const samples = Array.from({ length: SAMPLES }, (_, i) => products[(i * 104729) % count].id);
  const learnt = events(count, EVENTS_PER_PRODUCT * count);
  /** @type {Map<string, string[][]>} */
  const answers = new Map();
  for (const build of builds) {
    const modules = await modulesOf(build.dist);
    const engine = new modules.SimilarityEngine({ background: false, policy: modules.policy });
    let t = performance.now();
    engine.productsSaved(products);
    const ingest = (performance.now() - t) / 1000;
    // Warmed up on other products, the ingest's garbage collected: what a running service's calls take.
    for (let i = 0; i < 200; i++) engine.categoryNeighbours(products[(i * 7919 + 1) % count].id, 50);
    collectGarbage();
    const times = [];
    const found = [];
    for (const id of samples) {
      t = performance.now();
      found.push(engine.categoryNeighbours(id, 50));
      times.push(performance.now() - t);
    }
    answers.set(build.name, found);
    console.log(
      `top-up at ${count.toLocaleString('en')} products, ${build.name}: catalog taken in ${ingest.toFixed(1)} s; categoryNeighbours(id, 50): ${spread(times)}`,
    );
    t = performance.now();
    for (let i = 0; i < learnt.length; i += 1000) engine.learn(learnt.slice(i, i + 1000));
    const learning = (performance.now() - t) / 1000;
    const metrics = metricsFor(modules, engine);
    await metrics.render();
    collectGarbage();
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const scrapes = [];
    for (let k = 0; k < 20; k++) {
      await pause(50);
      t = performance.now();
      await metrics.render();
      scrapes.push(performance.now() - t);
    }
    await pause(200);
    delay.disable();
    console.log(
      `scrape at ${count.toLocaleString('en')} products (${learnt.length.toLocaleString('en')} events learnt in ${learning.toFixed(1)} s), ${build.name}: ` +
        `${spread(scrapes)}; event loop's longest hold meanwhile ${ms(delay.max / 1e6)}`,
    );
  }
  if (options.answers !== undefined) writeFileSync(String(options.answers), JSON.stringify([...answers.values()][0]));
}

async function writes() {
  const products = catalog(COUNT);
  const learnt = events(COUNT, EVENTS_PER_PRODUCT * COUNT);
  const hot = Array.from({ length: 2000 }, (_, i) => products[(i * 7919) % COUNT].id);
  for (const build of builds) {
    const modules = await modulesOf(build.dist);
    const engine = new modules.SimilarityEngine({ background: true, policy: modules.policy });
    let t = performance.now();
    engine.productsSaved(products);
    engine.computePendingNow();
    for (let i = 0; i < learnt.length; i += 1000) engine.learn(learnt.slice(i, i + 1000));
    const built = (performance.now() - t) / 1000;
    const answers = new modules.SimilarAnswers(engine, modules.policy);
    for (const id of hot) answers.forEveryone(id, 20);
    collectGarbage();
    const steady = await loadWith(answers, hot, undefined);
    const written = await loadWith(answers, hot, (k) => {
      const product = products[(k * 15485863) % COUNT];
      const price = Math.round(product.price * (1.05 + (k % 7) / 100) * 100) / 100;
      engine.productsSaved([{ ...product, price, updatedAt: new Date() }]);
    });
    console.log(`writes at ${COUNT.toLocaleString('en')} products (engine built in ${built.toFixed(1)} s), ${build.name}:`);
    for (const [name, r] of [
      ['no writes', steady],
      ['one price change every 100 ms', written],
    ]) {
      console.log(
        `  ${name}: ${r.count.toLocaleString('en')} answers, ${spread(r.times)}; made again ${r.remade}; event loop's longest hold ${ms(r.hold)}`,
      );
    }
  }
}

/**
 * Answers asked back to back for WRITE_SECONDS, the event loop turning between them (the
 * background work and the writes run there), `write(k)` every 100 ms.
 * @param {any} answers @param {string[]} hot @param {((k: number) => void) | undefined} write
 */
async function loadWith(answers, hot, write) {
  let k = 0;
  const timer = write === undefined ? undefined : setInterval(() => write(k++), 100);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const times = [];
  let remade = 0;
  const last = new Map(hot.map((id) => [id, answers.forEveryone(id, 20)]));
  const until = performance.now() + WRITE_SECONDS * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const id = hot[Math.floor(hot.length * ((i * 0.6180339887) % 1) ** 2)];
    const t = performance.now();
    const answer = answers.forEveryone(id, 20);
    times.push(performance.now() - t);
    if (answer !== last.get(id)) remade++;
    last.set(id, answer);
    if (i % 4 === 0) await turn();
  }
  clearInterval(timer);
  delay.disable();
  return { times, count: times.length, remade, hold: delay.max / 1e6 };
}

/**
 * Each part of each build in a process of its own (a clean heap: one build's garbage never pauses
 * the other's measurements), one after the other; the top-up answers of the builds compared.
 */
function runParts() {
  console.log(`Node ${process.version}; builds: ${builds.map((b) => `${b.name} (${b.dist})`).join(', ')}`);
  const scratch = mkdtempSync(join(tmpdir(), 'scale-engine-'));
  const child = (/** @type {string[]} */ args) => {
    const passed = Object.entries(options)
      .filter(([key]) => !['before', 'only'].includes(key))
      .map(([key, value]) => `--${key}=${value}`);
    const run = spawnSync(
      process.execPath,
      [...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url), ...passed, ...args],
      {
        stdio: 'inherit',
      },
    );
    if (run.status !== 0) process.exit(run.status ?? 1);
  };
  if (ONLY === undefined || ONLY === 'topup') {
    for (const count of [COUNT, ...TOPUP_COUNTS]) {
      const files = builds.map((build, i) => {
        const file = join(scratch, `answers-${count}-${i}.json`);
        child([`--part=topup`, `--count=${count}`, `--build=${build.dist}`, `--name=${build.name}`, `--answers=${file}`]);
        return file;
      });
      if (files.length === 2) {
        const [a, b] = files.map((file) => JSON.parse(readFileSync(file, 'utf8')));
        const same = a.every((/** @type {string[]} */ list, /** @type {number} */ i) => list.join() === b[i].join());
        console.log(
          `top-up answers of both builds at ${count.toLocaleString('en')} products: ${same ? 'identical' : 'DIFFERENT'} (${SAMPLES} products)`,
        );
      }
    }
  }
  if (ONLY === undefined || ONLY === 'writes')
    for (const build of builds) child([`--part=writes`, `--build=${build.dist}`, `--name=${build.name}`]);
}

if (options.part === 'topup') await topUpAndScrape(COUNT);
else if (options.part === 'writes') await writes();
else runParts();
