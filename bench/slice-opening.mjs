// @ts-check
/**
 * The slice-opening case of `npm run bench`: a slice of 500 products (the most a slice holds),
 * opened as the builder's slice editor opens it, over HTTP: the slice, then its products in one
 * batch read (POST catalog/lookup, what src/adapters/web/src/shared/products.ts sends). It reports
 * the number of requests and the time until every card's product is read, beside the way the
 * builder read them before (one GET per product, six at a time). Goal: at most 3 requests, under 1 s.
 */

const PRODUCTS = 500;
const GOAL_REQUESTS = 3;
const GOAL_MS = 1_000;
const REPEATS = 15;
/** As many product reads as the builder kept in flight before the batch read. */
const OLD_PARALLEL = 6;
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
    return rows;
  } finally {
    await vitrine.stop();
  }
}
