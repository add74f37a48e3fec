// @ts-check
/**
 * `npm run bench:performance`: what a slice did, over 1,000,000 events. The built service runs in
 * this process on the embedded default (its event store holds MAX_EMBEDDED_EVENTS, 1,000,000 by
 * default), with 1,000,000 events stored: 700,000 in the window of a slice of 500 products and
 * 300,000 in that of the slice live before it (of 2,000 products, so a part is of neither). The
 * figures are asked over HTTP, each time for another window (`to` moved by a second, so no kept
 * answer serves it), then once more as asked before (the kept answer), then 8 windows at once.
 * Meanwhile a timer every 10 ms measures how long the event loop was held (its lateness), and
 * `/health/live` is asked every 20 ms. Goal: an answer under 1 s, no hold over 50 ms.
 */
import { resolve } from '../dist/composition/index.js';
import { EventStoreToken } from '../dist/domain/events/event-store.js';
import { startEmbeddedService, storeEvents, watchEventLoop } from './embedded-service.mjs';

const EVENTS = 1_000_000;
const IN_SLICE = 700_000;
const PRODUCTS = 500;
const CATALOG = 2_000;
const ROUNDS = 5;
const AT_ONCE = 8;
const GOAL_MS = 1_000;
const GOAL_HOLD_MS = 50;
const COLLECTIONS = '/api/v1/merchandising-collections/protected';
const DAY = 86_400_000;

const { container, url, call, close } = await startEmbeddedService();

try {
  const now = Date.now();
  const start = now - 7 * DAY;
  const ids = (/** @type {number} */ from) => Array.from({ length: PRODUCTS }, (_, i) => `P-${from + i}`);
  const collection = await call('POST', COLLECTIONS, { name: 'Bench: slice performance' });
  const slice = (
    /** @type {string} */ name,
    /** @type {number} */ from,
    /** @type {number} */ until,
    /** @type {string[]} */ products,
  ) =>
    call('POST', `${COLLECTIONS}/${collection.id}/slices`, {
      name,
      type: 'MANUAL',
      startsAt: new Date(from).toISOString(),
      endsAt: new Date(until).toISOString(),
      products,
    });
  await slice('Antes', start - 7 * DAY, start, ids(PRODUCTS));
  const week = await slice('Semana', start, now + 7 * DAY, ids(0));

  const loading = performance.now();
  const store = resolve(container, EventStoreToken);
  // The first 300,000 in the week before the slice, the rest in the slice's window so far, in time order.
  await storeEvents(store, EVENTS, CATALOG, (i) =>
    i < EVENTS - IN_SLICE
      ? start - 7 * DAY + (i * 7 * DAY) / (EVENTS - IN_SLICE)
      : start + ((i - (EVENTS - IN_SLICE)) * 7 * DAY) / IN_SLICE,
  );
  console.log(
    `${(await store.count()).toLocaleString('en')} events stored in ${((performance.now() - loading) / 1000).toFixed(1)} s`,
  );

  const loop = watchEventLoop(url);

  const path = `${COLLECTIONS}/${collection.id}/slices/${week.id}/performance`;
  const times = [];
  let answer;
  for (let round = 0; round < ROUNDS; round++) {
    const to = new Date(now - round * 1000).toISOString();
    const sent = performance.now();
    answer = await call('GET', `${path}?to=${encodeURIComponent(to)}`);
    times.push(performance.now() - sent);
  }
  const sent = performance.now();
  await call('GET', `${path}?to=${encodeURIComponent(new Date(now).toISOString())}`);
  const kept = performance.now() - sent;
  // Then AT_ONCE windows asked at the same moment (the service counts two at a time, the rest in turn).
  const together = performance.now();
  await Promise.all(
    Array.from({ length: AT_ONCE }, (_, i) =>
      call('GET', `${path}?to=${encodeURIComponent(new Date(now - (ROUNDS + i) * 1000).toISOString())}`),
    ),
  );
  const allAnswered = performance.now() - together;
  const { longestHold, slowestLive } = await loop.stop();

  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const slowest = sorted.at(-1);
  console.log(
    `events read per answer: ${answer.eventsRead.toLocaleString('en')} (slice) + ${answer.before.eventsRead.toLocaleString('en')} (the slice before); ` +
      `totals ${JSON.stringify(answer.totals)}`,
  );
  console.log(
    `answer over ${EVENTS.toLocaleString('en')} events: median ${median.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms (${ROUNDS} windows); kept answer ${kept.toFixed(1)} ms`,
  );
  console.log(`${AT_ONCE} windows asked at once: all answered in ${allAnswered.toFixed(0)} ms`);
  console.log(
    `longest event-loop hold meanwhile: ${longestHold.toFixed(1)} ms; slowest /health/live: ${slowestLive.toFixed(1)} ms`,
  );
  const met = slowest < GOAL_MS && longestHold < GOAL_HOLD_MS;
  console.log(
    met
      ? `goal met (answer < ${GOAL_MS} ms, hold < ${GOAL_HOLD_MS} ms)`
      : `GOAL MISSED (answer < ${GOAL_MS} ms, hold < ${GOAL_HOLD_MS} ms)`,
  );
  process.exitCode = met ? 0 : 1;
} finally {
  await close();
}
