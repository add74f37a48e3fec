// @ts-check
/**
 * The events case of `npm run bench`: shopper events sent through POST /api/v1/events/protected/batch
 * as a shop's tracker would, batches of 1,000 with a few in flight, on the embedded default.
 * Goal (issue 13): at least 20,000 events a second on this machine.
 */

const EVENTS = 200_000;
const BATCH = 1_000;
const IN_FLIGHT = 4;
const ROUNDS = 3;
const GOAL_PER_SECOND = 20_000;
const TYPES = ['view', 'view', 'view', 'view', 'add_to_cart', 'purchase'];

/** A session's worth of events: ids and sessions vary, as a real stream's do. @param {number} round @param {number} b */
function batchOf(round, b) {
  const events = [];
  for (let i = 0; i < BATCH; i++) {
    const n = b * BATCH + i;
    events.push({
      eventId: `r${round}-e${n}`,
      type: TYPES[n % TYPES.length],
      productId: `P-${(n * 7919) % 5_000}`,
      sessionId: `s-${round}-${Math.floor(n / 12)}`,
      ...(n % 3 === 0 ? { userId: `u-${n % 997}` } : {}),
    });
  }
  return JSON.stringify({ events });
}

/**
 * @param {(env: Record<string, string>) => Promise<{ url: string, stop(): Promise<void> }>} start a Vitrine, as the benchmark starts it
 * @param {string} admin the admin token it was started with
 */
export async function measureEventIngestion(start, admin) {
  const vitrine = await start({});
  const headers = { 'X-Service-APP-Token': admin, 'Content-Type': 'application/json' };
  try {
    const rates = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bodies = Array.from({ length: EVENTS / BATCH }, (_, b) => batchOf(round, b));
      let next = 0;
      let accepted = 0;
      const started = performance.now();
      const sender = async () => {
        while (next < bodies.length) {
          const body = bodies[next++];
          const response = await fetch(`${vitrine.url}/api/v1/events/protected/batch`, { method: 'POST', headers, body });
          const answer = await response.json();
          if (!response.ok) throw new Error(`events batch: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
          accepted += answer.accepted;
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
      const seconds = (performance.now() - started) / 1000;
      if (accepted !== EVENTS) throw new Error(`events batch: ${accepted} of ${EVENTS} accepted`);
      rates.push(EVENTS / seconds);
    }
    const sorted = [...rates].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
    console.log(
      `\nShopper events through the batch route (${EVENTS.toLocaleString('en')} events a round in batches of ${BATCH}, ${IN_FLIGHT} in flight, ${ROUNDS} rounds): ` +
        `median ${Math.round(median).toLocaleString('en')} events/s, slowest round ${Math.round(sorted[0] ?? NaN).toLocaleString('en')} events/s → ` +
        `${(sorted[0] ?? 0) >= GOAL_PER_SECOND ? 'at least' : 'under'} ${GOAL_PER_SECOND.toLocaleString('en')}`,
    );
    return { eventsPerSecond: rates, medianPerSecond: median, met: (sorted[0] ?? 0) >= GOAL_PER_SECOND };
  } finally {
    await vitrine.stop();
  }
}
