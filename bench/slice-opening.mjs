// @ts-check
/**
 * The slice-opening case of `npm run bench`: a slice of 500 products (the most a slice holds),
 * opened as the builder's slice editor opens it. First over HTTP: the slice, then its products in
 * one batch read (POST catalog/lookup, what src/adapters/web/src/api/products.ts sends), beside the
 * way the builder read them before (one GET per product, six at a time). Then the builder itself in
 * Chromium (Debian's /usr/bin/chromium or CHROMIUM_PATH; skipped with the reason where there is
 * none): from opening the slice's address until all 500 cards show their product, counting the
 * requests the page sent to the API. Goal: at most 3 requests, under 1 s.
 */
import { existsSync } from 'node:fs';
import { CHROMIUM, launchChromium } from './chromium.mjs';

const PRODUCTS = 500;
const GOAL_REQUESTS = 3;
const GOAL_MS = 1_000;
const REPEATS = 15;
/** As many product reads as the builder kept in flight before the batch read. */
const OLD_PARALLEL = 6;
const BROWSER_REPEATS = 10;
const COLLECTIONS = '/api/v1/merchandising-collections/protected';
const CATALOG = '/api/v1/products/protected/catalog';

/**
 * @param {(env: Record<string, string>) => Promise<{ url: string, token: string, stop(): Promise<void> }>} start a Vitrine, as
 * the benchmark starts it, with a token of its own
 */
export async function measureSliceOpening(start) {
  // Without a rate limit: under the default one (100 requests a second) the old way is refused (429).
  const vitrine = await start({ RATE_LIMIT: 'off' });
  let requests = 0;
  const call = async (/** @type {string} */ method, /** @type {string} */ path, /** @type {unknown} */ body) => {
    requests++;
    const response = await fetch(`${vitrine.url}${path}`, {
      method,
      headers: { 'X-Service-APP-Token': vitrine.token, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text === '' ? undefined : JSON.parse(text);
  };
  try {
    const ids = Array.from({ length: PRODUCTS }, (_, i) => `BENCH-${String(i).padStart(3, '0')}`);
    const products = ids.map((id, i) => ({
      id,
      name: `Peça de bancada ${i}`,
      description: 'Vestido midi de linho com amarração na cintura, forro de algodão e bolsos laterais.',
      category: 'vestidos',
      brand: 'Trama',
      price: 100 + i,
      imageUrl: `https://cdn.exemplo.com.br/produtos/${id}.jpg`,
      tags: ['linho', 'verão', 'trabalho'],
      attributes: { cor: 'Terracota', material: 'Linho', estilo: 'Midi' },
    }));
    await call('POST', `${CATALOG}/batch`, { products });
    const collection = await call('POST', COLLECTIONS, { name: 'Bench: a full slice' });
    const slice = await call('POST', `${COLLECTIONS}/${collection.id}/slices`, {
      name: 'Quinhentas peças',
      type: 'MANUAL',
      startsAt: '2026-01-01T00:00:00.000Z',
      products: ids,
    });
    const slicePath = `${COLLECTIONS}/${collection.id}/slices/${slice.id}`;

    /** What the slice editor does now: the slice, then its products 500 at a time. */
    const openNow = async () => {
      const read = await call('GET', slicePath);
      const wanted = read.products.map((/** @type {{ productId: string }} */ p) => p.productId);
      const cards = new Map();
      for (let i = 0; i < wanted.length; i += PRODUCTS) {
        const answer = await call('POST', `${CATALOG}/lookup`, { ids: wanted.slice(i, i + PRODUCTS) });
        for (const p of answer.products) cards.set(p.id, p);
      }
      if (cards.size !== wanted.length) throw new Error(`${cards.size} of ${wanted.length} cards read`);
    };
    /** What it did before: the slice, then one GET per product, six in flight. */
    const openBefore = async () => {
      const read = await call('GET', slicePath);
      const wanted = read.products.map((/** @type {{ productId: string }} */ p) => p.productId);
      let next = 0;
      const worker = async () => {
        while (next < wanted.length) await call('GET', `${CATALOG}/${encodeURIComponent(wanted[next++])}`);
      };
      await Promise.all(Array.from({ length: OLD_PARALLEL }, worker));
    };

    const rows = [];
    for (const [name, open] of /** @type {const} */ ([
      ['one batch read (now)', openNow],
      ['one GET per product, 6 at a time (before)', openBefore],
    ])) {
      await open();
      const times = [];
      let sent = 0;
      for (let r = 0; r < REPEATS; r++) {
        const before = requests;
        const started = performance.now();
        await open();
        times.push(performance.now() - started);
        sent = requests - before;
      }
      const sorted = [...times].sort((a, b) => a - b);
      const medianMs = sorted[Math.floor(sorted.length / 2)] ?? NaN;
      const maxMs = sorted.at(-1) ?? NaN;
      rows.push({ name, requests: sent, medianMs, maxMs, met: sent <= GOAL_REQUESTS && maxMs < GOAL_MS });
    }
    console.log(
      `\nOpening a slice of ${PRODUCTS} products as the builder does (${REPEATS} times each, over HTTP, embedded default, no rate limit):`,
    );
    for (const r of rows) {
      console.log(
        `  ${r.name}: ${r.requests} requests, median ${r.medianMs.toFixed(1)} ms, slowest ${r.maxMs.toFixed(1)} ms until every card is read` +
          ` → ${r.met ? 'meets' : 'misses'} the goal (≤ ${GOAL_REQUESTS} requests, < ${GOAL_MS} ms)`,
      );
    }
    const inBrowser = await openInBrowser(vitrine, `#/collections/${collection.id}/slices/${slice.id}`);
    if (inBrowser !== undefined) rows.push(inBrowser);
    return rows;
  } finally {
    await vitrine.stop();
  }
}

/**
 * The builder in Chromium opening the slice at `hash`, BROWSER_REPEATS times, each in a new page
 * of a new browser context (nothing cached): the time from asking for the address until every
 * card shows its product's name, and the requests the page sent to the API meanwhile.
 *
 * @param {{ url: string, token: string }} vitrine
 * @param {string} hash
 */
async function openInBrowser(vitrine, hash) {
  if (!existsSync(CHROMIUM)) {
    console.log(`  the builder in Chromium: not measured (no Chromium at ${CHROMIUM})`);
    return undefined;
  }
  const browser = await launchChromium();
  try {
    const times = [];
    let sent = 0;
    for (let r = 0; r <= BROWSER_REPEATS; r++) {
      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
      // Signed in as the builder keeps it: the token in this tab's session storage.
      await context.addInitScript((token) => sessionStorage.setItem('vitrine.token', token), vitrine.token);
      const page = await context.newPage();
      /** @type {string[]} */
      const calls = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/'))
          calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
      });
      const started = performance.now();
      await page.goto(`${vitrine.url}/builder/${hash}`);
      await page.waitForFunction(
        (size) => {
          const cards = document.querySelectorAll('.product-grid > li');
          return cards.length === size && [...cards].every((card) => !card.textContent?.includes('Loading'));
        },
        PRODUCTS,
        { timeout: 30_000, polling: 'raf' },
      );
      const elapsed = performance.now() - started;
      // The first opening warms the server and the browser's code cache; it is not counted.
      if (r > 0) times.push(elapsed);
      // Requests of the opening only: the sign-in's own (tokens/self) is the builder asking who the token is.
      sent = calls.filter((c) => !c.endsWith('/tokens/self')).length;
      await context.close();
    }
    const sorted = [...times].sort((a, b) => a - b);
    const medianMs = sorted[Math.floor(sorted.length / 2)] ?? NaN;
    const maxMs = sorted.at(-1) ?? NaN;
    const met = sent <= GOAL_REQUESTS && maxMs < GOAL_MS;
    const name = 'the builder in Chromium, address to every card drawn';
    console.log(
      `  ${name}: ${sent} requests to the API (besides signing in), median ${medianMs.toFixed(0)} ms, slowest ${maxMs.toFixed(0)} ms` +
        ` over ${BROWSER_REPEATS} cold openings → ${met ? 'meets' : 'misses'} the goal (≤ ${GOAL_REQUESTS} requests, < ${GOAL_MS} ms)`,
    );
    return { name, requests: sent, medianMs, maxMs, met };
  } finally {
    await browser.close();
  }
}
