// @ts-check
/**
 * `npm run bench:planner`: the season planner over 20 collections of 20 slices each (400 slices),
 * all inside the window the planner opens at (its Month zoom). The built service runs as `npm start`
 * runs it (dist/main.js, embedded default, no demo data, no rate limit); the season is made through
 * the API. First the API's planner read alone (GET .../planner, the 20 collections with every slice
 * in one answer), then the builder in Chromium (Debian's /usr/bin/chromium or CHROMIUM_PATH; skipped
 * with the reason where there is none) opening #/planner cold 10 times, each in a new browser
 * context: the requests the page sent to the API and the time from asking for the address until
 * every lane and all 400 bars are drawn. Goal: under 1 s.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM, launchChromium } from './chromium.mjs';
import { startNpmStartVitrine } from './npm-start-vitrine.mjs';

const COLLECTIONS = 20;
const SLICES = 20;
const API_REPEATS = 30;
const BROWSER_REPEATS = 10;
const GOAL_MS = 1_000;
const DAY = 86_400_000;
const BASE = '/api/v1/merchandising-collections/protected';
const TOKEN = `vtr_planner_bench_${'x'.repeat(32)}`;

/** @param {string} url @param {string} method @param {string} path @param {unknown} [body] */
async function call(url, method, path, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'X-Service-APP-Token': TOKEN, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** @param {number[]} times */
function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? NaN, slowest: sorted.at(-1) ?? NaN };
}

/**
 * The season: slice j of each collection starts 2 days before today's midnight plus 1.4 days per j and
 * lasts 1.2 days (a few hours apart from one collection to the next), so all 400 lie in the 31 days
 * the planner's Month zoom opens at (3 days before today to 28 after).
 * @param {string} url
 */
async function makeSeason(url) {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const products = Array.from({ length: 30 }, (_, i) => `PLAN-${i}`);
  for (let c = 0; c < COLLECTIONS; c++) {
    const { id } = await call(url, 'POST', BASE, { name: `Coleção ${c + 1}: campanha da temporada` });
    for (let s = 0; s < SLICES; s++) {
      const startsAt = today.getTime() - 2 * DAY + s * 1.4 * DAY + c * 3_600_000;
      await call(url, 'POST', `${BASE}/${id}/slices`, {
        name: `Campanha ${s + 1} de ${c + 1}`,
        type: 'MANUAL',
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + 1.2 * DAY).toISOString(),
        products: products.slice(0, 10 + s),
      });
    }
  }
  return { from: new Date(today.getTime() - 3 * DAY).toISOString(), to: new Date(today.getTime() + 28 * DAY).toISOString() };
}

/** @param {string} url @param {{ from: string, to: string }} window */
async function timeApi(url, window) {
  const path = `${BASE}/planner?from=${window.from}&to=${window.to}&limit=50`;
  const first = await call(url, 'GET', path);
  const slices = first.collections.reduce((n, /** @type {{ slices: unknown[] }} */ c) => n + c.slices.length, 0);
  if (first.collections.length !== COLLECTIONS || slices !== COLLECTIONS * SLICES) {
    throw new Error(`the planner read answered ${first.collections.length} collections, ${slices} slices`);
  }
  const times = [];
  for (let r = 0; r < API_REPEATS; r++) {
    const started = performance.now();
    await call(url, 'GET', path);
    times.push(performance.now() - started);
  }
  return summary(times);
}

/** @param {string} url */
async function timeBrowser(url) {
  const browser = await launchChromium();
  try {
    const times = [];
    let sent = /** @type {string[]} */ ([]);
    for (let r = 0; r <= BROWSER_REPEATS; r++) {
      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
      await context.addInitScript((token) => sessionStorage.setItem('vitrine.token', token), TOKEN);
      const page = await context.newPage();
      /** @type {string[]} */
      const calls = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/api/')) calls.push(`${request.method()} ${path}`);
      });
      const started = performance.now();
      await page.goto(`${url}/builder/#/planner`);
      await page.waitForFunction(
        ([lanes, bars]) =>
          document.querySelectorAll('.planner-lane').length === lanes &&
          document.querySelectorAll('.planner .bar').length === bars,
        [COLLECTIONS, COLLECTIONS * SLICES],
        { timeout: 30_000, polling: 'raf' },
      );
      const elapsed = performance.now() - started;
      // The first opening warms the server and the browser's code cache; it is not counted.
      if (r > 0) times.push(elapsed);
      sent = calls.filter((c) => !c.endsWith('/tokens/self'));
      await context.close();
    }
    return { ...summary(times), sent };
  } finally {
    await browser.close();
  }
}

const vitrine = await startNpmStartVitrine(TOKEN);
try {
  const made = performance.now();
  const window = await makeSeason(vitrine.url);
  console.log(
    `Season made through the API: ${COLLECTIONS} collections × ${SLICES} slices in ${((performance.now() - made) / 1000).toFixed(1)} s`,
  );
  const api = await timeApi(vitrine.url, window);
  console.log(
    `  the API's planner read alone (GET .../planner, ${COLLECTIONS} collections and ${COLLECTIONS * SLICES} slices in one answer, ${API_REPEATS} times): ` +
      `median ${api.median.toFixed(1)} ms, slowest ${api.slowest.toFixed(1)} ms`,
  );
  if (!existsSync(CHROMIUM)) {
    console.log(`  the planner in Chromium: not measured (no Chromium at ${CHROMIUM})`);
  } else {
    const opened = await timeBrowser(vitrine.url);
    const met = opened.slowest < GOAL_MS;
    console.log(
      `  the planner in Chromium, address to every lane and bar drawn: ${opened.sent.length} requests to the API (besides signing in: ${opened.sent.join(', ')}), ` +
        `median ${opened.median.toFixed(0)} ms, slowest ${opened.slowest.toFixed(0)} ms over ${BROWSER_REPEATS} cold openings → ${met ? 'meets' : 'misses'} the goal (< ${GOAL_MS} ms)`,
    );
    if (!met) process.exitCode = 1;
  }
} finally {
  await vitrine.stop();
}
