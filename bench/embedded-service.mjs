// @ts-check
/**
 * The built service in a benchmark's own process, on the embedded default, listening on a free
 * port with an admin token; and a watch of the event loop while the benchmark runs: a timer every
 * 10 ms measures how late it fires (how long the loop was held), `/health/live` is asked every
 * 20 ms, and V8's garbage collection pauses are kept (a hold may be one of them).
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { createHttpServer } from '../dist/adapters/http/http-server.js';
import { EnsureBootstrapToken } from '../dist/application/auth/ensure-bootstrap-token.js';
import {
  createContainer,
  createRequestHandler,
  parseConfig,
  resolve,
  startResources,
  stopResources,
} from '../dist/composition/index.js';

const SECRET = 'vtr_bench-admin-secret-0123456789abcdefghijklmnop';

/** @param {Record<string, string>} [env] */
export async function startEmbeddedService(env = {}) {
  const config = parseConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', RATE_LIMIT: 'off', ...env });
  const container = createContainer(config);
  await startResources(container);
  await resolve(container, EnsureBootstrapToken).execute(SECRET);
  const server = createHttpServer(createRequestHandler(container), config.server);
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;

  /** @param {string} method @param {string} path @param {unknown} [body] */
  async function call(method, path, body) {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'X-Service-APP-Token': SECRET, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }

  async function close() {
    server.close();
    await stopResources(container);
  }

  return { container, url, call, close };
}

/**
 * Starts watching the event loop; `stop` answers, in ms, the longest hold, the longest hold once
 * the garbage collection pauses within it are taken out (what the code run held), the slowest
 * `/health/live` and the longest GC pause.
 */
export function watchEventLoop(/** @type {string} */ url) {
  /** Each timer lateness with its stretch, matched against the GC pauses at the end. */
  const ticks = /** @type {[number, number, number][]} */ ([]);
  let last = performance.now();
  const probe = setInterval(() => {
    const t = performance.now();
    ticks.push([last, t, t - last - 10]);
    last = t;
  }, 10);
  const gc = /** @type {[number, number][]} */ ([]);
  const pauses = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gc.push([entry.startTime, entry.startTime + entry.duration]);
  });
  pauses.observe({ entryTypes: ['gc'] });
  let slowestLive = 0;
  let pinging = true;
  const pings = (async () => {
    while (pinging) {
      const sent = performance.now();
      await fetch(`${url}/health/live`).then((r) => r.text());
      slowestLive = Math.max(slowestLive, performance.now() - sent);
      await new Promise((done) => setTimeout(done, 20));
    }
  })();
  return {
    async stop() {
      pinging = false;
      await pings;
      clearInterval(probe);
      pauses.disconnect();
      let longestHold = 0;
      let longestOwnHold = 0;
      for (const [from, until, late] of ticks) {
        const inGc = gc.reduce((sum, [start, end]) => sum + Math.max(0, Math.min(end, until) - Math.max(start, from)), 0);
        longestHold = Math.max(longestHold, late);
        longestOwnHold = Math.max(longestOwnHold, late - inGc);
      }
      const longestPause = gc.reduce((most, [start, end]) => Math.max(most, end - start), 0);
      return { longestHold, longestOwnHold, slowestLive, longestPause };
    },
  };
}

/**
 * Stores `count` events 10,000 at a time, in time order: the i-th at `atOf(i)` (ms), of product
 * `P-<(i * 7919) % catalog>`, of 50,000 sessions, 8 views, 1 add-to-cart and 1 purchase in 10 unless
 * `types` says.
 * @param {{ append(events: object[]): Promise<unknown> }} store
 * @param {number} count @param {number} catalog @param {(i: number) => number} atOf
 * @param {readonly string[]} [types]
 */
export async function storeEvents(store, count, catalog, atOf, types = EIGHT_VIEWS) {
  for (let n = 0; n < count; n += 10_000) {
    const batch = [];
    for (let i = n; i < Math.min(count, n + 10_000); i++) {
      batch.push({
        type: types[i % types.length],
        productId: `P-${(i * 7919) % catalog}`,
        sessionId: `s-${i % 50_000}`,
        at: new Date(Math.floor(atOf(i))),
      });
    }
    await store.append(batch);
  }
}

const EIGHT_VIEWS = ['view', 'view', 'view', 'view', 'view', 'view', 'view', 'view', 'add_to_cart', 'purchase'];
