// @ts-check
/**
 * `npm run bench:passes`: what a builder's pass costs once the shared lists are whole
 * (SIMILAR_LISTS=shared), on the in-memory shared lists: a synthetic catalog
 * (bench/synthetic-catalog.mjs) of --count products and 2 session views a product learnt, the
 * first pass (every product's lists made and written), then the pass after one new visit of 3
 * products, and the pass after one product's price is written (its category's top-up lists may
 * change), the median of --repeats each. Measured twice on the same data: with the engine walking
 * every product each pass (as before issue 25's change log) and looking only at what changed.
 *
 * Options: --count=100000, --repeats=5.
 */
import { SimilarityEngine } from '../dist/adapters/similarity/similarity-engine.js';
import { PublishLists } from '../dist/application/product/publish-lists.js';
import { InMemorySharedLists } from '../dist/adapters/memory/in-memory-shared-lists.js';
import { SystemClock } from '../dist/adapters/clock/system-clock.js';
import { DEFAULT_SIMILARITY_POLICY as POLICY } from '../dist/domain/product/similarity-policy.js';
import { commandLineOptions } from './options.mjs';
import { syntheticCatalog } from './synthetic-catalog.mjs';
import { quantile } from './timing.mjs';

const options = commandLineOptions();
const COUNT = Number(options.count ?? 100_000);
const REPEATS = Number(options.repeats ?? 5);
const AT = Date.parse('2026-11-20T00:00:00Z');
// The engine's background work runs on timers that do not keep a process alive.
const alive = setInterval(() => {}, 1000);

const clock = new SystemClock();
const products = [...syntheticCatalog({ count: COUNT })].map(({ product }) => product);
const events = [];
for (let s = 0; s < COUNT / 2; s++) {
  for (let k = 0; k < 4; k++) {
    const at = new Date(AT + s * 1000 + k * 10);
    events.push({ type: 'view', productId: products[(s * 7 + k * 13) % COUNT].id, sessionId: `s${s}`, at, recordedAt: at });
  }
}

/** @param {boolean} logChanges */
async function measure(logChanges) {
  const engine = new SimilarityEngine({ policy: POLICY, logChanges });
  engine.productsSaved(products);
  await engine.settled();
  engine.learn(events);
  const shared = new InMemorySharedLists(clock);
  const publisher = new PublishLists(engine, engine, shared, POLICY, clock);
  const lease = await shared.claim('bench', 60_000);
  if (lease === undefined) throw new Error('no lease');
  let started = performance.now();
  await publisher.pass(lease);
  const firstS = (performance.now() - started) / 1000;
  const timed = async () => {
    await engine.settled();
    started = performance.now();
    const { looked } = await publisher.pass(lease);
    return { ms: performance.now() - started, looked };
  };
  const visits = [];
  const writes = [];
  for (let i = 0; i < REPEATS; i++) {
    const at = AT + 86_400_000 + i * 60_000;
    engine.learn(
      [0, 1, 2].map((k) => {
        const when = new Date(at + k * 1000);
        return {
          type: 'view',
          productId: products[(i * 101 + k * 977) % COUNT].id,
          sessionId: `new-${i}`,
          at: when,
          recordedAt: when,
        };
      }),
    );
    visits.push(await timed());
    const product = products[(i * 7919) % COUNT];
    engine.productsSaved([{ ...product, price: Math.round((product.price ?? 10) * 110) / 100 }]);
    writes.push(await timed());
  }
  const median = (/** @type {{ ms: number, looked: number }[]} */ runs) => ({
    ms: quantile(
      runs.map((r) => r.ms),
      0.5,
    ),
    looked: quantile(
      runs.map((r) => r.looked),
      0.5,
    ),
  });
  return { firstS, visit: median(visits), write: median(writes) };
}

const rows = [
  ['every product, each pass', await measure(false)],
  ['what changed (the change log)', await measure(true)],
];
clearInterval(alive);
console.log(`\n${COUNT.toLocaleString('en')} products, ${events.length.toLocaleString('en')} views; medians of ${REPEATS}\n`);
console.log(
  '| a pass looks at | first pass | after one visit: time (products looked at) | after a price written: time (looked at) |',
);
console.log('|---|---:|---:|---:|');
for (const [name, r] of rows) {
  console.log(
    `| ${name} | ${r.firstS.toFixed(1)} s | ${r.visit.ms.toFixed(1)} ms (${r.visit.looked.toLocaleString('en')}) | ${r.write.ms.toFixed(1)} ms (${r.write.looked.toLocaleString('en')}) |`,
  );
}
