// @ts-check
/**
 * `npm run eval:similar` (first table): similar-products answers on a real shop's sessions, the
 * session-rec protocol (bench/session-data.mjs), answered by the service's own objects and
 * measured beside the research baselines (bench/session-references.mjs) in the same run.
 *
 * The service is the container `main` builds (in-memory stores, a fake clock at each event's
 * instant): the catalog is written through UpsertProducts (each item with its category), the
 * training events recorded through RecordEvents in time order, and each test event recorded the
 * same way after the question it follows; the question is FindSimilarProducts, asked as the HTTP
 * route asks it (the product just clicked, the session's `sessionId`, the `userId` where the data
 * has one, limit 20), at the instant of that click. The baselines learn the same stream.
 *
 * Every answer is held to the service's rule (never the product asked), so a next click on the
 * same product cannot be hit by any of them: those questions are left out (and counted) unless
 * `--repeats=miss` counts them as misses.
 *
 * Options: --data=PATH (default ../shared/data/retailrocket-week/events.tsv), --test-days=1,
 * --repeats=skip|miss, --variants=defaults|all (all: the sweeps of the policy's numbers, slower),
 * --lists=shared (a row for SIMILAR_LISTS=shared: answers from the lists the builder publishes),
 * --policy='{"stepDecay":0.8}' (a variant of the defaults, added to the table).
 */
import { existsSync } from 'node:fs';
import { FakeClock } from '../dist/adapters/clock/fake-clock.js';
import { RecordEvents } from '../dist/application/events/record-events.js';
import { UpsertProducts } from '../dist/application/product/batch-products.js';
import { FindSimilarProducts } from '../dist/application/product/find-similar-products.js';
import { parseConfig } from '../dist/composition/config.js';
import { EngineTuningToken } from '../dist/composition/adapters/similarity.js';
import { BuilderFeed } from '../dist/application/product/builder-feed.js';
import { PublishLists } from '../dist/application/product/publish-lists.js';
import { SharedListsToken } from '../dist/domain/product/shared-lists.js';
import { createContainer, override } from '../dist/composition/container.js';
import { resolve } from '../dist/composition/resolve.js';
import { DEFAULT_SIMILARITY_POLICY, SimilarityPolicyToken } from '../dist/domain/product/similarity-policy.js';
import { ClockToken } from '../dist/domain/shared/clock.js';
import { SchedulerToken } from '../dist/domain/shared/scheduler.js';
import { commandLineOptions } from './options.mjs';
import { readSessions, splitSessions, testStream } from './session-data.mjs';
import { References, REFERENCE_NAMES } from './session-references.mjs';

const options = commandLineOptions();
const DATA = options.data ?? new URL('../../shared/data/retailrocket-week/events.tsv', import.meta.url).pathname;
const TEST_DAYS = Number(options['test-days'] ?? 1);
const REPEATS = options.repeats ?? 'skip';
const LIMIT = 20;
const BATCH = 1000;
/** The goals on the development set: each at least this times the best reference. */
const GOAL_OVER_BEST = 1.05;

/** HR@K and MRR@K of a list of ranks (0: not in the answer). */
function figures(ranks, k) {
  let hits = 0;
  let reciprocal = 0;
  for (const rank of ranks) {
    if (rank > 0 && rank <= k) {
      hits++;
      reciprocal += 1 / rank;
    }
  }
  return { hr: hits / ranks.length, mrr: reciprocal / ranks.length };
}

const rankIn = (answer, target) => answer.indexOf(target) + 1;

/** Whether a question counts: its next click is another product (or repeats count as misses). */
const asked = (event, next) => next !== undefined && (REPEATS === 'miss' || next !== event.item);

/** The baselines over the whole stream: their ranks per question. */
function referenceRanks(split) {
  const references = new References();
  for (const e of split.train) references.learn(e);
  const ranks = Object.fromEntries(REFERENCE_NAMES.map((name) => [name, []]));
  let repeats = 0;
  /** What the questions are like: the next product in the same category, seen before in the session (the one just before), ever seen with the product. */
  const traits = { questions: 0, sameCategory: 0, goesBack: 0, justBefore: 0, coOccurred: 0 };
  const seen = new Map();
  for (const { event, next } of testStream(split.test)) {
    references.learn(event);
    let session = seen.get(event.session);
    if (session === undefined) seen.set(event.session, (session = []));
    session.push(event.item);
    if (next === event.item) repeats++;
    if (!asked(event, next)) continue;
    const answers = references.answers(event.session, event.item, LIMIT);
    for (const name of REFERENCE_NAMES) ranks[name].push(rankIn(answers[name], next));
    traits.questions++;
    const category = split.categories.get(event.item);
    if (category !== undefined && category === split.categories.get(next)) traits.sameCategory++;
    if (next !== event.item && session.includes(next)) {
      traits.goesBack++;
      if (session.filter((item) => item !== event.item).at(-1) === next) traits.justBefore++;
    }
    if ((references.ar.get(event.item)?.get(next) ?? 0) > 0) traits.coOccurred++;
  }
  return { ranks, repeats, traits };
}

/**
 * The service, built as `main` builds it, with a policy of its own when given. With `shared`, as
 * SIMILAR_LISTS=shared builds it: this instance holds the lease, and before each question its
 * builder publishes what changed (as it would between requests), so the answer is the one any
 * instance would give from the shared lists.
 */
async function service(policy, shared = false) {
  const clock = new FakeClock(0);
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    EVENT_RETENTION_DAYS: '3650',
    ...(shared ? { SIMILAR_LISTS: 'shared' } : {}),
  });
  const container = createContainer(config, [
    override(ClockToken, clock),
    override(SchedulerToken, clock),
    override(EngineTuningToken, { background: false }),
    ...(policy === undefined ? [] : [override(SimilarityPolicyToken, policy)]),
  ]);
  let publish = async () => {};
  if (shared) {
    resolve(container, BuilderFeed).lead();
    const lease = await resolve(container, SharedListsToken).claim('eval', Number.MAX_SAFE_INTEGER);
    const publisher = resolve(container, PublishLists);
    publish = async () => void (await publisher.pass(lease));
  }
  return {
    clock,
    publish,
    upsert: resolve(container, UpsertProducts),
    record: resolve(container, RecordEvents),
    find: resolve(container, FindSimilarProducts),
  };
}

const sessionIdOf = (session) => `s-${session}`;
const userIdOf = (user) => (user === undefined ? undefined : `v-${user}`);

async function record(app, events) {
  app.clock.set(events[events.length - 1].at);
  const items = events.map((e, index) => ({
    index,
    input: { type: e.type, productId: e.item, sessionId: sessionIdOf(e.session), userId: userIdOf(e.user), at: new Date(e.at) },
  }));
  const outcome = await app.record.execute(items);
  if (outcome.invalid > 0)
    throw new Error(`events refused: ${JSON.stringify(outcome.results.find((r) => r.status === 'invalid'))}`);
}

/**
 * The service's ranks per question, asked as `ask` says: `realistic` (the session's own
 * `sessionId`, and its `userId` when the data has one), `session` (no userId), `anonymous` (a
 * fresh `sessionId` each time, no userId: the answer for the product alone).
 */
async function serviceRanks(split, ask, policy, shared = false) {
  const app = await service(policy, shared);
  app.clock.set(split.train[0]?.at ?? 0);
  const products = split.items.map((id) => {
    const category = split.categories.get(id);
    return { id, name: `Item ${id}`, available: true, tags: [], attributes: {}, ...(category === undefined ? {} : { category }) };
  });
  for (let i = 0; i < products.length; i += BATCH) {
    const outcome = await app.upsert.execute(products.slice(i, i + BATCH).map((input, index) => ({ index, input })));
    if (outcome.invalid > 0) throw new Error('products refused');
  }
  for (let i = 0; i < split.train.length; i += BATCH) await record(app, split.train.slice(i, i + BATCH));
  const ranks = [];
  let fresh = 0;
  for (const { event, next } of testStream(split.test)) {
    await record(app, [event]);
    if (!asked(event, next)) continue;
    await app.publish();
    const answer = await app.find.execute({
      productId: event.item,
      limit: LIMIT,
      sessionId: ask === 'anonymous' ? `fresh-${fresh++}` : sessionIdOf(event.session),
      userId: ask === 'realistic' ? userIdOf(event.user) : undefined,
    });
    ranks.push(rankIn(answer.products, next));
  }
  return ranks;
}

/** The variants of the policy the sweeps try, one number changed at a time from the defaults. */
function sweeps() {
  const d = DEFAULT_SIMILARITY_POLICY;
  return [
    ['minEvidence', [3, 10]],
    ['stepDecay', [0.5, 0.9, 1]],
    ['sessionRecency', [0.8, 1]],
    ['sessionProducts', [5, 20]],
    ['neighbourSessions', [25, 100]],
    ['sessionsPerProduct', [50, 200]],
    ['reminderLift', [0, 0.5, 2]],
    ['popularLift', [0, 0.02, 0.2]],
    ['popularityHalfLifeMs', [86_400_000, 30 * 86_400_000]],
    ['eventWeights', [{ view: 1, add_to_cart: 3, purchase: 5 }]],
    ['shopperPool', [20, 50]],
  ].flatMap(([key, values]) =>
    /** @type {unknown[]} */ (values).map((value) => ({
      name: `${key} ${JSON.stringify(value)}`,
      policy: { ...d, [String(key)]: value },
    })),
  );
}

function row(name, ranks) {
  const at10 = figures(ranks, 10);
  const at20 = figures(ranks, 20);
  return { name, questions: ranks.length, ...{ hr10: at10.hr, mrr10: at10.mrr, hr20: at20.hr, mrr20: at20.mrr } };
}

function printTable(rows) {
  console.log('| answers | questions | HR@10 | MRR@10 | HR@20 | MRR@20 |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.questions} | ${r.hr10.toFixed(3)} | ${r.mrr10.toFixed(3)} | ${r.hr20.toFixed(3)} | ${r.mrr20.toFixed(3)} |`,
    );
  }
}

async function main() {
  if (!existsSync(DATA)) {
    console.log(
      `No session file at ${DATA} (see ../shared/data/README.md, or give --data=PATH): the real-data table is skipped.`,
    );
    return;
  }
  const started = performance.now();
  const split = splitSessions(readSessions(DATA), TEST_DAYS);
  const s = split.stats;
  console.log(`Real shop's sessions: ${DATA}`);
  console.log(
    `${s.events} events, ${s.sessions} sessions, ${split.items.length} products; test: sessions ending after ${new Date(s.splitAt).toISOString()} ` +
      `(${s.testSessions} sessions, ${s.testEvents} events; ${s.droppedEvents} events of products unseen in training and ${s.droppedSessions} sessions left with one event dropped)`,
  );
  const references = referenceRanks(split);
  console.log(
    `next click on the product itself: ${references.repeats} questions, ${REPEATS === 'miss' ? 'counted as misses' : 'left out (no answer may hold the product asked)'}`,
  );
  const t = references.traits;
  const share = (n) => `${((100 * n) / t.questions).toFixed(1)}%`;
  console.log(
    `of the ${t.questions} questions, the next product is in the same category: ${share(t.sameCategory)}; one the session saw before: ${share(t.goesBack)} ` +
      `(the one just before: ${share(t.justBefore)}); ever seen in a session with the product asked: ${share(t.coOccurred)}\n`,
  );
  const rows = [
    row('Vitrine, defaults, the session’s sessionId and userId (the realistic call)', await serviceRanks(split, 'realistic')),
    row('Vitrine, defaults, the session’s sessionId, no userId', await serviceRanks(split, 'session')),
    row('Vitrine, defaults, a fresh sessionId each call (the product alone)', await serviceRanks(split, 'anonymous')),
  ];
  if (options.lists === 'shared' || options.lists === 'both')
    rows.push(
      row(
        'Vitrine, SIMILAR_LISTS=shared (any instance, from the shared lists), the realistic call',
        await serviceRanks(split, 'realistic', undefined, true),
      ),
    );
  const variants = options.variants === 'all' ? sweeps() : [];
  if (options.policy !== undefined)
    variants.push({ name: `policy ${options.policy}`, policy: { ...DEFAULT_SIMILARITY_POLICY, ...JSON.parse(options.policy) } });
  for (const variant of variants)
    rows.push(row(`Vitrine, ${variant.name}`, await serviceRanks(split, 'realistic', variant.policy)));
  const referenceRows = REFERENCE_NAMES.map((name) => row(`${name}, never the product itself`, references.ranks[name]));
  printTable([...rows, ...referenceRows]);

  const realistic = rows[0];
  const anonymous = rows[2];
  const bestHr = Math.max(...referenceRows.map((r) => r.hr20));
  const bestMrr = Math.max(...referenceRows.map((r) => r.mrr20));
  const verdict = (met) => (met ? 'met' : 'MISSED');
  console.log('\n| goal (development set, shipped defaults, the realistic call) | figure | verdict |');
  console.log('|---|---:|---|');
  const hrRatio = realistic.hr20 / bestHr;
  const mrrRatio = realistic.mrr20 / bestMrr;
  console.log(
    `| HR@20 ≥ ${GOAL_OVER_BEST}× the best reference (${bestHr.toFixed(3)}) | ${hrRatio.toFixed(2)}× | ${verdict(hrRatio >= GOAL_OVER_BEST)} |`,
  );
  console.log(
    `| MRR@20 ≥ ${GOAL_OVER_BEST}× the best reference (${bestMrr.toFixed(3)}) | ${mrrRatio.toFixed(2)}× | ${verdict(mrrRatio >= GOAL_OVER_BEST)} |`,
  );
  const better = realistic.hr20 > anonymous.hr20 && realistic.mrr20 > anonymous.mrr20;
  console.log(
    `| the session-aware answer better than the anonymous one (HR@20, MRR@20) | ${(realistic.hr20 / anonymous.hr20).toFixed(2)}×, ${(realistic.mrr20 / anonymous.mrr20).toFixed(2)}× | ${verdict(better)} |`,
  );
  console.log(`\n[${((performance.now() - started) / 1000).toFixed(1)} s]`);
}

await main();
