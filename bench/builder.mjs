// @ts-check
/**
 * The builder case of `npm run bench`: a collection holding 1,000 slices (the default most a
 * collection may hold), and how long the merchandiser's calls take on it, one at a time, over
 * HTTP: the slice list (a page of 100, and of 200), the timeline of 400 days (the longest one),
 * and creating the last slice. Goal: each under 50 ms.
 */

const SLICES = 1_000;
const GOAL_MS = 50;
const REPEATS = 15;
const BASE = '/api/v1/merchandising-collections/protected';

/**
 * @param {(env: Record<string, string>) => Promise<{ url: string, token: string, stop(): Promise<void> }>} start a Vitrine, as the
 * benchmark starts it, with a token whose rate limit the calls do not reach
 */
export async function measureBuilder(start) {
  const vitrine = await start({});
  const headers = { 'X-Service-APP-Token': vitrine.token, 'Content-Type': 'application/json' };
  const call = async (/** @type {string} */ method, /** @type {string} */ path, /** @type {unknown} */ body) => {
    const started = performance.now();
    const response = await fetch(`${vitrine.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return { ms, json: text === '' ? undefined : JSON.parse(text) };
  };
  try {
    const id = (await call('POST', BASE, { name: 'Bench: a year of slices' })).json.id;
    const day = 86_400_000;
    const t0 = Date.parse('2027-01-01T00:00:00.000Z');
    // Three slices start each day for a year, each running two days: many overlaps, many cuts.
    const slice = (/** @type {number} */ i) => ({
      name: `Slice ${i}`,
      type: 'MANUAL',
      startsAt: new Date(t0 + Math.floor(i / 3) * day + (i % 3) * 3_600_000).toISOString(),
      endsAt: new Date(t0 + Math.floor(i / 3) * day + 2 * day).toISOString(),
      products: [],
    });
    for (let i = 0; i < SLICES - 1; i++) await call('POST', `${BASE}/${id}/slices`, slice(i));
    const from = new Date(t0).toISOString();
    const to = new Date(t0 + 400 * day).toISOString();
    const cases = [
      { name: 'slice list, a page of 100', run: () => call('GET', `${BASE}/${id}/slices`) },
      { name: 'slice list, a page of 200', run: () => call('GET', `${BASE}/${id}/slices?limit=200`) },
      { name: 'timeline of 400 days', run: () => call('GET', `${BASE}/${id}/timeline?from=${from}&to=${to}`) },
    ];
    const rows = [];
    for (const { name, run } of cases) {
      await run();
      const times = [];
      for (let r = 0; r < REPEATS; r++) times.push((await run()).ms);
      rows.push(row(name, times));
    }
    // Creating the 1,000th slice, then deleting it again, REPEATS times.
    const creates = [];
    for (let r = 0; r < REPEATS; r++) {
      const created = await call('POST', `${BASE}/${id}/slices`, slice(SLICES - 1));
      creates.push(created.ms);
      await call('DELETE', `${BASE}/${id}/slices/${created.json.id}`);
    }
    rows.push(row(`creating the ${SLICES}th slice`, creates));
    console.log(`\nThe builder with ${SLICES} slices in one collection (${REPEATS} calls each, one at a time, over HTTP):`);
    for (const r of rows) {
      console.log(
        `  ${r.name}: median ${r.medianMs.toFixed(1)} ms, slowest ${r.maxMs.toFixed(1)} ms → ${r.met ? 'under' : 'over'} ${GOAL_MS} ms`,
      );
    }
    return rows;
  } finally {
    await vitrine.stop();
  }
}

/** @param {string} name @param {number[]} times */
function row(name, times) {
  const sorted = [...times].sort((a, b) => a - b);
  const medianMs = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  const maxMs = sorted.at(-1) ?? NaN;
  return { name, medianMs, maxMs, met: maxMs < GOAL_MS };
}
